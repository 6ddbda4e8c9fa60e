import { referenceTables } from '@licensure/db';
import { and, eq, inArray } from 'drizzle-orm';
import { badRequest } from '../../platform/http/errors';
import type { HookContext, Row } from '../../platform/resources/types';

const topics = referenceTables.education_topics;
const applicationTypes = referenceTables.application_types;

/** The ids among `ids` that are not live rows of the table in this enterprise. */
async function missingIds(
  ctx: HookContext,
  table: typeof topics,
  ids: string[],
): Promise<string | undefined> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return undefined;
  const rows = await ctx.tx
    .select({ id: table.id })
    .from(table)
    .where(and(inArray(table.id, unique), eq(table.enterprise_id, ctx.enterpriseId)));
  const found = new Set(rows.map((r) => String(r.id)));
  return unique.find((id) => !found.has(id));
}

/** A course's topics are education topics of the enterprise, each named once. */
export async function checkTrainingTopics(input: Row, ctx: HookContext): Promise<void> {
  const list = (input.training_topics as { topic_id: string }[] | undefined) ?? [];
  const ids = list.map((t) => t.topic_id);
  if (new Set(ids).size !== ids.length)
    throw badRequest({ training_topics: 'Name each topic once, with all of its hours.' });
  const missing = await missingIds(ctx, topics, ids);
  if (missing) throw badRequest({ training_topics: `There is no topic ${missing}.` });
}

/** A level's requirements name education topics and application types of the enterprise, once each. */
export async function checkLevelRequirements(input: Row, ctx: HookContext): Promise<Row> {
  const list =
    (input.requirements as { topic_id: string; application_type_id?: string | null }[] | undefined) ?? [];
  const keys = list.map((r) => `${r.topic_id}/${r.application_type_id ?? ''}`);
  if (new Set(keys).size !== keys.length)
    throw badRequest({ requirements: 'Name each topic once per application type.' });
  const missingTopic = await missingIds(
    ctx,
    topics,
    list.map((r) => r.topic_id),
  );
  if (missingTopic) throw badRequest({ requirements: `There is no topic ${missingTopic}.` });
  const missingType = await missingIds(
    ctx,
    applicationTypes,
    list.flatMap((r) => (r.application_type_id ? [r.application_type_id] : [])),
  );
  if (missingType) throw badRequest({ requirements: `There is no application type ${missingType}.` });
  input.requirements = list.map((r) => ({ ...r, application_type_id: r.application_type_id ?? null }));
  return input;
}
