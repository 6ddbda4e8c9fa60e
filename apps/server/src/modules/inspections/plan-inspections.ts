import { resourceEvent } from '@licensure/contracts';
import { ipInspections } from '@licensure/db';
import { recordChange } from '../../platform/audit/record-change';
import { recordEvent } from '../../platform/events/record-event';
import { badRequest } from '../../platform/http/errors';
import type { HookContext, Row } from '../../platform/resources/types';
import { inspectionValues } from './inspection-values';

/** Which inspections a new visit holds: the service's, and one per chosen vehicle. */
export interface InspectionPlan {
  service: boolean;
  vehicleIds: string[];
  serviceTemplateId: string | null;
  vehicleTemplateId: string | null;
  spotCheck?: boolean;
}

/** Creates one inspection in the visit's transaction: checked, numbered, logged, its event recorded. */
export async function addInspection(ctx: HookContext, input: Row): Promise<string> {
  const create: HookContext = { ...ctx, operation: 'create', before: undefined };
  const values = await inspectionValues(input, create);
  const [row] = await ctx.tx
    .insert(ipInspections)
    .values({ ...(values as typeof ipInspections.$inferInsert), enterprise_id: ctx.enterpriseId })
    .returning();
  await recordChange(
    ctx.tx,
    { userId: ctx.auth?.userId ?? null, enterpriseId: ctx.enterpriseId },
    {
      entity: 'ip_inspections',
      objectId: row!.id,
      action: 'create',
      after: row,
    },
  );
  await recordEvent(ctx.tx, {
    enterpriseId: ctx.enterpriseId,
    name: resourceEvent('ip_inspections', 'created'),
    entity: 'ip_inspections',
    objectId: row!.id,
    actorId: ctx.auth?.userId ?? null,
  });
  return row!.id;
}

/**
 * After a visit is created: one inspection of the service (with the service template) and one per
 * chosen vehicle (with the vehicle template). Only the groups whose conditions are met are included:
 * the service when it is chosen and a service template is given, the vehicles when some are chosen
 * and a vehicle template is given; a group chosen without its template is a 400.
 */
export async function visitAfterChange(row: Row, ctx: HookContext & { input: Row }) {
  const plan = ctx.input.plan as InspectionPlan | undefined;
  if (ctx.operation !== 'create' || !plan) return;
  if (plan.service && !plan.serviceTemplateId)
    throw badRequest({ service_template: 'Choose the service template to inspect the service.' });
  if (plan.vehicleIds.length > 0 && !plan.vehicleTemplateId)
    throw badRequest({ vehicle_template: 'Choose the vehicle template to inspect the vehicles.' });
  const common = {
    visit_id: row.id,
    service_id: row.service_id,
    spot_check: plan.spotCheck === true,
    inspector_id: (row.inspector_ids as string[] | null)?.[0] ?? ctx.auth?.userId ?? null,
  };
  if (plan.service && plan.serviceTemplateId)
    await addInspection(ctx, { ...common, entity: 'service', ip_template_id: plan.serviceTemplateId });
  for (const vehicleId of new Set(plan.vehicleIds))
    await addInspection(ctx, {
      ...common,
      entity: 'vehicle',
      vehicle_id: vehicleId,
      ip_template_id: plan.vehicleTemplateId,
    });
}
