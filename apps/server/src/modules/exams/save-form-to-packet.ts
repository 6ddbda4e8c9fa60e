import { exForms, exPackets } from '@licensure/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { notFound } from '../../platform/http/errors';
import { addPacketForm, packetFormIds } from './packet-forms';

/** ExamFormsSaveForm/{examPacketId}/{examFormId}: adds an exam form to a packet (once), logged. */
export async function saveFormToPacket(request: FastifyRequest, packetId: string, formId: string) {
  const { db } = request.server.deps.database;
  const enterpriseId = request.enterpriseId;
  await db.transaction(async (tx) => {
    const [packet] = await tx
      .select({ id: exPackets.id })
      .from(exPackets)
      .where(
        and(
          eq(exPackets.id, packetId),
          eq(exPackets.enterprise_id, enterpriseId),
          isNull(exPackets.deleted_at),
        ),
      )
      .for('update');
    if (!packet) throw notFound('exam packet');
    const [form] = await tx
      .select({ id: exForms.id })
      .from(exForms)
      .where(
        and(eq(exForms.id, formId), eq(exForms.enterprise_id, enterpriseId), isNull(exForms.deleted_at)),
      );
    if (!form) throw notFound('exam form');
    const before = await packetFormIds(tx, packetId);
    await addPacketForm(tx, enterpriseId, packetId, formId);
    await recordChange(tx, actorOf(request), {
      entity: 'ex_packet_forms',
      objectId: packetId,
      action: 'update',
      before: { exam_form_ids: before },
      after: { exam_form_ids: await packetFormIds(tx, packetId) },
    });
  });
}
