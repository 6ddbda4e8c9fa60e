import { type CredentialView, certificationStatuses, certificationStatusLabels } from '@licensure/contracts';
import { certifications, licenses, referenceTables, services, users, vehicles } from '@licensure/db';
import { eq, sql } from 'drizzle-orm';
import type { JoinableQuery, Row } from '../../platform/resources/types';

// One presenter for a credential: My licences (the certifications resource), the certificate and
// wallet card, and the public verification read the same columns through the same joins and shape
// them here, so a level or a status cannot read differently on one of them.

const categoryLevel = referenceTables.license_category_levels;
const certificationLevel = referenceTables.certification_levels;

/**
 * The names a credential is shown with, beside its own columns. Each name but the person's is read by
 * a scalar subquery of a small lookup, not a join: with six left joins the planner spent 7-9 ms a
 * query ordering seven tables (the public person lookup at 1M people); with one it plans in under 1 ms.
 */
export const credentialColumns = {
  license_name: sql<
    string | null
  >`(select ${licenses.name} from ${licenses} where ${licenses.id} = ${certifications.license_id})`,
  // A credential issued through a licence has its category's level; one recorded from the registry
  // (or imported) may have only a certification level: either is the level held.
  level_label: sql<string | null>`coalesce(
      (select ${categoryLevel.label} from ${categoryLevel} where ${categoryLevel.id} = ${certifications.license_category_level_id}),
      (select ${certificationLevel.label} from ${certificationLevel} where ${certificationLevel.id} = ${certifications.certification_level_id}))`,
  holder_name: sql<string | null>`coalesce(
      nullif(trim(concat_ws(' ', ${users.first_name}, ${users.last_name})), ''),
      (select ${services.name} from ${services} where ${services.id} = ${certifications.service_id}),
      (select nullif(concat_ws(' ', ${vehicles.unit_number}, ${vehicles.make}, ${vehicles.model}), '')
         from ${vehicles} where ${vehicles.id} = ${certifications.vehicle_id}))`,
};

/** The join `credentialColumns` reads (on a query from certifications): the person holding it. */
export const joinCredentialNames = (q: JoinableQuery): JoinableQuery =>
  q.leftJoin(users, eq(users.id, certifications.user_id));

type Status = (typeof certificationStatuses)[number];
const isStatus = (v: unknown): v is Status => certificationStatuses.includes(v as Status);
const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** A credential row (its columns and `credentialColumns`) as every reader sees it. */
export function presentCredential(c: Row): CredentialView {
  // The column is constrained to these values; anything else would be a bug, shown as inactive.
  const status: Status = isStatus(c.status) ? c.status : 'inactive';
  const licenseName = text(c.license_name);
  const level = text(c.level_label);
  return {
    number: c.number as string,
    license_name: licenseName,
    title: licenseName ?? level ?? 'Credential',
    level_label: level,
    holder_name: text(c.holder_name),
    status,
    status_label: certificationStatusLabels[status],
    issue_date: (c.issue_date as string | null) ?? null,
    expiration_date: (c.expiration_date as string | null) ?? null,
  };
}
