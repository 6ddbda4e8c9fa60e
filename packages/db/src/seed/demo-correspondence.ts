import { and, eq } from 'drizzle-orm';
import type { Tx } from '../client';
import { correspondenceRecipients, correspondences, mergeTemplates, notes } from '../schema/correspondence';
import { mailLog } from '../schema/people';
import { enterprises, users } from '../schema/platform';
import { referenceTables } from '../schema/reference';
import { alerts, services } from '../schema/registry';

/**
 * Demo alerts, notes and merge templates: a welcome letter, a renewal reminder, an exam admission
 * letter (sent by the demo automation when a candidate registers) and an approval letter (sent when a
 * request is approved) to merge on the demo people, open alerts on the applicant and on a demo service (the dashboard and the portal badge show
 * them), a staff note on the applicant, and the welcome letter as sent to the applicant two days ago (their
 * portal Messages show it).
 */
export async function seedDemoMessages(tx: Tx, enterpriseId: string, applicantId: string): Promise<void> {
  const types = await tx
    .select({ id: referenceTables.alert_types.id, label: referenceTables.alert_types.label })
    .from(referenceTables.alert_types)
    .where(eq(referenceTables.alert_types.enterprise_id, enterpriseId));
  const typeId = (label: string) => types.find((t) => t.label === label)?.id ?? null;
  const [admin] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.enterprise_id, enterpriseId), eq(users.user_name, 'admin')));
  const [service] = await tx
    .select({ id: services.id })
    .from(services)
    .where(eq(services.enterprise_id, enterpriseId))
    .limit(1);

  await tx.insert(mergeTemplates).values([
    {
      enterprise_id: enterpriseId,
      code: 'Correspondence',
      merge_object: 'person',
      name: 'Welcome letter',
      subject: 'Welcome to {{enterprise.name}}, {{person.first_name}}',
      body_html:
        '<p>Dear {{person.first_name}} {{person.last_name}},</p><p>Your account with {{enterprise.name}} is ready. ' +
        'Sign in to the portal to apply for a licence, upload documents and follow your requests.</p>' +
        '<p>Sincerely,<br>The licensing office</p>',
    },
    {
      enterprise_id: enterpriseId,
      code: 'Certifications',
      merge_object: 'certification',
      name: 'Renewal reminder',
      subject:
        'Your {{certification.license_name}} {{certification.number}} expires on {{certification.expiration_date}}',
      body_html:
        '<p>Dear {{person.first_name}} {{person.last_name}},</p><p>Your credential <strong>{{certification.number}}</strong> ' +
        '({{certification.license_name}}) expires on {{certification.expiration_date}}.</p>' +
        '<ul><li>Complete your continuing education.</li><li>Apply for renewal in the portal.</li></ul>' +
        '<p>{{enterprise.name}}</p>',
    },
    {
      enterprise_id: enterpriseId,
      code: 'Exams',
      merge_object: 'request',
      name: 'Exam admission letter',
      description: 'Sent when a candidate registers for an exam session (the "Exam admissions" trigger)',
      subject: 'Admission to the {{exam.exam_packet}} on {{exam.session_date}}',
      body_html:
        '<p>Dear {{person.first_name}} {{person.last_name}},</p><p>You are admitted to the ' +
        '<strong>{{exam.exam_packet}}</strong> (session {{exam.session_number}}).</p>' +
        '<ul><li>Date: {{exam.session_date}}</li><li>Time: {{exam.start_time}}</li>' +
        '<li>Location: {{exam.location}}, {{exam.location_address}}</li></ul>' +
        '<p>Arrive 30 minutes early with a photo ID. If you cannot attend, withdraw in the portal ' +
        'before the day of the session.</p><p>{{enterprise.name}}</p>',
    },
    {
      enterprise_id: enterpriseId,
      code: 'Licensing',
      merge_object: 'request',
      name: 'Approval letter',
      description: 'Sent when a reviewer approves a request (the "Approval letters" trigger)',
      subject: 'Your {{request.license_name}} request is approved',
      body_html:
        '<p>Dear {{person.first_name}} {{person.last_name}},</p><p>Your request for ' +
        '<strong>{{request.license_name}}</strong> was approved on {{date.today}}.</p>' +
        '<p>Your credential is listed in the portal under My licences, with its certificate and wallet ' +
        'card.</p><p>{{enterprise.name}}</p>',
    },
  ]);

  await tx.insert(alerts).values([
    {
      enterprise_id: enterpriseId,
      alert_type_id: typeId('Credential expiring'),
      user_id: applicantId,
      value: 'National registry card expires within 60 days: ask for the renewed card.',
      created_by: admin?.id ?? null,
    },
    ...(service
      ? [
          {
            enterprise_id: enterpriseId,
            alert_type_id: typeId('Open deficiency'),
            service_id: service.id,
            value: 'Proof of insurance is missing from the last inspection.',
            created_by: admin?.id ?? null,
          },
        ]
      : []),
  ]);

  await seedWelcomeLetter(tx, enterpriseId, applicantId, admin?.id ?? null);

  await tx.insert(notes).values({
    enterprise_id: enterpriseId,
    user_id: applicantId,
    value: 'Called about the application: will upload the course certificate this week.',
    created_by: admin?.id ?? null,
  });
}

/** The welcome letter, merged for the applicant and sent (a send of one message), as staff would have. */
async function seedWelcomeLetter(tx: Tx, enterpriseId: string, applicantId: string, adminId: string | null) {
  const [enterprise] = await tx
    .select({ name: enterprises.name })
    .from(enterprises)
    .where(eq(enterprises.id, enterpriseId));
  const [person] = await tx
    .select({ first_name: users.first_name, last_name: users.last_name, email: users.email })
    .from(users)
    .where(eq(users.id, applicantId));
  const [template] = await tx
    .select()
    .from(mergeTemplates)
    .where(and(eq(mergeTemplates.enterprise_id, enterpriseId), eq(mergeTemplates.name, 'Welcome letter')));
  if (!enterprise || !person?.email || !template)
    throw new Error('the demo letter needs its person and template');
  const office = enterprise.name;
  const subject = `Welcome to ${office}, ${person.first_name}`;
  const html =
    `<p>Dear ${person.first_name} ${person.last_name},</p><p>Your account with ${office} is ready. ` +
    'Sign in to the portal to apply for a licence, upload documents and follow your requests.</p>' +
    '<p>Sincerely,<br>The licensing office</p>';
  const text =
    `Dear ${person.first_name} ${person.last_name},\n\nYour account with ${office} is ready. Sign in to the ` +
    'portal to apply for a licence, upload documents and follow your requests.\n\nSincerely,\nThe licensing office';
  const sentAt = new Date(Date.now() - 2 * 86_400_000);
  const [send] = await tx
    .insert(correspondences)
    .values({
      enterprise_id: enterpriseId,
      // Merged for the applicant, as queueCorrespondence records a letter to one person.
      subject,
      html_body: html,
      text_body: text,
      merge_template_id: template.id,
      merge_object: 'person',
      merge_entity_id: applicantId,
      initiated_by_id: adminId,
      status: 'sent',
      total: 1,
      sent_count: 1,
      completed_at: sentAt,
      created_at: sentAt,
      updated_at: sentAt,
    })
    .returning({ id: correspondences.id });
  // The mail log holds it as it went out (staff read it under Mail).
  const [mail] = await tx
    .insert(mailLog)
    .values({
      enterprise_id: enterpriseId,
      from_address: 'Licensure <no-reply@localhost>',
      to_address: person.email,
      subject,
      text_body: text,
      html_body: html,
      status: 'sent',
      attempts: 1,
      last_attempt_at: sentAt,
      sent_at: sentAt,
      created_at: sentAt,
      updated_at: sentAt,
    })
    .returning({ id: mailLog.id });
  await tx.insert(correspondenceRecipients).values({
    mail_log_id: mail!.id,
    correspondence_id: send!.id,
    enterprise_id: enterpriseId,
    user_id: applicantId,
    address: person.email,
    status: 'sent',
    attempts: 1,
    subject,
    html_body: html,
    text_body: text,
    sent_at: sentAt,
    created_at: sentAt,
    updated_at: sentAt,
  });
}
