import {
  type ServiceInput,
  serviceInput,
  serviceLess,
  serviceListQuery,
  serviceOutput,
} from '@licensure/contracts';
import { type Db, serviceCounties, services, type Tx } from '@licensure/db';
import { and, eq, sql } from 'drizzle-orm';
import { badRequest } from '../../platform/http/errors';
import { staffOrAdministers } from '../../platform/permissions/policies';
import { administeredRows } from '../../platform/permissions/scopes';
import { isoRow } from '../../platform/resources/present';
import { refTarget } from '../../platform/resources/references';
import type { HookContext, Resource, Row } from '../../platform/resources/types';
import { requireCounties } from './common';
import { presentServiceLess } from './present';

/** The parent chain of a service, nearest first (stops at 100 levels or a loop already stored). */
export async function ancestorsOf(db: Db | Tx, enterpriseId: string, id: string): Promise<string[]> {
  const chain: string[] = [];
  let current: string | null = id;
  while (current && chain.length < 100) {
    const [row] = await db
      .select({ parent_id: services.parent_id })
      .from(services)
      .where(and(eq(services.id, current), eq(services.enterprise_id, enterpriseId)));
    const parent: string | null = row?.parent_id ?? null;
    if (!parent || parent === id || chain.includes(parent)) break;
    chain.push(parent);
    current = parent;
  }
  return chain;
}

const countiesOf = (affiliation: boolean) =>
  sql<
    string[]
  >`coalesce((select array_agg(${serviceCounties.county_fips} order by ${serviceCounties.county_fips})
    from ${serviceCounties} where ${serviceCounties.service_id} = ${services.id}
    and ${serviceCounties.is_affiliation} = ${sql.raw(affiliation ? 'true' : 'false')}), '{}')`;

/** Counties exist; the parent is not the service itself nor one of its children. */
async function validateService(input: Row, ctx: HookContext): Promise<undefined> {
  const { counties, affiliation_counties, ...columns } = input as ServiceInput;
  const { tx, enterpriseId } = ctx;
  if (columns.county_fips) await requireCounties(tx, [columns.county_fips], 'county_fips');
  if (counties) await requireCounties(tx, counties, 'counties');
  if (affiliation_counties) await requireCounties(tx, affiliation_counties, 'affiliation_counties');
  const selfId = ctx.before?.id as string | undefined;
  if (columns.parent_id && selfId) {
    if (columns.parent_id === selfId) throw badRequest({ parent_id: 'A service cannot be its own parent.' });
    if ((await ancestorsOf(tx, enterpriseId, columns.parent_id)).includes(selfId))
      throw badRequest({ parent_id: 'The parent cannot be one of the service’s own children.' });
  }
}

/** The counties served and affiliated with, when the input names them, replace the stored ones. */
async function saveCounties(row: Row, ctx: HookContext & { input: Row }) {
  const input = ctx.input as ServiceInput;
  const serviceId = row.id as string;
  for (const [list, isAffiliation] of [
    [input.counties, false],
    [input.affiliation_counties, true],
  ] as const) {
    if (!list) continue;
    await ctx.tx
      .delete(serviceCounties)
      .where(
        and(eq(serviceCounties.service_id, serviceId), eq(serviceCounties.is_affiliation, isAffiliation)),
      );
    const unique = [...new Set(list)];
    if (unique.length > 0)
      await ctx.tx.insert(serviceCounties).values(
        unique.map((county_fips) => ({
          service_id: serviceId,
          county_fips,
          is_affiliation: isAffiliation,
        })),
      );
  }
}

const presentService = (row: Row) => serviceOutput.parse(isoRow(row));

const level = refTarget('certification_levels');
const filter = serviceListQuery.shape;

/**
 * Services (agencies). Staff with registry.read list and read every one; a portal user reads the
 * services they administer. Retiring one keeps it, inactive and marked deleted, with the reason:
 * its credentials and roster keep their history.
 */
export const serviceResource: Resource = {
  path: 'services',
  entity: 'services',
  wrapper: 'service',
  singular: 'service',
  tags: ['registry'],
  table: services,
  read: staffOrAdministers('registry.read', 'not_found'),
  listRead: 'registry.read',
  write: 'registry.write',
  input: serviceInput.omit({ updated_at: true }),
  output: serviceOutput,
  present: presentService,
  brief: { param: 'getLess', output: serviceLess, present: (row) => presentServiceLess(row as never) },
  columns: { counties: countiesOf(false), affiliation_counties: countiesOf(true) },
  filters: {
    classification_id: { column: services.classification_id, schema: filter.classification_id },
    county_fips: { column: services.county_fips, schema: filter.county_fips },
    parent_id: { column: services.parent_id, schema: filter.parent_id },
    active: { column: services.active, schema: filter.active },
  },
  search: [services.name, services.service_number, services.city],
  alpha: services.name,
  sort: {
    name: sql`lower(${services.name})`,
    service_number: sql`lower(${services.service_number})`,
    city: sql`lower(${services.city})`,
    state: services.state,
    active: services.active,
    created_at: services.created_at,
    updated_at: services.updated_at,
  },
  defaultSort: 'name',
  filterRoutes: true,
  scope: administeredRows(services.id, ['registry.read']),
  refs: {
    classification_id: refTarget('data_elements'),
    parent_id: refTarget('services'),
    primary_level_id: level,
    permit_level_id: level,
    training_level_ids: level,
  },
  softDelete: { reason: true, set: { active: false } },
  form: {
    title: 'Services',
    listed: ['name', 'service_number', 'city', 'state', 'active'],
    labels: {
      classification_id: 'Classification',
      primary_level_id: 'Primary level',
      permit_level_id: 'Permit level',
      training_level_ids: 'Training levels',
      parent_id: 'Parent service',
      county_fips: 'County (FIPS code)',
      postal_code: 'ZIP code',
    },
    refQuery: { classification_id: { data_section_name: 'organization_types' } },
  },
  events: true,
  hooks: { validate: validateService, afterChange: saveCounties },
};
