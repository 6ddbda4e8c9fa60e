import { referenceListByKey, referenceLists } from '@licensure/contracts';
import {
  certifications,
  complaints,
  type Db,
  documents,
  exCandidates,
  exForms,
  exSkills,
  fbForms,
  fbGroups,
  fbPackages,
  fbQuestions,
  fbResponses,
  ipChecklists,
  ipInspections,
  licenseRequests,
  licenseRuleFields,
  licenseRules,
  licenses,
  mergeTemplates,
  processes,
  processStatuses,
  referenceTables,
  securityTemplates,
  services,
  type Tx,
  triggerConfigurations,
  triggers,
  users,
  vehicles,
} from '@licensure/db';
import { and, eq, getTableColumns, inArray, isNull } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../http/errors';
import type { RefTarget, Row } from './types';

/** Records that are not reference lists, by the names fields use in `ref`. */
const recordTables: Record<string, RefTarget> = {
  licenses: { table: licenses, what: 'licence' },
  licenserequests: { table: licenseRequests, what: 'licence request' },
  fbforms: { table: fbForms, what: 'form' },
  fbresponses: { table: fbResponses, what: 'form response' },
  process: { table: processes, what: 'process' },
  process_statuses: { table: processStatuses, what: 'process status' },
  fbpackages: { table: fbPackages, what: 'form package' },
  merge_templates: { table: mergeTemplates, what: 'merge template' },
  security_templates: { table: securityTemplates, what: 'security template' },
  users: { table: users, what: 'person' },
  services: { table: services, what: 'service' },
  vehicles: { table: vehicles, what: 'vehicle' },
  certifications: { table: certifications, what: 'credential' },
  documents: { table: documents, what: 'document' },
  complaints: { table: complaints, what: 'complaint' },
  fb_questions: { table: fbQuestions, what: 'question' },
  fb_groups: { table: fbGroups, what: 'group' },
  ip_inspections: { table: ipInspections, what: 'inspection' },
  ip_checklists: { table: ipChecklists, what: 'checklist' },
  ex_candidates: { table: exCandidates, what: 'candidate' },
  ex_forms: { table: exForms, what: 'exam form' },
  ex_skills: { table: exSkills, what: 'skill' },
  license_rules: { table: licenseRules, what: 'licence rule' },
  license_rule_fields: { table: licenseRuleFields, what: 'rule field' },
  triggers: { table: triggers, what: 'trigger' },
  trigger_configurations: { table: triggerConfigurations, what: 'trigger configuration' },
};

/** The table a FieldSpec `ref` names: a reference list by key or path, or a record table. */
export function refTarget(name: string): RefTarget {
  const lower = name.toLowerCase();
  const spec = referenceListByKey.get(name) ?? referenceLists.find((s) => s.path.toLowerCase() === lower);
  if (spec)
    return {
      name: spec.key,
      table: referenceTables[spec.key as keyof typeof referenceTables],
      what: spec.singular,
    };
  const target = recordTables[lower];
  if (!target) throw new Error(`ref '${name}' names no known table`);
  return { name: lower, ...target };
}

/** One field's ids that must name live records of the caller's enterprise. */
interface Reference {
  field: string;
  target: RefTarget;
  ids: string[];
}

/**
 * Every id names a live record of the enterprise, else one 400 naming each field that does not. An id
 * of another enterprise is answered exactly as a made-up one, so the caller cannot learn it exists.
 */
async function checkIds(tx: Db | Tx, enterpriseId: string, references: Reference[]): Promise<void> {
  const problems: Record<string, string> = {};
  for (const { field, target, ids } of references) {
    const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
    if (unique.length === 0 || problems[field]) continue;
    const found = await liveIds(tx, enterpriseId, target.table, unique);
    const missing = unique.find((id) => !found.has(id));
    if (missing) problems[field] = `There is no ${target.what} ${missing}.`;
  }
  if (Object.keys(problems).length > 0) throw badRequest(problems);
}

const idsOf = (raw: unknown): string[] =>
  raw === undefined || raw === null ? [] : (Array.isArray(raw) ? raw : [raw]).map(String);

/**
 * Every reference in the values names a live record of the enterprise: 400 naming the field
 * otherwise. A list of ids (a `uuids` field) is checked id by id.
 */
export async function checkReferences(
  tx: Db | Tx,
  enterpriseId: string,
  refs: Record<string, RefTarget>,
  values: Row,
): Promise<void> {
  await checkIds(
    tx,
    enterpriseId,
    Object.entries(refs).map(([field, target]) => ({ field, target, ids: idsOf(values[field]) })),
  );
}

/**
 * The references of a hand-written write, by where they sit in the body: dotted keys, `[]` for every
 * item of a list (`trigger_configuration_trigger.actions[].alert_type_id`), each naming a `ref`
 * (see `refTarget`) or a table.
 */
export type BodyRefs = Record<string, string | RefTarget>;

/** The values at a body path, each with the field it is reported under (the wrapper key dropped). */
function valuesAt(body: unknown, path: string): { field: string; value: unknown }[] {
  let found: { at: string[]; value: unknown }[] = [{ at: [], value: body }];
  for (const part of path.split('.')) {
    const list = part.endsWith('[]');
    const key = list ? part.slice(0, -2) : part;
    found = found.flatMap(({ at, value }) => {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
      const next = (value as Row)[key];
      if (!list) return [{ at: [...at, key], value: next }];
      return Array.isArray(next) ? next.map((item, i) => ({ at: [...at, key, String(i)], value: item })) : [];
    });
  }
  const wrapped = path.split('.').length > 1 && !path.split('.')[0]?.endsWith('[]');
  return found.map(({ at, value }) => ({ field: (wrapped ? at.slice(1) : at).join('.'), value }));
}

/** The body's references (see `BodyRefs`) name live records of the enterprise: the engine's check. */
export async function checkBodyReferences(
  tx: Db | Tx,
  enterpriseId: string,
  refs: BodyRefs,
  body: unknown,
): Promise<void> {
  const references = Object.entries(refs).flatMap(([path, ref]) => {
    const target = typeof ref === 'string' ? refTarget(ref) : ref;
    return valuesAt(body, path).map(({ field, value }) => ({ field, target, ids: idsOf(value) }));
  });
  await checkIds(tx, enterpriseId, references);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The ids a hand-written write stores: checked against the caller's enterprise before the handler. */
    refs?: BodyRefs;
  }
  interface FastifyInstance {
    /** The `config.refs` of hand-written routes, by `METHOD url` (what the guards walk). */
    routeRefs: Map<string, BodyRefs>;
  }
}

/** Checks the `config.refs` of every route that declares them, once its body is parsed. */
export function registerReferenceChecks(app: FastifyInstance): void {
  app.decorate('routeRefs', new Map<string, BodyRefs>());
  app.addHook('onRoute', (route) => {
    const refs = route.config?.refs;
    if (!refs) return;
    for (const method of [route.method].flat()) app.routeRefs.set(`${method} ${route.url}`, refs);
  });
  app.addHook('preHandler', async (request) => {
    const refs = request.routeOptions.config.refs;
    if (refs) await checkBodyReferences(app.deps.database.db, request.enterpriseId, refs, request.body);
  });
}

async function liveIds(
  tx: Db | Tx,
  enterpriseId: string,
  table: PgTable,
  ids: string[],
): Promise<Set<string>> {
  const c = getTableColumns(table) as Record<string, PgColumn>;
  const rows = await tx
    .select({ id: c.id as PgColumn })
    .from(table)
    .where(
      and(
        inArray(c.id as PgColumn, ids),
        c.enterprise_id ? eq(c.enterprise_id, enterpriseId) : undefined,
        c.deleted_at ? isNull(c.deleted_at) : undefined,
      ),
    );
  return new Set(rows.map((r) => String(r.id).toLowerCase()));
}
