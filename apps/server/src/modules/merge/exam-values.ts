import { type Db, ex_locations, exCandidates, exPackets, exSessions, type Tx } from '@licensure/db';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';

/** A date (YYYY-MM-DD) as letters write it: "December 11, 2026". */
const longDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

/**
 * The exam session a request's candidate holds a seat at (the latest registration; a withdrawn one
 * only when there is no other), as the `exam` merge fields of an admission letter. Null when the
 * request never registered.
 */
export async function examSessionValues(
  tx: Db | Tx,
  enterpriseId: string,
  requestId: string,
): Promise<Record<string, string> | null> {
  const [row] = await tx
    .select({
      name: exSessions.name,
      number: exSessions.number,
      session_date: exSessions.session_date,
      start_time: exSessions.start_time,
      location: ex_locations.label,
      street: ex_locations.street,
      city: ex_locations.city,
      state: ex_locations.state,
      postal_code: ex_locations.postal_code,
      packet: exPackets.name,
      attempt: exCandidates.attempt,
    })
    .from(exCandidates)
    .innerJoin(exSessions, eq(exSessions.id, exCandidates.session_id))
    .leftJoin(ex_locations, eq(ex_locations.id, exSessions.location_id))
    .leftJoin(exPackets, eq(exPackets.id, exSessions.exam_packet_id))
    .where(
      and(
        eq(exCandidates.license_request_id, requestId),
        eq(exCandidates.enterprise_id, enterpriseId),
        isNull(exSessions.deleted_at),
      ),
    )
    .orderBy(sql`(${exCandidates.status} = 'withdrawn')`, desc(exCandidates.registered_at))
    .limit(1);
  if (!row) return null;
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  const place = [text(row.city), [text(row.state), text(row.postal_code)].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return {
    session_name: text(row.name),
    session_number: text(row.number),
    session_date: longDate(row.session_date),
    start_time: text(row.start_time).slice(0, 5),
    location: text(row.location),
    location_address: [text(row.street), place].filter(Boolean).join(', '),
    exam_packet: text(row.packet),
    attempt: text(row.attempt),
  };
}
