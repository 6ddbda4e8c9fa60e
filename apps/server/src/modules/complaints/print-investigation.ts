import {
  complaint_monitoring_actions,
  complaintActions,
  complaintActivities,
  complaints,
  type Db,
  enterprises,
  investigations,
  users,
} from '@licensure/db';
import { and, asc, eq, getTableColumns, inArray, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { notFound } from '../../platform/http/errors';
import { renderPdf } from '../../platform/pdf/render-pdf';
import { logComplaintAccess } from './access-log';
import {
  activityResource,
  complaintColumns,
  joinComplaintNames,
  presentActivity,
  presentComplaint,
} from './complaints.resources';
import { investigationDocument } from './investigation-pdf';

type Row = Record<string, unknown>;

/** InvestigationsModule/Investigation/print: the investigation file as a PDF, its printing logged. */
export async function printInvestigation(db: Db, request: FastifyRequest, id: string) {
  const enterpriseId = request.enterpriseId;
  const [inv] = await db
    .select()
    .from(investigations)
    .where(
      and(
        eq(investigations.id, id),
        eq(investigations.enterprise_id, enterpriseId),
        isNull(investigations.deleted_at),
      ),
    );
  if (!inv) throw notFound('investigation');
  const [complaintRow] = await joinComplaintNames(
    db
      .select({ ...getTableColumns(complaints), ...complaintColumns })
      .from(complaints)
      .$dynamic(),
  ).where(eq(complaints.id, inv.complaint_id));
  if (!complaintRow) throw notFound('complaint');
  const activities = (await activityResource.joins!(
    db
      .select({ ...getTableColumns(complaintActivities), ...activityResource.columns })
      .from(complaintActivities)
      .$dynamic(),
  )
    .where(
      and(eq(complaintActivities.complaint_id, inv.complaint_id), isNull(complaintActivities.deleted_at)),
    )
    .orderBy(asc(complaintActivities.activity_date), asc(complaintActivities.created_at))) as Row[];
  const monitoring = await db
    .select({
      action: complaint_monitoring_actions.label,
      start_date: complaintActions.start_date,
      end_date: complaintActions.end_date,
      notes: complaintActions.notes,
    })
    .from(complaintActions)
    .leftJoin(
      complaint_monitoring_actions,
      eq(complaint_monitoring_actions.id, complaintActions.complaint_monitoring_action_id),
    )
    .where(and(eq(complaintActions.complaint_id, inv.complaint_id), isNull(complaintActions.deleted_at)));
  const people = inv.investigator_ids.length
    ? await db
        .select({ first: users.first_name, last: users.last_name })
        .from(users)
        .where(inArray(users.id, inv.investigator_ids))
    : [];
  const [enterprise] = await db
    .select({ name: enterprises.name })
    .from(enterprises)
    .where(eq(enterprises.id, enterpriseId));
  const auth = request.auth!;
  const pdf = await renderPdf(
    investigationDocument({
      enterpriseName: enterprise?.name ?? '',
      complaint: presentComplaint(complaintRow as Row),
      investigation: {
        ...inv,
        complaint_number: (complaintRow as Row).number as string | null,
        opened_at: inv.opened_at.toISOString(),
        closed_at: inv.closed_at?.toISOString() ?? null,
        created_at: inv.created_at.toISOString(),
        updated_at: inv.updated_at.toISOString(),
      },
      investigators: people.map((p) => [p.first, p.last].filter(Boolean).join(' ')),
      activities: activities.map((a) => {
        const p = presentActivity(a);
        return {
          activity_date: String(p.activity_date),
          activity_type: (p.activity_type as string | null) ?? null,
          description: String(p.description),
          performed_by_name: (p.performed_by_name as string | null) ?? null,
          in_investigation: !!p.investigation_id,
        };
      }),
      monitoring: monitoring.map((m) => ({ ...m, action: (m.action as string | null) ?? null })),
      printedBy: [auth.firstName, auth.lastName].filter(Boolean).join(' ') || auth.userName,
    }),
  );
  await logComplaintAccess(db, request, inv.complaint_id, 'print', inv.id);
  return { pdf, number: (complaintRow as Row).number as string | null };
}
