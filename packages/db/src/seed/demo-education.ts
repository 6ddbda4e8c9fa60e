import { and, eq } from 'drizzle-orm';
import type { Tx } from '../client';
import {
  courseAttendees,
  educationLevels,
  serviceUserLongevities,
  serviceUserTrainings,
  trainings,
} from '../schema/education';
import { licenseRequests } from '../schema/forms';
import { licenseRequestHistory } from '../schema/licensing';
import {
  application_types,
  attendee_statuses,
  education_topics,
  license_category_levels,
} from '../schema/reference';
import { certifications, services } from '../schema/registry';
import { createSecurityTemplate, createUser } from './factories';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * Demo continuing education: topics, the EMT level asking 6 hours of Airway, 4 of Cardiology and 4 of
 * Trauma for a renewal in each 24-month cycle; the applicant has Cardiology and half the Trauma done, so
 * the portal shows Airway and Trauma missing and the upcoming courses that cover them. A CPR update has
 * a roster of four other renewed EMTs (for bulk removal and a CE audit sample), the demo service has a
 * reimbursable course and a longevity record, and an Education coordinator template is ready to assign.
 */
export async function seedDemoEducation(
  tx: Tx,
  enterpriseId: string,
  demo: { applicantId: string; licenseId: string },
) {
  const e = { enterprise_id: enterpriseId };
  await createSecurityTemplate(
    tx,
    enterpriseId,
    ['lookups.read', 'users.read', 'registry.read', 'documents.read', 'education.read', 'education.write'],
    {
      label: 'Education coordinator',
      description: 'Runs courses, rosters, longevity, reimbursements and CE audits',
    },
  );
  const [airway, cardiology, trauma, pediatrics] = await tx
    .insert(education_topics)
    .values(
      ['Airway', 'Cardiology', 'Trauma', 'Pediatrics'].map((label, i) => ({
        ...e,
        label,
        sort_order: i + 1,
      })),
    )
    .returning();
  const topic = (t: typeof airway, hours: number) => ({ topic_id: t!.id as string, hours });
  const [emt] = await tx
    .select({ id: license_category_levels.id })
    .from(license_category_levels)
    .where(
      and(eq(license_category_levels.license_id, demo.licenseId), eq(license_category_levels.label, 'EMT')),
    );
  const [renewal] = await tx
    .select({ id: application_types.id })
    .from(application_types)
    .where(and(eq(application_types.license_id, demo.licenseId), eq(application_types.label, 'Renewal')));
  const renewalType = renewal!.id as string;
  const [level] = await tx
    .insert(educationLevels)
    .values({
      ...e,
      label: 'EMT continuing education',
      description: 'Hours an EMT completes in each two-year certification cycle to renew.',
      license_category_level_id: (emt?.id as string | undefined) ?? null,
      cycle_months: 24,
      requirements: [
        { ...topic(airway, 6), application_type_id: renewalType },
        { ...topic(cardiology, 4), application_type_id: renewalType },
        { ...topic(trauma, 4), application_type_id: renewalType },
      ],
    })
    .returning();
  const course = (
    name: string,
    number: string,
    start: number,
    topics: ReturnType<typeof topic>[],
    capacity = 20,
  ) => ({
    ...e,
    name,
    course_number: number,
    education_level_id: level!.id,
    instructor: 'Jordan Medic, NRP',
    start_date: day(start),
    end_date: day(start),
    capacity,
    training_topics: topics,
  });
  const [cardio, traumaRefresher, , , , cpr] = await tx
    .insert(trainings)
    .values([
      course('Cardiology update', 'CE-101', -260, [topic(cardiology, 4)]),
      course('Trauma refresher', 'CE-102', -120, [topic(trauma, 2)]),
      // Held today: upcoming in the what-if list, and its attendees can be marked complete once it has begun.
      course('Airway management workshop', 'CE-201', 0, [topic(airway, 6)]),
      course('Trauma skills day', 'CE-202', 10, [topic(trauma, 2)]),
      course('Pediatric airway', 'CE-203', 21, [topic(airway, 4), topic(pediatrics, 2)]),
      course('CPR instructor update', 'CE-204', 14, [topic(cardiology, 2)], 12),
    ])
    .returning();
  const statuses = await tx
    .select()
    .from(attendee_statuses)
    .where(eq(attendee_statuses.enterprise_id, enterpriseId));
  const statusId = (label: string) =>
    (statuses.find((s) => s.label === label)?.id as string | undefined) ?? null;
  await tx.insert(courseAttendees).values([
    {
      ...e,
      training_id: cardio!.id,
      user_id: demo.applicantId,
      attendee_status_id: statusId('Completed'),
      completed_on: day(-260),
    },
    {
      ...e,
      training_id: traumaRefresher!.id,
      user_id: demo.applicantId,
      attendee_status_id: statusId('Completed'),
      completed_on: day(-120),
    },
  ]);

  // A course the applicant entered themselves, waiting for staff to verify or reject it.
  await tx.insert(trainings).values({
    ...e,
    name: 'Wilderness first aid (out of state)',
    instructor: 'Mountain Rescue Academy',
    start_date: day(-40),
    end_date: day(-39),
    training_topics: [topic(trauma, 2)],
    self_entered: true,
    verified: false,
    entered_by: demo.applicantId,
  });

  // Four renewed EMTs: on the CPR update's roster and in the population a CE audit samples from.
  const names = [
    ['Morgan', 'Reyes'],
    ['Casey', 'Nguyen'],
    ['Taylor', 'Brooks'],
    ['Jamie', 'Ortiz'],
  ];
  for (const [i, [first, last]] of names.entries()) {
    const person = await createUser(tx, enterpriseId, {
      user_name: `demo.emt${i + 1}`,
      first_name: first,
      last_name: last,
      email: `emt${i + 1}@example.com`,
      is_staff: false,
    });
    const [cert] = await tx
      .insert(certifications)
      .values({
        ...e,
        user_id: person.id,
        license_id: demo.licenseId,
        license_category_level_id: (emt?.id as string | undefined) ?? null,
        number: `EMT-00090${i + 1}`,
        status: 'active',
        issue_date: '2022-03-01',
        expiration_date: '2028-03-31',
      })
      .returning();
    const [req] = await tx
      .insert(licenseRequests)
      .values({
        ...e,
        license_id: demo.licenseId,
        user_id: person.id,
        application_type_id: renewalType,
        renews_certification_id: cert!.id,
        review_state: 'approved',
        progress: 2,
        completed_on: new Date(Date.now() - (30 + i) * 86_400_000),
      })
      .returning();
    await tx.insert(licenseRequestHistory).values({
      ...e,
      license_request_id: req!.id,
      kind: 'issued',
      note: 'Renewed',
      at: new Date(Date.now() - (20 + i) * 86_400_000),
    });
    await tx
      .insert(courseAttendees)
      .values({ ...e, training_id: cpr!.id, user_id: person.id, attendee_status_id: statusId('Registered') });
  }

  const [service] = await tx
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.enterprise_id, enterpriseId), eq(services.service_number, 'SVC-1001')));
  if (service) {
    await tx.insert(serviceUserTrainings).values({
      ...e,
      service_id: service.id,
      user_id: demo.applicantId,
      training_id: cardio!.id,
      reimburse: true,
      amount_cents: 15_000,
      note: 'Course fee paid by the service',
    });
    await tx.insert(serviceUserLongevities).values({
      ...e,
      service_id: service.id,
      user_id: demo.applicantId,
      years: 5,
      start_date: '2021-06-01',
      end_date: '2026-05-31',
      amount_cents: 50_000,
      approve: true,
    });
  }
}
