import { type PermissionKey, permissionKeys } from '@licensure/contracts';
import type { Tx } from '../client';
import { enterprises, securityTemplates, userSecurityTemplates, users } from '../schema/platform';
import { security_template_permissions } from '../schema/reference';
import { seedReferenceLists } from './reference-lists';
import { seedTriggers } from './triggers';

/** Factories shared by tests and the demo seed: each creates what it needs and returns it. */

let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

export async function createEnterprise(
  tx: Tx,
  values: Partial<typeof enterprises.$inferInsert> = {},
  options: { referenceData?: boolean } = {},
) {
  const [e] = await tx
    .insert(enterprises)
    .values({ name: 'State Office of EMS', abbreviation: 'TX', ...values })
    .returning();
  if (!e) throw new Error('enterprise not created');
  if (options.referenceData !== false) await seedReferenceLists(tx, e.id);
  await seedTriggers(tx, e.id);
  return e;
}

export async function createSecurityTemplate(
  tx: Tx,
  enterpriseId: string,
  permissions: readonly PermissionKey[],
  values: Partial<typeof securityTemplates.$inferInsert> = {},
) {
  const [t] = await tx
    .insert(securityTemplates)
    .values({ enterprise_id: enterpriseId, label: unique('template'), ...values })
    .returning();
  if (!t) throw new Error('template not created');
  if (permissions.length > 0) {
    await tx.insert(security_template_permissions).values(
      permissions.map((p) => ({
        enterprise_id: enterpriseId,
        security_template_id: t.id,
        permission_key: p,
      })),
    );
  }
  return t;
}

export async function createUser(
  tx: Tx,
  enterpriseId: string,
  values: Partial<typeof users.$inferInsert> & { templateIds?: string[] } = {},
) {
  const { templateIds = [], ...rest } = values;
  const [u] = await tx
    .insert(users)
    .values({
      enterprise_id: enterpriseId,
      user_name: unique('user'),
      first_name: 'Test',
      last_name: 'Person',
      ...rest,
    })
    .returning();
  if (!u) throw new Error('user not created');
  if (templateIds.length > 0) {
    await tx
      .insert(userSecurityTemplates)
      .values(templateIds.map((id) => ({ user_id: u.id, security_template_id: id })));
  }
  return u;
}

/** The security templates every enterprise starts with. */
export async function createStandardTemplates(tx: Tx, enterpriseId: string) {
  const administrator = await createSecurityTemplate(tx, enterpriseId, permissionKeys, {
    label: 'Administrator',
    description: 'Every permission',
  });
  const reviewer = await createSecurityTemplate(
    tx,
    enterpriseId,
    [
      'lookups.read',
      'configuration.read',
      'users.read',
      'registry.read',
      'logging.read',
      'enterprise.read',
      'forms.read',
      'responses.read',
      'documents.read',
      'licensing.read',
      'requests.read',
      'requests.review',
      'triggers.read',
      'scheduledTasks.read',
      'alerts.read',
      'notes.read',
      'notes.write',
      'merge.read',
      'correspondence.read',
      'payments.read',
      'education.read',
      'inspections.read',
      'queries.read',
      'policies.read',
    ],
    {
      label: 'Reviewer',
      description: 'Reviews requests; reads reference lists and people',
    },
  );
  const portal = await createSecurityTemplate(tx, enterpriseId, ['lookups.read'], {
    label: 'Portal applicant',
    description: 'What every portal user may do',
    is_portal_default: true,
  });
  return { administrator, reviewer, portal };
}
