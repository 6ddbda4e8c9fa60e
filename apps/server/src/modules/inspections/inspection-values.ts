import type { FoundDeficiency } from '@licensure/contracts';
import { Events } from '@licensure/contracts';
import {
  type Db,
  ip_deficiencies,
  ip_deficiency_categories,
  ip_extra_fees,
  ip_templates,
  ipInspectionDeficiencies,
  ipInspectionFees,
  ipVisits,
  serviceVehicles,
  type Tx,
} from '@licensure/db';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { recordEvent } from '../../platform/events/record-event';
import { AppError, badRequest } from '../../platform/http/errors';
import { checkBodyReferences } from '../../platform/resources/references';
import type { HookContext, Row } from '../../platform/resources/types';
import { takeInspectionNumber } from './inspection-number';
import { deficiencyRefs } from './inspection-refs';

/** A template of the enterprise, or null. */
export async function loadTemplate(tx: Db | Tx, enterpriseId: string, id: string) {
  const [t] = await tx
    .select()
    .from(ip_templates)
    .where(and(eq(ip_templates.id, id), eq(ip_templates.enterprise_id, enterpriseId)));
  return (t as Row | undefined) ?? null;
}

/** The outcomes a template allows (its comma-separated result set). */
export const outcomesOf = (template: Row | null) =>
  String(template?.result_set ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Whether a vehicle is (or was) one of a service's vehicles. */
export async function vehicleOfService(tx: Db | Tx, serviceId: string, vehicleId: string) {
  const [link] = await tx
    .select({ v: serviceVehicles.vehicle_id })
    .from(serviceVehicles)
    .where(and(eq(serviceVehicles.service_id, serviceId), eq(serviceVehicles.vehicle_id, vehicleId)));
  return !!link;
}

/**
 * Checks an inspection against its template and subject: the template inspects the same kind, a
 * vehicle inspection names one of the service's vehicles (a service inspection none), the outcome is
 * one of the template's result set, the visit is of the same service. Numbers a new inspection.
 */
export async function inspectionValues(input: Row, ctx: HookContext): Promise<Row> {
  const merged = { ...(ctx.before ?? {}), ...input };
  const values: Row = { ...input };
  // The deficiencies and fees name the enterprise's own lists and documents (offline sync included).
  await checkBodyReferences(ctx.tx, ctx.enterpriseId, deficiencyRefs, input);
  if (ctx.operation === 'batch') {
    if ('outcome' in input && input.outcome) {
      const template = await loadTemplate(ctx.tx, ctx.enterpriseId, String(merged.ip_template_id));
      if (!outcomesOf(template).includes(String(input.outcome)))
        throw badRequest({ value: `The outcome must be one of: ${outcomesOf(template).join(', ')}.` });
    }
    return values;
  }
  if (ctx.operation === 'update' && ctx.before?.submitted === true)
    throw new AppError('conflict', 'This inspection was submitted: it can no longer change.');
  const template = await loadTemplate(ctx.tx, ctx.enterpriseId, String(merged.ip_template_id));
  if (!template) throw badRequest({ ip_template_id: 'The inspection template was not found.' });
  if (template.entity !== merged.entity)
    throw badRequest({
      ip_template_id: `This template inspects a ${template.entity}, not a ${merged.entity}.`,
    });
  if (merged.entity === 'vehicle') {
    if (!merged.vehicle_id) throw badRequest({ vehicle_id: 'A vehicle inspection names its vehicle.' });
    if (!(await vehicleOfService(ctx.tx, String(merged.service_id), String(merged.vehicle_id))))
      throw badRequest({ vehicle_id: 'The vehicle is not one of the service’s vehicles.' });
  } else if (merged.vehicle_id) {
    throw badRequest({ vehicle_id: 'A service inspection names no vehicle.' });
  }
  if (merged.outcome && !outcomesOf(template).includes(String(merged.outcome)))
    throw badRequest({ outcome: `The outcome must be one of: ${outcomesOf(template).join(', ')}.` });
  if (merged.visit_id) {
    const [visit] = await ctx.tx
      .select({ service_id: ipVisits.service_id })
      .from(ipVisits)
      .where(and(eq(ipVisits.id, String(merged.visit_id)), eq(ipVisits.enterprise_id, ctx.enterpriseId)));
    if (visit && visit.service_id !== merged.service_id)
      throw badRequest({ visit_id: 'The visit is to another service.' });
  }
  if (ctx.operation === 'create') {
    values.number = await takeInspectionNumber(ctx.tx, ctx.enterpriseId, String(merged.entity));
    values.created_by = ctx.auth?.userId ?? null;
    if (!values.inspector_id) values.inspector_id = ctx.auth?.userId ?? null;
  }
  return values;
}

const addDays = (day: string, days: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** The days a deficiency gets to be corrected: its own setting, else its category's. */
async function correctionDays(tx: Tx, list: FoundDeficiency[]) {
  const defIds = [...new Set(list.map((d) => d.ip_deficiency_id).filter(Boolean))] as string[];
  const defs = defIds.length
    ? await tx
        .select({
          id: ip_deficiencies.id,
          days: ip_deficiencies.correction_days,
          category: ip_deficiencies.ip_deficiency_category_id,
        })
        .from(ip_deficiencies)
        .where(inArray(ip_deficiencies.id, defIds))
    : [];
  const catIds = [
    ...new Set(
      [...list.map((d) => d.ip_deficiency_category_id), ...defs.map((d) => d.category)].filter(Boolean),
    ),
  ] as string[];
  const cats = catIds.length
    ? await tx
        .select({ id: ip_deficiency_categories.id, days: ip_deficiency_categories.correction_days })
        .from(ip_deficiency_categories)
        .where(inArray(ip_deficiency_categories.id, catIds))
    : [];
  return {
    defs: new Map(defs.map((d) => [d.id as string, d])),
    cats: new Map(cats.map((c) => [c.id as string, c.days as number | null])),
  };
}

/** Replaces the deficiencies found and the extra fees when the input carries them. */
export async function inspectionAfterChange(row: Row, ctx: HookContext & { input: Row }) {
  const inspectionId = String(row.id);
  if (row.submitted === true && ctx.before?.submitted !== true)
    await recordEvent(ctx.tx, {
      enterpriseId: ctx.enterpriseId,
      name: Events.inspectionSubmitted,
      entity: 'ip_inspections',
      objectId: inspectionId,
      actorId: ctx.auth?.userId ?? null,
      payload: { outcome: row.outcome ?? null, visit_id: row.visit_id ?? null },
    });
  const list = ctx.input.deficiencies as FoundDeficiency[] | undefined;
  if (list) {
    const { defs, cats } = await correctionDays(ctx.tx, list);
    const [visit] = row.visit_id
      ? await ctx.tx
          .select({ day: ipVisits.inspection_date })
          .from(ipVisits)
          .where(eq(ipVisits.id, String(row.visit_id)))
      : [];
    const start = visit?.day ?? new Date().toISOString().slice(0, 10);
    await ctx.tx
      .delete(ipInspectionDeficiencies)
      .where(eq(ipInspectionDeficiencies.inspection_id, inspectionId));
    const rows = list.map((d, n) => {
      const def = d.ip_deficiency_id ? defs.get(d.ip_deficiency_id) : undefined;
      const category = d.ip_deficiency_category_id ?? (def?.category as string | null | undefined) ?? null;
      const days = (def?.days as number | null | undefined) ?? (category ? cats.get(category) : null) ?? null;
      return {
        enterprise_id: ctx.enterpriseId,
        inspection_id: inspectionId,
        client_id: d.client_id ?? null,
        ip_deficiency_id: d.ip_deficiency_id ?? null,
        ip_deficiency_category_id: category,
        description: d.description,
        due_date: d.due_date ?? (days !== null ? addDays(start, days) : null),
        corrected_on: d.corrected_on ?? null,
        correction_notes: d.correction_notes ?? null,
        photo_document_ids: d.photo_document_ids ?? [],
        sort_order: n,
      };
    });
    const clientIds = rows.map((r) => r.client_id).filter(Boolean);
    if (new Set(clientIds).size !== clientIds.length)
      throw badRequest({ deficiencies: 'Two deficiencies carry the same client_id.' });
    if (rows.length) await ctx.tx.insert(ipInspectionDeficiencies).values(rows);
  }
  const fees = ctx.input.fees as { ip_extra_fee_id: string; quantity?: number }[] | undefined;
  if (fees) {
    const ids = [...new Set(fees.map((f) => f.ip_extra_fee_id))];
    const known = ids.length
      ? await ctx.tx
          .select({ id: ip_extra_fees.id, amount: ip_extra_fees.amount_cents })
          .from(ip_extra_fees)
          .where(and(inArray(ip_extra_fees.id, ids), eq(ip_extra_fees.enterprise_id, ctx.enterpriseId)))
      : [];
    const amounts = new Map(known.map((k) => [k.id as string, Number(k.amount)]));
    const missing = ids.find((i) => !amounts.has(i));
    if (missing) throw badRequest({ fees: 'An extra fee was not found.' });
    await ctx.tx.delete(ipInspectionFees).where(eq(ipInspectionFees.inspection_id, inspectionId));
    if (fees.length)
      await ctx.tx.insert(ipInspectionFees).values(
        fees.map((f) => ({
          enterprise_id: ctx.enterpriseId,
          inspection_id: inspectionId,
          ip_extra_fee_id: f.ip_extra_fee_id,
          quantity: f.quantity ?? 1,
          amount_cents: (amounts.get(f.ip_extra_fee_id) ?? 0) * (f.quantity ?? 1),
        })),
      );
  }
}

/** The deficiencies (with their names) and fees of inspections, in one query each. */
export async function expandInspections(rows: Row[], db: Db): Promise<Row[]> {
  const ids = rows.map((r) => String(r.id));
  const defs = await db
    .select({
      row: ipInspectionDeficiencies,
      category: ip_deficiency_categories.label,
      deficiency: ip_deficiencies.label,
    })
    .from(ipInspectionDeficiencies)
    .leftJoin(
      ip_deficiency_categories,
      eq(ip_deficiency_categories.id, ipInspectionDeficiencies.ip_deficiency_category_id),
    )
    .leftJoin(ip_deficiencies, eq(ip_deficiencies.id, ipInspectionDeficiencies.ip_deficiency_id))
    .where(inArray(ipInspectionDeficiencies.inspection_id, ids))
    .orderBy(asc(ipInspectionDeficiencies.sort_order));
  const fees = await db
    .select({ row: ipInspectionFees, label: ip_extra_fees.label })
    .from(ipInspectionFees)
    .leftJoin(ip_extra_fees, eq(ip_extra_fees.id, ipInspectionFees.ip_extra_fee_id))
    .where(inArray(ipInspectionFees.inspection_id, ids))
    .orderBy(asc(ipInspectionFees.created_at));
  return rows.map((r) => ({
    ...r,
    deficiencies: defs
      .filter((d) => d.row.inspection_id === r.id)
      .map((d) => ({
        id: d.row.id,
        client_id: d.row.client_id,
        ip_deficiency_id: d.row.ip_deficiency_id,
        ip_deficiency_category_id: d.row.ip_deficiency_category_id,
        category: (d.category as string | null) ?? null,
        deficiency: (d.deficiency as string | null) ?? null,
        description: d.row.description,
        due_date: d.row.due_date,
        corrected_on: d.row.corrected_on,
        correction_notes: d.row.correction_notes,
        photo_document_ids: d.row.photo_document_ids,
      })),
    fees: fees
      .filter((f) => f.row.inspection_id === r.id)
      .map((f) => ({
        ip_extra_fee_id: f.row.ip_extra_fee_id,
        label: (f.label as string | null) ?? null,
        quantity: f.row.quantity,
        amount_cents: f.row.amount_cents,
      })),
  }));
}
