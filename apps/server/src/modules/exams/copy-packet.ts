import { examMessages, packetCopyNameTakenMessage } from '@licensure/contracts';
import { exPacketForms, exPackets, exPassingRequirements } from '@licensure/db';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import { AppError, notFound } from '../../platform/http/errors';

/**
 * CopyExamPacket/{id}: a new packet "Copy of {name}" with the same settings, forms (in order) and
 * passing requirement groups, in one transaction. A copy onto a name already taken is refused with the
 * spec's message naming it; success answers the spec's "Record copied successfully".
 */
export async function copyPacket(request: FastifyRequest, id: string) {
  const { db } = request.server.deps.database;
  const enterpriseId = request.enterpriseId;
  return db.transaction(async (tx) => {
    const [packet] = await tx
      .select()
      .from(exPackets)
      .where(
        and(eq(exPackets.id, id), eq(exPackets.enterprise_id, enterpriseId), isNull(exPackets.deleted_at)),
      );
    if (!packet) throw notFound('exam packet');
    const name = `Copy of ${packet.name}`;
    const [taken] = await tx
      .select({ id: exPackets.id })
      .from(exPackets)
      .where(
        and(
          eq(exPackets.enterprise_id, enterpriseId),
          sql`lower(${exPackets.name}) = lower(${name})`,
          isNull(exPackets.deleted_at),
        ),
      );
    if (taken)
      throw new AppError('conflict', packetCopyNameTakenMessage(name), {
        name: packetCopyNameTakenMessage(name),
      });
    const [copy] = await tx
      .insert(exPackets)
      .values({
        enterprise_id: enterpriseId,
        name,
        description: packet.description,
        active: packet.active,
        max_failed_attempts: packet.max_failed_attempts,
        license_category_level_id: packet.license_category_level_id,
      })
      .returning();
    if (!copy) throw new Error('packet not copied');
    const forms = await tx
      .select()
      .from(exPacketForms)
      .where(eq(exPacketForms.packet_id, packet.id))
      .orderBy(asc(exPacketForms.sort_order));
    if (forms.length)
      await tx.insert(exPacketForms).values(
        forms.map((f) => ({
          enterprise_id: enterpriseId,
          packet_id: copy.id,
          form_id: f.form_id,
          sort_order: f.sort_order,
        })),
      );
    const groups = await tx
      .select()
      .from(exPassingRequirements)
      .where(eq(exPassingRequirements.exam_packet_id, packet.id));
    if (groups.length)
      await tx.insert(exPassingRequirements).values(
        groups.map((g) => ({
          enterprise_id: enterpriseId,
          exam_packet_id: copy.id,
          name: g.name,
          min_passed_forms: g.min_passed_forms,
          exam_form_ids: g.exam_form_ids,
        })),
      );
    await recordChange(tx, actorOf(request), {
      entity: 'ex_packets',
      objectId: copy.id,
      action: 'create',
      after: { ...copy, copied_from: packet.id, exam_form_ids: forms.map((f) => f.form_id), groups },
    });
    return { message: examMessages.packetCopied, id: copy.id, name };
  });
}
