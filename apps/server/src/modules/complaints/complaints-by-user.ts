import type { ComplaintFiledView } from '@licensure/contracts';
import { complaints, type Db, documents } from '@licensure/db';
import { and, asc, desc, eq, getTableColumns, isNull, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { presentDocument } from '../../platform/files/documents';
import { forbidden, notFound } from '../../platform/http/errors';
import { holdsAny } from '../../platform/permissions/scopes';
import { screenedSql } from '../documents/parent-access';
import { complaintColumns, joinComplaintNames, presentComplaint } from './complaints.resources';

/**
 * What the complainant sees of a complaint they filed: its number, category and status, and whom it is
 * about in their own words (`subject_name`). The person, service or vehicle staff linked
 * (`linked_subject_name`) stays internal.
 */
const filedView = (row: Record<string, unknown>): ComplaintFiledView => {
  const c = presentComplaint(row);
  return {
    id: c.id,
    number: c.number,
    category: c.category,
    status: c.status,
    subject_name: c.subject_name,
    received_at: c.received_at,
    closed_at: c.closed_at,
  };
};

/**
 * Complaints/getByUserID: staff with complaints.read get the complaints a person filed or is the
 * subject of (`detail` for the whole record); anyone else only the complaints they filed themselves,
 * in the filed view (status, never the investigation), and nothing about them. Asking for someone
 * else's without complaints.read is a 403, as on every other complaint route, before any look-up.
 */
export async function complaintsByUser(
  db: Db,
  request: FastifyRequest,
  q: { user_id: string; detail?: boolean },
) {
  const auth = request.auth!;
  const staff = holdsAny(auth, ['complaints.read']);
  if (!staff && q.user_id !== auth.userId) throw forbidden();
  const whose = staff
    ? or(eq(complaints.complainant_user_id, q.user_id), eq(complaints.user_id, q.user_id))
    : eq(complaints.complainant_user_id, q.user_id);
  const rows = await joinComplaintNames(
    db
      .select({ ...getTableColumns(complaints), ...complaintColumns })
      .from(complaints)
      .$dynamic(),
  )
    .where(and(eq(complaints.enterprise_id, request.enterpriseId), isNull(complaints.deleted_at), whose))
    .orderBy(desc(complaints.received_at))
    .limit(500);
  const found = rows as Record<string, unknown>[];
  return staff && q.detail ? found.map(presentComplaint) : found.map(filedView);
}

/**
 * Complaints/{id}/documents: what was filed with a live complaint, oldest first; files of the public
 * form only once released (those waiting are listed by the screening route).
 */
export async function complaintDocuments(db: Db, request: FastifyRequest, id: string) {
  const [c] = await db
    .select({ id: complaints.id })
    .from(complaints)
    .where(
      and(
        eq(complaints.id, id),
        eq(complaints.enterprise_id, request.enterpriseId),
        isNull(complaints.deleted_at),
      ),
    );
  if (!c) throw notFound('complaint');
  const rows = await db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.complaint_id, id),
        eq(documents.enterprise_id, request.enterpriseId),
        isNull(documents.deleted_at),
        screenedSql,
      ),
    )
    .orderBy(asc(documents.created_at));
  return rows.map(presentDocument);
}
