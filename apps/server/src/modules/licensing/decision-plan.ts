import {
  type DecisionNote,
  type DecisionPreview,
  type ProcessCheck,
  type ProcessOutcome,
  requestMessages,
} from '@licensure/contracts';
import {
  licenseRequestHistory,
  licenseRequestProcessStatuses,
  type licenseRequests,
  notes,
  processes,
  processStatuses,
  referenceTables,
  type Tx,
  users,
} from '@licensure/db';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { type CredentialPlan, planCredentials } from './credential-plan';
import { decide, effectiveState } from './decisions';
import type { CalendarDate } from './rules/relative-date';
import { unpaidCents } from './unpaid';

type Request = typeof licenseRequests.$inferSelect;
export type PreviewDecision = DecisionPreview['decision'];

export interface DecisionPlan {
  preview: DecisionPreview;
  /** The credential steps an approval applies (empty for a denial). */
  credentials: CredentialPlan;
  /** Why an approval cannot issue anything (400, by field). */
  problems: Record<string, string>;
}

const personName = (u: typeof users) =>
  sql<string | null>`nullif(trim(concat_ws(' ', ${u.first_name}, ${u.last_name})), '')`;

/** The licence's review processes and the request's own, each with its status and whether it blocks. */
async function processChecks(tx: Tx, request: Request): Promise<ProcessCheck[]> {
  const links = referenceTables.process_licenses;
  const configured = request.license_id
    ? await tx
        .select({ id: processes.id, label: processes.label, required: sql<boolean>`${links.required}` })
        .from(links)
        .innerJoin(processes, eq(processes.id, sql`${links.process_id}`))
        .where(and(eq(links.license_id, request.license_id), eq(processes.active, true)))
        .orderBy(asc(links.sort_order), asc(processes.sort_order), asc(processes.label))
    : [];
  const current = await tx
    .select({
      id: processes.id,
      label: processes.label,
      status: processStatuses.label,
      outcome: processStatuses.outcome,
    })
    .from(licenseRequestProcessStatuses)
    .innerJoin(processes, eq(processes.id, licenseRequestProcessStatuses.process_id))
    .innerJoin(processStatuses, eq(processStatuses.id, licenseRequestProcessStatuses.process_status_id))
    .where(eq(licenseRequestProcessStatuses.license_request_id, request.id))
    .orderBy(asc(processes.sort_order), asc(processes.label));
  const all = [
    ...configured.map((p) => ({ id: p.id, label: p.label, required: !!p.required })),
    ...current.filter((c) => !configured.some((p) => p.id === c.id)).map((c) => ({ ...c, required: false })),
  ];
  return all.map((p) => {
    const status = current.find((c) => c.id === p.id);
    const outcome: ProcessOutcome | 'missing' = status ? status.outcome : 'missing';
    return {
      process_id: p.id,
      process_label: p.label,
      required: p.required,
      status_label: status?.status ?? null,
      outcome,
      blocks: p.required && (outcome === 'failed' || outcome === 'missing'),
    };
  });
}

/** What blocked processes say: "Psychomotor exam is Failed", "Background check has no status". */
export const blockerText = (p: ProcessCheck) =>
  p.outcome === 'missing'
    ? requestMessages.processMissing(p.process_label)
    : requestMessages.processFailed(p.process_label, p.status_label ?? p.outcome);

/**
 * The staff notes a decision should weigh: the request's internal notes (those marked as concerns
 * first) and, for a reader of notes, the staff notes on the request and on its person.
 */
async function notesToWeigh(
  tx: Tx,
  enterpriseId: string,
  request: Request,
  readsNotes: boolean,
): Promise<DecisionNote[]> {
  const history = await tx
    .select({
      id: licenseRequestHistory.id,
      note: licenseRequestHistory.note,
      at: licenseRequestHistory.at,
      user_name: personName(users),
      concern: licenseRequestHistory.concern,
    })
    .from(licenseRequestHistory)
    .leftJoin(users, eq(users.id, licenseRequestHistory.user_id))
    .where(
      and(
        eq(licenseRequestHistory.license_request_id, request.id),
        eq(licenseRequestHistory.kind, 'note'),
        eq(licenseRequestHistory.internal, true),
      ),
    )
    .orderBy(asc(licenseRequestHistory.at));
  const staff = readsNotes
    ? await tx
        .select({
          id: notes.id,
          note: notes.value,
          at: notes.created_at,
          user_name: personName(users),
          on_request: sql<boolean>`${notes.license_request_id} is not null`,
        })
        .from(notes)
        .leftJoin(users, eq(users.id, notes.created_by))
        .where(
          and(
            eq(notes.enterprise_id, enterpriseId),
            isNull(notes.deleted_at),
            isNull(notes.complaint_id),
            or(
              eq(notes.license_request_id, request.id),
              request.user_id ? eq(notes.user_id, request.user_id) : undefined,
            ),
          ),
        )
        .orderBy(asc(notes.created_at))
    : [];
  const all: DecisionNote[] = [
    ...history.map((h) => ({
      id: h.id,
      source: 'request' as const,
      note: h.note ?? '',
      at: h.at.toISOString(),
      user_name: h.user_name,
      concern: h.concern,
    })),
    ...staff.map((n) => ({
      id: n.id,
      source: n.on_request ? ('request' as const) : ('person' as const),
      note: n.note,
      at: n.at.toISOString(),
      user_name: n.user_name,
      concern: false,
    })),
  ];
  return all.sort((a, b) => Number(b.concern) - Number(a.concern));
}

/**
 * Plans a decision without writing: the state it moves the request to, the credentials it issues,
 * extends or supersedes (approval), the processes that block it, the notes to weigh and the fees
 * unpaid. The preview answers this plan; the approval applies the same plan in its transaction.
 */
export async function planDecision(
  tx: Tx,
  auth: { permissions: ReadonlySet<string> } | null,
  enterpriseId: string,
  request: Request,
  decision: PreviewDecision,
  today: CalendarDate,
): Promise<DecisionPlan> {
  const transition = decide(effectiveState(request), decision, request.progress);
  const [checks, noted, unpaid] = await Promise.all([
    processChecks(tx, request),
    notesToWeigh(tx, enterpriseId, request, !!auth?.permissions.has('notes.read')),
    unpaidCents(tx, request.id),
  ]);
  const credentials: CredentialPlan =
    decision === 'approve'
      ? await planCredentials(tx, enterpriseId, request, today)
      : { steps: [], problems: {}, autonumberId: null, licenseName: null };
  const blockers = decision === 'approve' ? checks.filter((p) => p.blocks).map(blockerText) : [];
  const problem = Object.values(credentials.problems)[0] ?? null;
  return {
    credentials,
    problems: credentials.problems,
    preview: {
      license_request_id: request.id,
      decision,
      state_after: transition.ok ? transition.to : request.review_state,
      allowed: transition.ok && !problem,
      refusal: transition.ok ? problem : transition.message,
      blocked: blockers.length > 0,
      blockers,
      may_override: !!auth?.permissions.has('requests.override'),
      unpaid_cents: unpaid,
      credentials: credentials.steps.map((s) => s.effect),
      processes: checks,
      notes: noted,
    },
  };
}

/** The effects of an applied plan in words, for the history: "Issued EMS-000002 (EMT), expires …". */
export function effectWords(plan: DecisionPlan, issuedNumbers: ReadonlyMap<string | null, string>): string[] {
  return plan.credentials.steps.map(({ effect: e }) => {
    const number = e.number ?? issuedNumbers.get(e.level_id) ?? 'a new credential';
    if (e.effect === 'issued') return `Issued ${number} (${e.level_label}), expires ${e.expiration_after}`;
    if (e.effect === 'extended')
      return `Extended ${number} (${e.level_label}) from ${e.expiration_before} to ${e.expiration_after}`;
    if (e.effect === 'superseded') return `${number} (${e.level_label}) made inactive: superseded`;
    return `${number} (${e.level_label}) kept as it is: issued after this request was submitted`;
  });
}
