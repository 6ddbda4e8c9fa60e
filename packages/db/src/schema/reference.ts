import {
  type FieldSpec,
  type ReferenceListKey,
  type ResourceSpec,
  referenceLists,
} from '@licensure/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  type PgColumnBuilderBase,
  type PgTableWithColumns,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, enterpriseId, id, updatedAt } from './columns';

function column(f: FieldSpec): PgColumnBuilderBase {
  switch (f.kind) {
    case 'text':
    case 'longtext':
    case 'select': {
      const c = text(f.name);
      if (f.required)
        return f.defaultValue !== undefined ? c.notNull().default(String(f.defaultValue)) : c.notNull();
      return f.defaultValue !== undefined ? c.default(String(f.defaultValue)) : c;
    }
    case 'int': {
      const c = integer(f.name);
      const d = typeof f.defaultValue === 'number' ? f.defaultValue : undefined;
      if (f.required) return d !== undefined ? c.notNull().default(d) : c.notNull();
      return d !== undefined ? c.default(d) : c;
    }
    case 'bool':
      return boolean(f.name)
        .notNull()
        .default(f.defaultValue === true);
    case 'uuid':
      return f.required ? uuid(f.name).notNull() : uuid(f.name);
    case 'uuids':
      return uuid(f.name).array().notNull().default(sql`'{}'::uuid[]`);
    case 'date':
      return f.required ? date(f.name, { mode: 'string' }).notNull() : date(f.name, { mode: 'string' });
  }
}

// The columns are built from data, so their static type is a record of generic columns.
// biome-ignore lint/suspicious/noExplicitAny: a table whose columns come from a runtime spec
export type ReferenceTable = PgTableWithColumns<any>;

function tableFromSpec(spec: ResourceSpec): ReferenceTable {
  const columns: Record<string, PgColumnBuilderBase> = {
    id: id(),
    enterprise_id: enterpriseId(),
  };
  for (const f of spec.fields) columns[f.name] = column(f);
  columns.created_at = createdAt();
  columns.updated_at = updatedAt();
  const textual = new Set(
    spec.fields.filter((f) => f.kind === 'text' || f.kind === 'select').map((f) => f.name),
  );
  return pgTable(spec.key, columns, (t) => {
    const col = (n: string) => {
      const c = t[n];
      if (!c) throw new Error(`${spec.key}: unique field ${n} is not a field`);
      return textual.has(n) ? sql`lower(${c})` : c;
    };
    return [
      index(`${spec.key}_enterprise_idx`).on(col('enterprise_id')),
      ...spec.unique.map((names) =>
        uniqueIndex(`${spec.key}_${names.join('_')}_key`).on(col('enterprise_id'), ...names.map(col)),
      ),
    ];
  });
}

export const referenceTables = Object.fromEntries(
  referenceLists.map((spec) => [spec.key, tableFromSpec(spec)]),
) as Record<ReferenceListKey, ReferenceTable>;

// drizzle-kit discovers tables through named exports.
export const {
  alert_types,
  application_types,
  attendee_statuses,
  autonumbers,
  background_checks,
  census_tracts,
  certification_levels,
  cms_sites,
  cms_pages,
  countries,
  date_types,
  document_types,
  data_elements,
  entities,
  datasets,
  education_topics,
  entity_enterprise_fields,
  hospitals,
  file_types,
  license_charge_types,
  license_level_configurations,
  license_request_statuses,
  nremt_levels,
  nremt_statuses,
  policy_classifications,
  policy_statuses,
  policy_types,
  portal_pages,
  positions,
  regions,
  topics,
  training_locations,
  transaction_statuses,
  trigger_categories,
  trigger_functions,
  user_statuses,
  validation_types,
  vehicle_specialties,
  vehicle_types,
  xslt_stylesheets,
  security_template_permissions,
  fb_form_types,
  fb_question_types,
  fb_elements,
  fb_form_position_permissions,
  license_categories,
  license_category_levels,
  license_statuses,
  license_category_certification_statuses,
  license_category_certification_attributes,
  license_category_certification_fields,
  license_charges,
  process_licenses,
  process_enterprises,
  license_supplemental_trainings,
  license_request_charges,
  license_request_application_types,
  license_request_supplemental_trainings,
  license_request_fb_responses,
  complaint_categories,
  complaint_statuses,
  complaint_activity_types,
  complaint_monitoring_actions,
  ip_statuses,
  ip_deficiency_categories,
  ip_deficiencies,
  ip_extra_fees,
  ip_templates,
  inspection_autonumbers,
  user_inspectors,
  user_investigators,
  ex_types,
  ex_locations,
  ex_session_statuses,
  ex_alert_types,
  ex_function_as,
  ex_skill_categories,
  ex_autonumbers,
  school_systems,
  schools,
} = referenceTables;
