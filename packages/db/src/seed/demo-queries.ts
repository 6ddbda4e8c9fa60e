import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../client';
import { securityGroupMembers, securityGroups } from '../schema/people';
import { users } from '../schema/platform';
import { savedQueries, savedQueryShares } from '../schema/queries';

/**
 * Demo saved queries: a "Licensing analysts" security group holding the reviewer, and the admin's
 * "EMTs in Travis County" (people by certification level and county, by last name, charted by
 * county) shared with it as viewers, so the reviewer opens it read-only. The demo applicant (an EMT at
 * the Austin service) gets a home address in Austin, Travis County, so the query lists them.
 */
export async function seedDemoQueries(tx: Tx, enterpriseId: string, people: { admin: { id: string } }) {
  await tx
    .update(users)
    .set({ street: '12 Oak Lane', city: 'Austin', state: 'TX', postal_code: '78704', county_fips: '48453' })
    .where(
      and(eq(users.enterprise_id, enterpriseId), eq(users.user_name, 'applicant'), isNull(users.county_fips)),
    );
  const [group] = await tx
    .insert(securityGroups)
    .values({
      enterprise_id: enterpriseId,
      label: 'Licensing analysts',
      description: 'Staff who read the saved reports on the registry',
    })
    .returning();
  const [reviewer] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.enterprise_id, enterpriseId), eq(users.user_name, 'reviewer')));
  if (group && reviewer)
    await tx.insert(securityGroupMembers).values({ security_group_id: group.id, user_id: reviewer.id });
  const [query] = await tx
    .insert(savedQueries)
    .values({
      enterprise_id: enterpriseId,
      owner_id: people.admin.id,
      name: 'EMTs in Travis County',
      description: 'People holding an EMT certification who live in Travis County, by last name',
      subject: 'people',
      query_column_values: [
        { field: 'people.last_name', sort_order: 0, sort: 'asc' },
        { field: 'people.first_name', sort_order: 1 },
        { field: 'people.county', sort_order: 2 },
        { field: 'people.certification_level', sort_order: 3 },
        { field: 'people.certification_expiration', sort_order: 4 },
      ],
      query_filter_values: [
        { field: 'people.certification_level', operator: '=', value: 'EMT' },
        { field: 'people.county', operator: '=', value: 'Travis County' },
      ],
      default_view: 'table',
      chart_field: 'people.county',
    })
    .returning();
  if (group && query)
    await tx
      .insert(savedQueryShares)
      .values({ query_id: query.id, security_group_id: group.id, role: 'viewer' });
}
