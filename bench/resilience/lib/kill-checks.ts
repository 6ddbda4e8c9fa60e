/** The invariants of kill-writes.ts, checked by SQL on either database after each kill. */
import type { KillFixture } from './kill-setup';

export type Query = <T>(sql: string, params?: unknown[]) => Promise<T[]>;

export interface RunRecord {
  run: string;
  gen: number;
  requestId: string;
  rosterRows: number;
  /** Writes answered 2xx before the kill. */
  acked: { save: boolean; roster: boolean; approve: boolean };
}

export interface Outcome {
  /** Did each write of the run land (commit), as found after the restart? */
  save: boolean;
  roster: boolean;
  approve: boolean;
}

/** Checks every invariant; returns the problems (none: every record whole or absent) and what landed. */
export async function checkInvariants(
  q: Query,
  f: KillFixture,
  runs: RunRecord[],
): Promise<{ problems: string[]; outcomes: Map<string, Outcome> }> {
  const problems: string[] = [];
  const outcomes = new Map<string, Outcome>();

  // The licence: its row and every configuration set come from one save (the same generation).
  const [lic] = await q<{ description: string }>('select description from licenses where id = $1', [
    f.configLicenseId,
  ]);
  const stored = Number(/^gen (\d+)$/.exec(lic?.description ?? '')?.[1] ?? Number.NaN);
  const sets: [string, number][] = [
    ['license_categories', 2],
    ['license_category_levels', 2],
    ['license_request_statuses', 3],
    ['license_category_certification_statuses', 2],
  ];
  for (const [table, count] of sets) {
    const rows = await q<{ label: string }>(`select label from ${table} where license_id = $1`, [
      f.configLicenseId,
    ]);
    const gens = new Set(rows.map((r) => Number(/^g(\d+) /.exec(r.label)?.[1] ?? Number.NaN)));
    if (rows.length !== count || gens.size !== 1 || !gens.has(stored))
      problems.push(
        `licence configuration: ${table} has ${rows.length} rows of generations ${[...gens].join('/')}, the licence row says ${stored} (want ${count} of ${stored})`,
      );
  }

  // Credentials are numbered from one counter: every number taken belongs to a stored credential.
  const [auto] = await q<{ next_number: number }>('select next_number from autonumbers where id = $1', [
    f.autonumberId,
  ]);
  const [certs] = await q<{ n: number; distinct_numbers: number }>(
    'select count(*)::int as n, count(distinct number)::int as distinct_numbers from certifications where license_id = $1',
    [f.approvalLicenseId],
  );
  if (!auto || !certs || Number(auto.next_number) - 1 !== certs.n || certs.n !== certs.distinct_numbers)
    problems.push(
      `credential numbers: counter at ${auto?.next_number}, ${certs?.n} credentials (${certs?.distinct_numbers} distinct numbers)`,
    );

  for (const r of runs) {
    // Roster import: all rows or none (people, their roster entries and the change log of both).
    const [people] = await q<{ n: number }>(`select count(*)::int as n from users where last_name = $1`, [
      `Roster${r.run}`,
    ]);
    const [entries] = await q<{ n: number }>(
      `select count(*)::int as n from service_personnel sp join users u on u.id = sp.user_id
        where u.last_name = $1 and sp.service_id = $2`,
      [`Roster${r.run}`, f.serviceId],
    );
    const [logged] = await q<{ n: number }>(
      `select count(*)::int as n from data_change_log l join users u on u.id::text = l.object_id::text
        where u.last_name = $1 and l.entity = 'users' and l.action = 'create'`,
      [`Roster${r.run}`],
    );
    const n = people?.n ?? -1;
    if (!((n === 0 || n === r.rosterRows) && entries?.n === n && logged?.n === n))
      problems.push(
        `run ${r.run} roster import: ${n} people, ${entries?.n} roster entries, ${logged?.n} change-log rows (want 0 or ${r.rosterRows} of each)`,
      );

    // Approval: approved, with its two credentials, its "issued" history row and its two events; or none of these.
    const [req] = await q<{ code: string | null }>(
      `select s.code from license_requests r left join license_request_statuses s on s.id = r.status_id where r.id = $1`,
      [r.requestId],
    );
    const [issued] = await q<{ certs: number; history: number; events: number }>(
      `select (select count(*)::int from certifications where license_request_id = $1) as certs,
              (select count(*)::int from license_request_history where license_request_id = $1 and kind = 'issued') as history,
              (select count(*)::int from domain_events where name = 'certification.issued' and payload->>'licenseRequestId' = $1::text) as events`,
      [r.requestId],
    );
    const approved = req?.code === 'approved';
    const whole = approved
      ? issued?.certs === 2 && issued.history === 1 && issued.events === 2
      : issued?.certs === 0 && issued.history === 0 && issued.events === 0;
    if (!req || !whole)
      problems.push(
        `run ${r.run} approval: status ${req?.code ?? 'missing'}, ${issued?.certs} credentials, ${issued?.history} issued history rows, ${issued?.events} events`,
      );

    const outcome = { save: stored >= r.gen, roster: n === r.rosterRows, approve: approved };
    outcomes.set(r.run, outcome);
    if (r.acked.save && !outcome.save)
      problems.push(`run ${r.run}: the licence save was acknowledged but is not stored`);
    if (r.acked.roster && !outcome.roster)
      problems.push(`run ${r.run}: the roster import was acknowledged but is not stored`);
    if (r.acked.approve && !outcome.approve)
      problems.push(`run ${r.run}: the approval was acknowledged but is not stored`);
  }
  return { problems, outcomes };
}
