import { and, eq } from 'drizzle-orm';
import type { Tx } from '../client';
import { fireDrills } from '../schema/fire-drills';
import { policies } from '../schema/policies';
import {
  cms_pages,
  cms_sites,
  policy_classifications,
  policy_statuses,
  policy_types,
  portal_pages,
  school_systems,
  schools,
} from '../schema/reference';
import { createSecurityTemplate } from './factories';

const idOf = async (tx: Tx, table: typeof policy_types, enterpriseId: string, label: string) => {
  const [row] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.enterprise_id, enterpriseId), eq(table.label, label)));
  return (row?.id as string | undefined) ?? null;
};

/**
 * The demo public site: a portal site with a published home page, an about page under it and a draft
 * (not in the menu), the public pages the portal lists, a published policy and a draft protocol, a school
 * system with three schools and a drill one of them reported; a Web editor template.
 */
export async function seedDemoPublicSite(tx: Tx, enterpriseId: string, staff: { admin: { id: string } }) {
  const [site] = await tx
    .insert(cms_sites)
    .values({ enterprise_id: enterpriseId, label: 'Public site', host: 'localhost' })
    .returning();
  const page = (values: Record<string, unknown>) =>
    tx
      .insert(cms_pages)
      .values({ enterprise_id: enterpriseId, cms_site_id: site!.id, ...values })
      .returning();
  const [home] = await page({
    label: 'Home',
    slug: 'home',
    sort_order: 1,
    published: true,
    content:
      '<h2>Welcome to the State Office of Emergency Medical Services</h2><p>We license EMS personnel, services and vehicles across the state. Verify a licence, file a complaint, read our policies and protocols, or report a school fire drill from the links on this site.</p><ul><li><p>Office hours: Monday to Friday, 8 a.m. to 5 p.m.</p></li><li><p>Phone: (512) 555-0100</p></li></ul>',
  });
  await page({
    label: 'About the office',
    slug: 'about',
    sort_order: 2,
    published: true,
    parent_id: home!.id,
    content:
      '<h2>About the office</h2><p>The office licenses emergency medical personnel and agencies, inspects ambulances, approves education and investigates complaints.</p>',
  });
  await page({
    label: 'Renewal season notice',
    slug: 'renewal-notice',
    sort_order: 3,
    published: false,
    content: '<p>Draft: the renewal season opens on March 1.</p>',
  });
  await tx.insert(portal_pages).values([
    { enterprise_id: enterpriseId, label: 'Home', route: '/home', is_public: true, sort_order: 1 },
    {
      enterprise_id: enterpriseId,
      label: 'Verify a licence',
      route: '/verify',
      is_public: true,
      sort_order: 2,
    },
    {
      enterprise_id: enterpriseId,
      label: 'File a complaint',
      route: '/complaint',
      is_public: true,
      sort_order: 3,
    },
    {
      enterprise_id: enterpriseId,
      label: 'Policies and protocols',
      route: '/policies',
      is_public: true,
      sort_order: 4,
    },
    {
      enterprise_id: enterpriseId,
      label: 'Report a fire drill',
      route: '/firedrill',
      is_public: true,
      sort_order: 5,
    },
  ]);

  await tx.insert(policies).values([
    {
      enterprise_id: enterpriseId,
      title: 'Continuing education audits',
      number: 'POL-101',
      policy_type_id: await idOf(tx, policy_types, enterpriseId, 'Policy'),
      policy_status_id: await idOf(tx, policy_statuses, enterpriseId, 'Published'),
      policy_classification_id: await idOf(tx, policy_classifications, enterpriseId, 'Administrative'),
      summary: 'How the office selects renewed licensees for a continuing education audit.',
      content:
        '<p>Each renewal cycle the office audits a random sample of the renewed licensees. An audited licensee sends the certificates of the courses they claimed within 30 days.</p>',
      effective_date: '2026-01-01',
      published: true,
      published_at: new Date(),
      created_by: staff.admin.id,
    },
    {
      enterprise_id: enterpriseId,
      title: 'Spinal motion restriction',
      number: 'PRO-210',
      policy_type_id: await idOf(tx, policy_types, enterpriseId, 'Protocol'),
      policy_status_id: await idOf(tx, policy_statuses, enterpriseId, 'Draft'),
      policy_classification_id: await idOf(tx, policy_classifications, enterpriseId, 'Clinical'),
      summary: 'When to restrict spinal motion, and how.',
      content: '<p>Draft under review by the medical director.</p>',
      effective_date: '2027-01-01',
      created_by: staff.admin.id,
    },
    {
      // Published ahead of its date: the public site lists it apart, under "Coming into force".
      enterprise_id: enterpriseId,
      title: 'Airway management',
      number: 'PRO-220',
      policy_type_id: await idOf(tx, policy_types, enterpriseId, 'Protocol'),
      policy_status_id: await idOf(tx, policy_statuses, enterpriseId, 'Published'),
      policy_classification_id: await idOf(tx, policy_classifications, enterpriseId, 'Clinical'),
      summary: 'Adult airway management, revised for the coming year.',
      content: '<p>Confirm every advanced airway with waveform capnography.</p>',
      effective_date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      published: true,
      published_at: new Date(),
      created_by: staff.admin.id,
    },
  ]);

  const [district] = await tx
    .insert(school_systems)
    .values({
      enterprise_id: enterpriseId,
      label: 'Travis County Independent School District',
      county: 'Travis',
      contact_email: 'safety@travis-isd.example.org',
    })
    .returning();
  const added = await tx
    .insert(schools)
    .values(
      [
        ['Barton Creek Elementary', '1200 Barton Hills Dr'],
        ['Lamar Middle School', '6201 Wynona Ave'],
        ['Riverside High School', '3500 S Lakeshore Blvd'],
      ].map(([label, address], i) => ({
        enterprise_id: enterpriseId,
        school_system_id: district!.id,
        label,
        address,
        city: 'Austin',
        sort_order: i + 1,
      })),
    )
    .returning();
  await tx.insert(fireDrills).values({
    enterprise_id: enterpriseId,
    school_id: added[0]!.id,
    // A month ago: a drill is reported after it happens.
    drill_date: new Date(Date.now() - 30 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10),
    drill_time: '10:30',
    drill_type: 'fire',
    announced: false,
    evacuation_seconds: 185,
    occupants: 412,
    reporter_name: 'Dana Principal',
    reporter_title: 'Principal',
    reporter_email: 'principal@barton.example.org',
    source: 'public',
  });

  await createSecurityTemplate(
    tx,
    enterpriseId,
    ['lookups.read', 'configuration.read', 'policies.read', 'policies.write', 'cms.write', 'firedrills.read'],
    { label: 'Web editor', description: 'Keeps the public site: its pages, menu and policies' },
  );
}
