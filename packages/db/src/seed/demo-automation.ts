import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../client';
import { mergeTemplates } from '../schema/correspondence';
import { referenceTables } from '../schema/reference';
import { certifications } from '../schema/registry';
import {
  licenseScheduledTasks,
  triggerConfigurations,
  triggerConfigurationTriggers,
  triggers,
} from '../schema/triggers';
import { createUser } from './factories';

/**
 * Demo automation: "on submit: alert the applicant that the request waits for review", retired when the
 * review ends (the manual trigger a reviewer can name on a process change, or a decision), and a nightly task that alerts holders of credentials expiring within 60 days and
 * sends them the renewal reminder letter; "Exam admissions" sends the exam admission letter to each
 * candidate who registers for an exam session, and "Approval letters" the approval letter to each
 * applicant whose request is approved. A demo EMT whose credential expires in 45 days (from the
 * day of the seed) gives "Run now" someone to write to.
 */
/** The events on which a request leaves "waiting for review". */
const reviewEnded = ['request.approved', 'request.denied', 'request.returned', 'request.info_requested'];

export async function seedDemoAutomation(tx: Tx, enterpriseId: string, licenseId: string): Promise<void> {
  const [alertType] = await tx
    .select({ id: referenceTables.alert_types.id })
    .from(referenceTables.alert_types)
    .where(
      and(
        eq(referenceTables.alert_types.enterprise_id, enterpriseId),
        eq(referenceTables.alert_types.label, 'Credential expiring'),
      ),
    );
  const [note] = await tx
    .select({ id: referenceTables.alert_types.id })
    .from(referenceTables.alert_types)
    .where(
      and(
        eq(referenceTables.alert_types.enterprise_id, enterpriseId),
        eq(referenceTables.alert_types.label, 'Note'),
      ),
    );
  if (!alertType || !note) throw new Error('the demo needs the standard alert types');
  await tx.insert(triggers).values([
    {
      enterprise_id: enterpriseId,
      code: 'manual.reviewComplete',
      name: 'Review complete',
      entity: 'license_requests',
      kind: 'manual',
      description: 'Named as the manual trigger of a process change when a review step is done',
    },
  ]);
  const byCode = new Map(
    (
      await tx
        .select({ id: triggers.id, code: triggers.code })
        .from(triggers)
        .where(
          and(
            eq(triggers.enterprise_id, enterpriseId),
            inArray(triggers.code, ['licenseRequest.submitted', 'manual.reviewComplete', ...reviewEnded]),
          ),
        )
    ).map((t) => [t.code, t.id]),
  );
  const [config] = await tx
    .insert(triggerConfigurations)
    .values({
      enterprise_id: enterpriseId,
      name: 'Request intake',
      description: 'Alerts on submitted requests and finished reviews',
    })
    .returning();
  await tx.insert(triggerConfigurationTriggers).values([
    {
      enterprise_id: enterpriseId,
      trigger_configuration_id: config!.id,
      trigger_id: byCode.get('licenseRequest.submitted')!,
      actions: [
        { kind: 'createAlert', alert_type_id: note.id, value: 'Request submitted: waiting for review' },
      ],
    },
    // The alert retires once the request is no longer waiting for review: a reviewer names the review
    // complete, or decides it (the events the licensing history records).
    ...['manual.reviewComplete', ...reviewEnded].map((code, i) => ({
      enterprise_id: enterpriseId,
      trigger_configuration_id: config!.id,
      trigger_id: byCode.get(code)!,
      sort_order: i + 1,
      actions: [{ kind: 'retireAlert' as const, alert_type_id: note.id }],
    })),
  ]);
  await seedExamAdmissions(tx, enterpriseId);
  const [reminder] = await tx
    .select({ id: mergeTemplates.id })
    .from(mergeTemplates)
    .where(and(eq(mergeTemplates.enterprise_id, enterpriseId), eq(mergeTemplates.name, 'Renewal reminder')));
  await seedExpiringCredential(tx, enterpriseId);
  await tx.insert(licenseScheduledTasks).values({
    enterprise_id: enterpriseId,
    name: 'Renewal reminders',
    description:
      'Every day: alert holders of EMS credentials that expire within 60 days and send them the renewal reminder',
    merge_template_ids: reminder ? [reminder.id] : [],
    license_id: licenseId,
    frequency_begin_time: '12:00:00',
    expires_within_days: 60,
    create_alerts: [
      { alert_type_id: alertType.id, value: 'Your credential expires within 60 days: apply to renew it' },
    ],
  });
}

/** Jordan Rivera, an EMT of the demo licence like the applicant, whose credential expires in 45 days. */
async function seedExpiringCredential(tx: Tx, enterpriseId: string) {
  const [model] = await tx
    .select()
    .from(certifications)
    .where(and(eq(certifications.enterprise_id, enterpriseId), eq(certifications.number, 'EMT-000123')));
  if (!model) throw new Error('the demo needs the applicant credential EMT-000123');
  const person = await createUser(tx, enterpriseId, {
    user_name: 'jordan.rivera',
    first_name: 'Jordan',
    last_name: 'Rivera',
    email: 'jordan.rivera@example.com',
    is_staff: false,
  });
  const expires = new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10);
  await tx.insert(certifications).values({
    enterprise_id: enterpriseId,
    user_id: person.id,
    license_id: model.license_id,
    license_category_id: model.license_category_id,
    license_category_level_id: model.license_category_level_id,
    certification_level_id: model.certification_level_id,
    certification_status_id: model.certification_status_id,
    status: 'active',
    number: 'EMT-000456',
    issue_date: '2024-11-01',
    expiration_date: expires,
  });
}

/** A configuration that sends a letter (a merge template of the demo) on one catalogued event. */
async function seedLetterOnEvent(
  tx: Tx,
  enterpriseId: string,
  letter: { template: string; event: string; name: string; description: string },
) {
  const [template] = await tx
    .select({ id: mergeTemplates.id })
    .from(mergeTemplates)
    .where(and(eq(mergeTemplates.enterprise_id, enterpriseId), eq(mergeTemplates.name, letter.template)));
  const [trigger] = await tx
    .select({ id: triggers.id })
    .from(triggers)
    .where(and(eq(triggers.enterprise_id, enterpriseId), eq(triggers.code, letter.event)));
  if (!template || !trigger) throw new Error(`the demo needs the ${letter.template} and its event`);
  const [config] = await tx
    .insert(triggerConfigurations)
    .values({ enterprise_id: enterpriseId, name: letter.name, description: letter.description })
    .returning();
  await tx.insert(triggerConfigurationTriggers).values({
    enterprise_id: enterpriseId,
    trigger_configuration_id: config!.id,
    trigger_id: trigger.id,
    actions: [{ kind: 'mergeTemplate', merge_template_id: template.id }],
  });
}

/**
 * On `examCandidate.registered` (about the request): the exam admission letter to the applicant; on
 * `request.approved`: the approval letter.
 */
async function seedExamAdmissions(tx: Tx, enterpriseId: string) {
  await seedLetterOnEvent(tx, enterpriseId, {
    template: 'Exam admission letter',
    event: 'examCandidate.registered',
    name: 'Exam admissions',
    description: 'Sends the exam admission letter to each candidate who registers for a session',
  });
  await seedLetterOnEvent(tx, enterpriseId, {
    template: 'Approval letter',
    event: 'request.approved',
    name: 'Approval letters',
    description: 'Sends the approval letter to the applicant of each request approved',
  });
}
