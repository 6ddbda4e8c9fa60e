import { certifications, licenseRequests } from '@licensure/db';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { recordChange } from '../../platform/audit/record-change';
import type { ActionContext } from './action-context';

/** A named server function a trigger action can call (TGTriggerFunctions). */
export interface TriggerFunction {
  code: string;
  name: string;
  /** Which entity's triggers list it: licensing now; inspections and investigations when they exist. */
  entity: 'licensing' | 'inspections' | 'investigations';
  description: string;
  /** Does its work in the action's transaction; answers what it did, in words. */
  run(ctx: ActionContext): Promise<string>;
}

export const triggerFunctions: readonly TriggerFunction[] = [
  {
    code: 'countRequestTrigger',
    name: 'Count the trigger on the request',
    entity: 'licensing',
    description: "Adds one to the request's count of fired triggers (setCurrentTriggerCount).",
    async run(ctx) {
      const id = ctx.subject.licenseRequestId;
      if (!id) return 'The object has no licence request: nothing counted.';
      const [row] = await ctx.tx
        .update(licenseRequests)
        .set({ current_trigger_count: sql`${licenseRequests.current_trigger_count} + 1` })
        .where(and(eq(licenseRequests.id, id), eq(licenseRequests.enterprise_id, ctx.enterpriseId)))
        .returning({ count: licenseRequests.current_trigger_count });
      if (!row) return 'The request no longer exists: nothing counted.';
      await recordChange(
        ctx.tx,
        { userId: ctx.actorId, enterpriseId: ctx.enterpriseId },
        {
          entity: 'license_requests',
          objectId: id,
          action: 'update',
          after: { current_trigger_count: row.count },
        },
      );
      return `Request trigger count is now ${row.count}.`;
    },
  },
  {
    code: 'expireLapsedCredentials',
    name: 'Expire lapsed credentials',
    entity: 'licensing',
    description: "Marks the holder's active credentials whose expiration date has passed as expired.",
    async run(ctx) {
      const { userId, serviceId, vehicleId } = ctx.subject;
      const holder = userId
        ? eq(certifications.user_id, userId)
        : serviceId
          ? eq(certifications.service_id, serviceId)
          : vehicleId
            ? eq(certifications.vehicle_id, vehicleId)
            : undefined;
      if (!holder) return 'The object has no credential holder: nothing expired.';
      const rows = await ctx.tx
        .update(certifications)
        .set({ status: 'expired', updated_at: new Date() })
        .where(
          and(
            eq(certifications.enterprise_id, ctx.enterpriseId),
            holder,
            eq(certifications.status, 'active'),
            lt(certifications.expiration_date, sql`current_date`),
            isNull(certifications.deleted_at),
          ),
        )
        .returning({ id: certifications.id });
      for (const r of rows)
        await recordChange(
          ctx.tx,
          { userId: ctx.actorId, enterpriseId: ctx.enterpriseId },
          { entity: 'certifications', objectId: r.id, action: 'update', after: { status: 'expired' } },
        );
      return `${rows.length} lapsed credential(s) expired.`;
    },
  },
];
