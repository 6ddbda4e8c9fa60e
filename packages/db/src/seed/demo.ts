import type { Db } from '../client';
import { enterprises } from '../schema/platform';
import { seedDemoAutomation } from './demo-automation';
import { seedDemoComplaints } from './demo-complaints';
import { seedDemoMessages } from './demo-correspondence';
import { seedDemoEducation } from './demo-education';
import { seedDemoExams } from './demo-exams';
import { seedDemoForms } from './demo-forms';
import { seedDemoInsight } from './demo-insight';
import { seedDemoInspections } from './demo-inspections';
import { seedDemoLicensing } from './demo-licensing';
import { seedDemoNationalRegistry } from './demo-national-exchange';
import { seedDemoNemsis } from './demo-nemsis';
import { seedDemoPayments } from './demo-payments';
import { seedDemoPublicSite } from './demo-public-site';
import { seedDemoQueries } from './demo-queries';
import { seedDemoRegistry } from './demo-registry';
import { seedDemoRequests } from './demo-requests';
import { createEnterprise, createStandardTemplates, createUser } from './factories';
import { seedGeography } from './geography';

export const demoAccounts = [
  { user_name: 'admin', password: 'admin-demo-2026', role: 'staff, all permissions' },
  { user_name: 'reviewer', password: 'reviewer-demo-2026', role: 'staff, Reviewer template' },
  { user_name: 'applicant', password: 'applicant-demo-2026', role: 'portal user' },
] as const;

export interface SeedOptions {
  /** Hashes passwords (argon2id in the server). */
  hashPassword: (password: string) => Promise<string>;
  /** Create the demo accounts; never in production. */
  demo: boolean;
}

/**
 * First start: national reference data, one enterprise with its standard lists and templates, and,
 * outside production, the demo accounts. Does nothing when an enterprise exists.
 */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<{ seeded: boolean }> {
  const existing = await db.select({ id: enterprises.id }).from(enterprises).limit(1);
  if (existing.length > 0) return { seeded: false };
  await seedGeography(db);
  const hashes = options.demo
    ? await Promise.all(demoAccounts.map((a) => options.hashPassword(a.password)))
    : [];
  await db.transaction(async (tx) => {
    const enterprise = await createEnterprise(tx, {
      name: 'State Office of Emergency Medical Services',
      abbreviation: 'TX',
      login_criteria: options.demo
        ? 'Demo system: sign in with one of the demo accounts listed in the README.'
        : '',
      duplicate_prevention_text: options.demo
        ? 'Have you held a licence or applied with this office before? Then you already have an account: do not register again. Use "Forgot user name" or "Forgot password" on the sign-in page, or call the licensing office.'
        : '',
    });
    const templates = await createStandardTemplates(tx, enterprise.id);
    if (!options.demo) return;
    const admin = await createUser(tx, enterprise.id, {
      user_name: 'admin',
      first_name: 'Alex',
      last_name: 'Admin',
      email: 'admin@example.gov',
      is_staff: true,
      password_hash: hashes[0],
      templateIds: [templates.administrator.id],
    });
    await createUser(tx, enterprise.id, {
      user_name: 'reviewer',
      first_name: 'Riley',
      last_name: 'Reviewer',
      email: 'reviewer@example.gov',
      is_staff: true,
      password_hash: hashes[1],
      templateIds: [templates.reviewer.id],
    });
    const applicant = await createUser(tx, enterprise.id, {
      user_name: 'applicant',
      first_name: 'Avery',
      last_name: 'Applicant',
      email: 'applicant@example.com',
      is_staff: false,
      password_hash: hashes[2],
    });
    await seedDemoRegistry(tx, enterprise.id, { applicant });
    await seedDemoNemsis(tx, enterprise.id);
    await seedDemoNationalRegistry(tx, enterprise.id, applicant);
    const { formId } = await seedDemoForms(tx, enterprise.id);
    const { licenseId } = await seedDemoLicensing(tx, enterprise.id, formId);
    await seedDemoRequests(tx, enterprise.id, { licenseId, formId });
    await seedDemoPayments(tx, enterprise.id, { applicantId: applicant.id, licenseId, formId });
    // Messages first: the demo's renewal task sends their renewal reminder template.
    await seedDemoMessages(tx, enterprise.id, applicant.id);
    await seedDemoAutomation(tx, enterprise.id, licenseId);
    await seedDemoComplaints(tx, enterprise.id, { admin });
    await seedDemoEducation(tx, enterprise.id, { applicantId: applicant.id, licenseId });
    await seedDemoInspections(tx, enterprise.id, { admin, applicant });
    await seedDemoExams(tx, enterprise.id, { admin, applicantId: applicant.id, licenseId });
    await seedDemoQueries(tx, enterprise.id, { admin });
    await seedDemoInsight(tx, enterprise.id, licenseId);
    await seedDemoPublicSite(tx, enterprise.id, { admin });
  });
  return { seeded: true };
}
