import { exPacketForms, exPassingRequirements, type Tx } from '@licensure/db';
import { asc, eq, sql } from 'drizzle-orm';

/** The forms of a packet, in order. */
export async function packetFormIds(tx: Tx, packetId: string): Promise<string[]> {
  const rows = await tx
    .select({ form_id: exPacketForms.form_id })
    .from(exPacketForms)
    .where(eq(exPacketForms.packet_id, packetId))
    .orderBy(asc(exPacketForms.sort_order), asc(exPacketForms.created_at));
  return rows.map((r) => r.form_id);
}

/**
 * Replaces a packet's forms with these, in this order; the passing requirement groups forget the forms
 * the packet no longer has.
 */
export async function setPacketForms(tx: Tx, enterpriseId: string, packetId: string, formIds: string[]) {
  const ids = [...new Set(formIds)];
  await tx.delete(exPacketForms).where(eq(exPacketForms.packet_id, packetId));
  if (ids.length > 0)
    await tx.insert(exPacketForms).values(
      ids.map((form_id, sort_order) => ({
        enterprise_id: enterpriseId,
        packet_id: packetId,
        form_id,
        sort_order,
      })),
    );
  const kept = sql`array(select unnest(${exPassingRequirements.exam_form_ids}) intersect select unnest(${sql.param(ids)}::uuid[]))`;
  await tx
    .update(exPassingRequirements)
    .set({ exam_form_ids: kept, updated_at: new Date() })
    .where(eq(exPassingRequirements.exam_packet_id, packetId));
}

/** Adds one form at the end of a packet (nothing when it is there already). */
export async function addPacketForm(tx: Tx, enterpriseId: string, packetId: string, formId: string) {
  const [last] = await tx
    .select({ n: sql<number>`coalesce(max(${exPacketForms.sort_order}) + 1, 0)::int` })
    .from(exPacketForms)
    .where(eq(exPacketForms.packet_id, packetId));
  await tx
    .insert(exPacketForms)
    .values({ enterprise_id: enterpriseId, packet_id: packetId, form_id: formId, sort_order: last?.n ?? 0 })
    .onConflictDoNothing({ target: [exPacketForms.packet_id, exPacketForms.form_id] });
}
