import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { fbForms, fbResponses, licenseRequests } from '../schema/forms';
import { licenseRequestHistory } from '../schema/licensing';
import {
  application_types,
  license_category_levels,
  license_request_application_types,
  license_request_charges,
  license_request_statuses,
} from '../schema/reference';
import { createUser } from './factories';

const DAY = 86_400_000;

export interface SubmittedRequestInput {
  licenseId: string;
  userId: string;
  /** A form of the licence's package, answered and completed with the request. */
  formId?: string;
  /** When it was submitted (its age in the queue). */
  submittedAt?: Date;
  /** The application types and levels chosen (what approval issues). */
  choices?: { application_type_id: string; license_category_level_id: string }[];
  /** Unpaid charges, in cents, with their description. */
  charges?: { description: string; amount_cents: number; paid?: boolean }[];
}

/** The licence's request status with this code, or null. */
async function statusId(tx: Tx, licenseId: string, code: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: license_request_statuses.id })
    .from(license_request_statuses)
    .where(
      and(
        eq(license_request_statuses.license_id, licenseId),
        sql`lower(${license_request_statuses.code}) = ${code}`,
      ),
    )
    .limit(1);
  return (row?.id as string | undefined) ?? null;
}

/**
 * A request awaiting review, as an applicant would have left it after submitting: its completed
 * response, charges, the "Submitted" status and history. For tests and the demo seed alike.
 */
export async function createSubmittedRequest(tx: Tx, enterpriseId: string, input: SubmittedRequestInput) {
  const submittedAt = input.submittedAt ?? new Date();
  const startedAt = new Date(submittedAt.getTime() - DAY);
  const status = await statusId(tx, input.licenseId, 'submitted');
  const [request] = await tx
    .insert(licenseRequests)
    .values({
      enterprise_id: enterpriseId,
      license_id: input.licenseId,
      user_id: input.userId,
      status_id: status,
      progress: 2,
      review_state: 'submitted',
      application_type_id: input.choices?.[0]?.application_type_id ?? null,
      completed_on: submittedAt,
      created_by: input.userId,
      created_at: startedAt,
      updated_at: submittedAt,
    })
    .returning();
  if (!request) throw new Error('request not created');
  if (input.formId) {
    const [form] = await tx
      .select({ version: fbForms.version })
      .from(fbForms)
      .where(eq(fbForms.id, input.formId));
    await tx.insert(fbResponses).values({
      enterprise_id: enterpriseId,
      form_id: input.formId,
      form_version: form?.version ?? 1,
      user_id: input.userId,
      license_request_id: request.id,
      progress: 2,
      completed_on: submittedAt,
      created_by: input.userId,
    });
  }
  if (input.choices?.length)
    await tx.insert(license_request_application_types).values(
      input.choices.map((c) => ({
        ...c,
        enterprise_id: enterpriseId,
        license_request_id: request.id,
        checked: true,
      })),
    );
  if (input.charges?.length)
    await tx.insert(license_request_charges).values(
      input.charges.map((c) => ({
        enterprise_id: enterpriseId,
        license_request_id: request.id,
        description: c.description,
        quantity: 1,
        amount_cents: c.amount_cents,
        paid: c.paid ?? false,
      })),
    );
  const entry = { enterprise_id: enterpriseId, license_request_id: request.id, user_id: input.userId };
  await tx.insert(licenseRequestHistory).values([
    { ...entry, kind: 'created', at: startedAt },
    { ...entry, kind: 'submitted', license_request_status_id: status, at: submittedAt },
  ]);
  return request;
}

/**
 * Demo work for the reviewer: three people whose applications wait in the queue, submitted 9, 4 and
 * 1 days ago, so the dashboard's "To review" and the queue show real requests at once.
 */
export async function seedDemoRequests(
  tx: Tx,
  enterpriseId: string,
  options: { licenseId: string; formId: string },
) {
  const people = [
    { first_name: 'Jordan', last_name: 'Rivera', days: 9 },
    { first_name: 'Sam', last_name: 'Patel', days: 4 },
    { first_name: 'Casey', last_name: 'Nguyen', days: 1 },
  ];
  const now = Date.now();
  const [initial] = await tx
    .select({ id: application_types.id })
    .from(application_types)
    .where(and(eq(application_types.license_id, options.licenseId), eq(application_types.label, 'Initial')));
  const [emt] = await tx
    .select({ id: license_category_levels.id })
    .from(license_category_levels)
    .where(
      and(
        eq(license_category_levels.license_id, options.licenseId),
        eq(license_category_levels.label, 'EMT'),
      ),
    );
  const choices =
    initial && emt
      ? [{ application_type_id: initial.id as string, license_category_level_id: emt.id as string }]
      : [];
  for (const p of people) {
    const person = await createUser(tx, enterpriseId, {
      first_name: p.first_name,
      last_name: p.last_name,
      email: `${p.first_name.toLowerCase()}.${p.last_name.toLowerCase()}@example.com`,
      user_name: null,
      is_staff: false,
    });
    await createSubmittedRequest(tx, enterpriseId, {
      licenseId: options.licenseId,
      userId: person.id,
      formId: options.formId,
      choices,
      submittedAt: new Date(now - p.days * DAY),
      charges: [{ description: 'Application fee', amount_cents: 5000, paid: p.days > 5 }],
    });
  }
}
