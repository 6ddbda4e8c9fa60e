import {
  referenceTables,
  type Tx,
  triggerConfigurations,
  triggerLogs,
  triggers,
  userSecurityTemplates,
  users,
} from '@licensure/db';
import { and, eq, exists, isNull, sql } from 'drizzle-orm';
import { recordChange } from '../../platform/audit/record-change';
import { createAlert } from '../alerts/create-alert';

/** The alert type automation failures are raised with (made for the enterprise on its first failure). */
export const FAILURE_ALERT_TYPE = 'Automation failed';

/**
 * Configurations have no owner: a failure is raised to the people who may fix it, the staff holding
 * `triggers.write`, as an alert of type "Automation failed" naming the configuration, the trigger and
 * the cause. One open alert a person (createAlert does not repeat an open one); the trigger list counts
 * every failure. In the caller's transaction.
 */
export async function alertTriggerFailure(
  tx: Tx,
  input: { enterpriseId: string; logId: string; cause: string },
): Promise<number> {
  const [firing] = await tx
    .select({ configuration: triggerConfigurations.name, trigger: triggers.name })
    .from(triggerLogs)
    .innerJoin(triggers, eq(triggers.id, triggerLogs.trigger_id))
    .innerJoin(triggerConfigurations, eq(triggerConfigurations.id, triggerLogs.trigger_configuration_id))
    .where(eq(triggerLogs.id, input.logId));
  if (!firing) return 0;
  const typeId = await failureAlertType(tx, input.enterpriseId);
  const perms = referenceTables.security_template_permissions;
  const value = `Automation failed: "${firing.configuration}" on ${firing.trigger}: ${input.cause}`.slice(
    0,
    2000,
  );
  const holders = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.enterprise_id, input.enterpriseId),
        eq(users.is_staff, true),
        isNull(users.deleted_at),
        exists(
          tx
            .select({ one: sql`1` })
            .from(userSecurityTemplates)
            .innerJoin(perms, eq(perms.security_template_id, userSecurityTemplates.security_template_id))
            .where(
              and(eq(userSecurityTemplates.user_id, users.id), eq(perms.permission_key, 'triggers.write')),
            ),
        ),
      ),
    );
  for (const h of holders)
    await createAlert(tx, {
      enterpriseId: input.enterpriseId,
      user_id: h.id,
      alert_type_id: typeId,
      value,
      source: 'trigger',
      actorId: null,
    });
  return holders.length;
}

async function failureAlertType(tx: Tx, enterpriseId: string): Promise<string> {
  const t = referenceTables.alert_types;
  const [found] = await tx
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.enterprise_id, enterpriseId), sql`lower(${t.label}) = lower(${FAILURE_ALERT_TYPE})`))
    .limit(1);
  if (found) return found.id;
  const [made] = await tx
    .insert(t)
    .values({ enterprise_id: enterpriseId, label: FAILURE_ALERT_TYPE, entity: 'user', severity: 'critical' })
    .returning();
  await recordChange(
    tx,
    { userId: null, enterpriseId },
    { entity: 'alert_types', objectId: made!.id, action: 'create', after: made },
  );
  return made!.id;
}
