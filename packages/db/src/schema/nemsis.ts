import { jsonb, pgTable, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseId, id, updatedAt } from './columns';

/**
 * The NEMSIS facts about a service (agency) that the registry does not otherwise hold, as NEMSIS v3.5.1
 * codes: primary and other types of service, organisation status, tax status, procedures, medications,
 * protocols, EMD (dAgency.09/.10/.12/.14, dConfiguration.07/.09/.10/.13). `service_id` null is the
 * state's own configuration (sConfiguration). The shape is `nemsisProfileValues` in packages/contracts.
 */
export const nemsisProfiles = pgTable(
  'nemsis_profiles',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    service_id: uuid('service_id'),
    values: jsonb('values').$type<Record<string, unknown>>().notNull().default({}),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [unique('nemsis_profiles_service_key').on(t.enterprise_id, t.service_id).nullsNotDistinct()],
);
