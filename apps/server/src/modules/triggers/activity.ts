import { triggerConfigurations, triggerConfigurationTriggers, triggers } from '@licensure/db';
import { type SQL, sql } from 'drizzle-orm';

/**
 * How often a trigger, configuration or configuration trigger fired, when last, and how many firings
 * failed: subqueries over trigger_logs through its configuration-trigger index (one range a link).
 */
function activity(links: SQL) {
  const logs = sql`trigger_logs l where l.trigger_configuration_trigger_id in (select k.id from trigger_configuration_triggers k where ${links})`;
  return {
    last_fired_at: sql<
      string | null
    >`(select to_char(max(l.created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from ${logs})`,
    fired_count: sql<number>`(select count(*)::int from ${logs})`,
    failed_count: sql<number>`(select count(*)::int from ${logs} and l.status = 'failed')`,
  };
}

export const triggerActivity = activity(sql`k.trigger_id = ${triggers.id}`);
export const configurationActivity = activity(sql`k.trigger_configuration_id = ${triggerConfigurations.id}`);
export const linkActivity = activity(sql`k.id = ${triggerConfigurationTriggers.id}`);
