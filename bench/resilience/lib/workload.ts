/**
 * The mixed workload of the resilience scripts: staff and portal users reading lists and searches and
 * writing records through the API, as the web app does. Every acknowledged (2xx) write is recorded, so
 * that a script can check afterwards that each one is in the database.
 */
import type pg from 'pg';
import { type Answer, call, type Session, signIn } from './http';

export interface Sessions {
  admin: Session;
  reviewer: Session;
  applicant: Session;
}

export interface Fixture {
  licenseId: string;
  /** "<initial application type>%<level>" keys the portal may choose. */
  selections: string[];
}

/** What was acknowledged: created ids, and for updated records the highest version acknowledged. */
export interface Acknowledged {
  services: Set<string>;
  serviceVersions: Map<string, number>;
  requests: Set<string>;
  /** request id -> the selection key acknowledged for it. */
  choices: Map<string, string>;
}

export const newAcknowledged = (): Acknowledged => ({
  services: new Set(),
  serviceVersions: new Map(),
  requests: new Set(),
  choices: new Map(),
});

export async function signInAll(base: string): Promise<Sessions> {
  return {
    admin: await signIn(base, 'admin'),
    reviewer: await signIn(base, 'reviewer'),
    applicant: await signIn(base, 'applicant'),
  };
}

/** The demo licence and what the portal can choose of it (the seed's "EMS Personnel Certification"). */
export async function loadFixture(base: string, s: Sessions): Promise<Fixture> {
  const res = await call(base, s.applicant, 'GET', '/api/licenses/available');
  if (res.status !== 200) throw new Error(`licenses/available: ${res.status}`);
  const list = res.body as {
    id: string;
    name: string;
    application_types: { id: string; label: string; license_category_levels: string[] }[];
  }[];
  const license = list.find((l) => l.name === 'EMS Personnel Certification');
  const initial = license?.application_types.find((t) => t.label === 'Initial');
  if (!license || !initial) throw new Error('the demo licence is missing: is the database seeded?');
  return {
    licenseId: license.id,
    selections: initial.license_category_levels.map((l) => `${initial.id}%${l}`),
  };
}

export type OpName =
  | 'staff: list licences'
  | 'staff: search people'
  | 'staff: list services'
  | 'staff: create service'
  | 'staff: update service'
  | 'reviewer: list requests'
  | 'portal: my requests'
  | 'portal: available licences'
  | 'portal: start request'
  | 'portal: choose levels';

export interface OpResult {
  op: OpName;
  write: boolean;
  answer: Answer;
}

/**
 * One user's loop step: picks an operation (reads 60%, writes 40%) and runs it. Service updates take a
 * record no other worker is updating, so "the highest acknowledged version" is well defined.
 */
export class Workload {
  private n = 0;
  private readonly idle: string[] = [];
  private readonly openRequests: string[] = [];

  constructor(
    private readonly base: string,
    private sessions: Sessions,
    private readonly fixture: Fixture,
    readonly ack: Acknowledged,
    private readonly timeoutMs = 15_000,
  ) {}

  setSessions(s: Sessions) {
    this.sessions = s;
  }

  async step(worker: number): Promise<OpResult> {
    const pick = (this.n++ * 7 + worker) % 10;
    const s = this.sessions;
    const t = this.timeoutMs;
    const b = this.base;
    const unique = `${process.pid}-${worker}-${this.n}`;
    const run = async (op: OpName, write: boolean, p: Promise<Answer>) => ({ op, write, answer: await p });
    switch (pick) {
      case 0:
        return run(
          'staff: list licences',
          false,
          call(b, s.admin, 'GET', '/api/licenses?numPerPage=25', undefined, t),
        );
      case 1:
        return run(
          'staff: search people',
          false,
          call(b, s.admin, 'POST', '/api/users/search', { last_name: 'a' }, t),
        );
      case 2:
        return run(
          'staff: list services',
          false,
          call(b, s.admin, 'GET', '/api/services?numPerPage=25', undefined, t),
        );
      case 3:
        return run(
          'reviewer: list requests',
          false,
          call(
            b,
            s.reviewer,
            'GET',
            `/api/LicenseRequests?license_id=${this.fixture.licenseId}`,
            undefined,
            t,
          ),
        );
      case 4:
        return run(
          'portal: my requests',
          false,
          call(b, s.applicant, 'GET', '/api/LicenseRequests/mine', undefined, t),
        );
      case 5:
        return run(
          'portal: available licences',
          false,
          call(b, s.applicant, 'GET', '/api/licenses/available', undefined, t),
        );
      case 6: {
        const res = await call(
          b,
          s.admin,
          'POST',
          '/api/services',
          { service: { name: `Load service ${unique} v1`, city: 'Austin', state: 'TX' } },
          t,
        );
        const id = (res.body as { id?: string } | null)?.id;
        if (res.status >= 200 && res.status < 300 && id) {
          this.ack.services.add(id);
          this.ack.serviceVersions.set(id, 1);
          this.idle.push(id);
        }
        return { op: 'staff: create service', write: true, answer: res };
      }
      case 7: {
        const id = this.idle.shift();
        if (!id) return this.step(worker);
        const version = (this.ack.serviceVersions.get(id) ?? 1) + 1;
        const res = await call(
          b,
          s.admin,
          'PUT',
          `/api/services/${id}`,
          { service: { name: `Load service ${id} v${version}`, city: 'Austin', state: 'TX' } },
          t,
        );
        if (res.status >= 200 && res.status < 300) this.ack.serviceVersions.set(id, version);
        this.idle.push(id);
        return { op: 'staff: update service', write: true, answer: res };
      }
      case 8: {
        const res = await call(
          b,
          s.applicant,
          'POST',
          '/api/LicenseRequests',
          { license_request: { license_id: this.fixture.licenseId } },
          t,
        );
        const id = (res.body as { id?: string } | null)?.id;
        if (res.status >= 200 && res.status < 300 && id) {
          this.ack.requests.add(id);
          this.openRequests.push(id);
        }
        return { op: 'portal: start request', write: true, answer: res };
      }
      default: {
        const id = this.openRequests.shift();
        if (!id) return this.step(worker);
        const key = this.fixture.selections[this.n % this.fixture.selections.length] as string;
        const res = await call(
          b,
          s.applicant,
          'PUT',
          `/api/LicenseRequests/${id}/applicationtypes`,
          { selections: { [key]: true } },
          t,
        );
        if (res.status >= 200 && res.status < 300) this.ack.choices.set(id, key);
        return { op: 'portal: choose levels', write: true, answer: res };
      }
    }
  }
}

/** Checks that every acknowledged write is in the database; returns the problems found. */
export async function verifyAcknowledged(
  client: pg.Client,
  ack: Acknowledged,
): Promise<{ checked: number; missing: string[] }> {
  const missing: string[] = [];
  const services = [...ack.services];
  const { rows: svc } = await client.query<{ id: string; name: string }>(
    'select id, name from services where id = any($1::uuid[]) and deleted_at is null',
    [services],
  );
  const names = new Map(svc.map((r) => [r.id, r.name]));
  for (const id of services) {
    const name = names.get(id);
    if (!name) {
      missing.push(`service ${id}: acknowledged as created, not in the database`);
      continue;
    }
    const stored = Number(/ v(\d+)$/.exec(name)?.[1] ?? 0);
    const acked = ack.serviceVersions.get(id) ?? 1;
    if (stored < acked) missing.push(`service ${id}: version ${acked} acknowledged, ${stored} stored`);
  }
  const requests = [...ack.requests];
  const { rows: req } = await client.query<{ id: string; history: number }>(
    `select r.id, (select count(*)::int from license_request_history h where h.license_request_id = r.id and h.kind = 'created') as history
       from license_requests r where r.id = any($1::uuid[])`,
    [requests],
  );
  const found = new Map(req.map((r) => [r.id, r.history]));
  for (const id of requests) {
    if (!found.has(id)) missing.push(`request ${id}: acknowledged as created, not in the database`);
    else if (found.get(id) !== 1)
      missing.push(`request ${id}: ${found.get(id)} "created" history rows, not 1`);
  }
  const chosen = [...ack.choices];
  const { rows: types } = await client.query<{
    license_request_id: string;
    application_type_id: string;
    license_category_level_id: string;
  }>(
    'select license_request_id, application_type_id, license_category_level_id from license_request_application_types where license_request_id = any($1::uuid[]) and checked',
    [chosen.map(([id]) => id)],
  );
  const keys = new Set(
    types.map((t) => `${t.license_request_id}|${t.application_type_id}%${t.license_category_level_id}`),
  );
  for (const [id, key] of chosen)
    if (!keys.has(`${id}|${key}`)) missing.push(`request ${id}: choice ${key} acknowledged, not stored`);
  return { checked: services.length + ack.serviceVersions.size + requests.length + chosen.length, missing };
}
