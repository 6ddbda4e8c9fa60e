import {
  type ChainLink,
  type ChainPlan,
  planTriggerChain,
  type TriggerAction,
  type TriggerConfigurationTriggerOutput,
} from '@licensure/contracts';
import {
  type Db,
  type Tx,
  triggerConfigurations,
  triggerConfigurationTriggers,
  triggers,
} from '@licensure/db';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { linkActivity } from './activity';

export type LinkRow = typeof triggerConfigurationTriggers.$inferSelect & {
  trigger_code: string;
  trigger_name: string;
};
type ListedLink = LinkRow & { last_fired_at: string | null; fired_count: number; failed_count: number };

/** The live configuration triggers of an enterprise, by trigger: what each trigger runs when it fires. */
export interface TriggerGraph {
  linksOf(triggerId: string): (ChainLink & { row: LinkRow })[];
  plan(link: LinkRow, objectId?: string): ChainPlan;
}

export async function loadGraph(db: Db | Tx, enterpriseId: string): Promise<TriggerGraph> {
  const rows = await db
    .select({ link: triggerConfigurationTriggers, trigger_code: triggers.code, trigger_name: triggers.name })
    .from(triggerConfigurationTriggers)
    .innerJoin(triggers, eq(triggers.id, triggerConfigurationTriggers.trigger_id))
    .innerJoin(
      triggerConfigurations,
      eq(triggerConfigurations.id, triggerConfigurationTriggers.trigger_configuration_id),
    )
    .where(
      and(
        eq(triggerConfigurationTriggers.enterprise_id, enterpriseId),
        eq(triggerConfigurationTriggers.removed, false),
        eq(triggerConfigurations.active, true),
        isNull(triggerConfigurations.deleted_at),
        eq(triggers.active, true),
      ),
    )
    .orderBy(asc(triggerConfigurationTriggers.sort_order), asc(triggerConfigurationTriggers.created_at));
  const byTrigger = new Map<string, (ChainLink & { row: LinkRow })[]>();
  for (const r of rows) {
    const row: LinkRow = { ...r.link, trigger_code: r.trigger_code, trigger_name: r.trigger_name };
    const list = byTrigger.get(row.trigger_id) ?? [];
    list.push({ trigger_id: row.trigger_id, actions: row.actions as TriggerAction[], row });
    byTrigger.set(row.trigger_id, list);
  }
  const linksOf = (id: string) => byTrigger.get(id) ?? [];
  return {
    linksOf,
    plan: (link, objectId) =>
      planTriggerChain(
        {
          trigger_id: link.trigger_id,
          links: [
            { trigger_id: link.trigger_id, removed: link.removed, actions: link.actions as TriggerAction[] },
          ],
        },
        linksOf,
        objectId,
      ),
  };
}

export function presentLink(row: ListedLink, graph: TriggerGraph): TriggerConfigurationTriggerOutput {
  return {
    id: row.id,
    enterprise_id: row.enterprise_id,
    trigger_configuration_id: row.trigger_configuration_id,
    trigger_id: row.trigger_id,
    trigger_code: row.trigger_code,
    trigger_name: row.trigger_name,
    sort_order: row.sort_order,
    actions: row.actions as TriggerAction[],
    removed: row.removed,
    removed_at: row.removed_at?.toISOString() ?? null,
    infiniteFound: graph.plan(row).infiniteFound,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    last_fired_at: row.last_fired_at,
    fired_count: row.fired_count,
    failed_count: row.failed_count,
  };
}

/** Configuration triggers with their trigger's code and name and their activity, matching a condition. */
export async function selectLinks(db: Db | Tx, where: ReturnType<typeof and>): Promise<ListedLink[]> {
  const rows = await db
    .select({
      link: triggerConfigurationTriggers,
      trigger_code: triggers.code,
      trigger_name: triggers.name,
      ...linkActivity,
    })
    .from(triggerConfigurationTriggers)
    .innerJoin(triggers, eq(triggers.id, triggerConfigurationTriggers.trigger_id))
    .where(where)
    .orderBy(asc(triggerConfigurationTriggers.sort_order), asc(triggerConfigurationTriggers.created_at));
  return rows.map(({ link, ...rest }) => ({ ...link, ...rest }));
}
