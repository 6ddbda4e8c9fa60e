import { complaintAccessLog, type Db, type Tx } from '@licensure/db';
import type { FastifyRequest } from 'fastify';

/** Writes who read (or printed) a complaint or an investigation: every read of one is logged. */
export async function logComplaintAccess(
  db: Db | Tx,
  request: FastifyRequest,
  complaintId: string,
  action: 'read' | 'print' | 'read-investigation',
  investigationId: string | null = null,
): Promise<void> {
  await db.insert(complaintAccessLog).values({
    enterprise_id: request.enterpriseId,
    complaint_id: complaintId,
    investigation_id: investigationId,
    viewer_id: request.auth?.userId ?? null,
    action,
  });
}
