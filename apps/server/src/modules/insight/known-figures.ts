import {
  ceAuditMembers,
  ceAudits,
  certification_levels,
  certifications,
  complaint_statuses,
  complaints,
  counties,
  createEnterprise,
  createUser,
  type Db,
  exCandidates,
  exResults,
  exSessions,
  exSkills,
  investigations,
  ipInspectionDeficiencies,
  ipInspections,
  ipVisits,
  licenseRequestHistory,
  licenseRequests,
  licenses,
  states,
  transactionAllocations,
  transactions,
} from '@licensure/db';

const DAY = 86_400_000;
export const at = (iso: string) => new Date(iso);
const daysAgo = (n: number, now: Date) => new Date(now.getTime() - n * DAY);
const dateIn = (n: number, now: Date) => new Date(now.getTime() + n * DAY).toISOString().slice(0, 10);

type HistoryStep = [kind: typeof licenseRequestHistory.$inferInsert.kind, at: string];

/** A request of the licence with its history; completed_on is its last submission. */
async function decidedRequest(
  db: Db,
  enterpriseId: string,
  licenseId: string,
  userId: string,
  steps: HistoryStep[],
  deciderId: string,
) {
  const submissions = steps.filter(([k]) => k === 'submitted');
  const last = steps[steps.length - 1]!;
  const [r] = await db
    .insert(licenseRequests)
    .values({
      enterprise_id: enterpriseId,
      license_id: licenseId,
      user_id: userId,
      progress: 2,
      review_state: last[0] === 'issued' ? 'approved' : 'denied',
      completed_on: at(submissions[submissions.length - 1]![1]),
    })
    .returning();
  await db.insert(licenseRequestHistory).values(
    steps.map(([kind, when]) => ({
      enterprise_id: enterpriseId,
      license_request_id: r!.id,
      kind,
      at: at(when),
      user_id: kind === 'issued' || kind === 'denied' ? deciderId : userId,
    })),
  );
  return r!;
}

/**
 * Known records of every figure in an enterprise (the test's figures are computed by hand from them):
 * requests waiting 3, 20 and 100 days, three decided in March 2026, credentials expiring in 10, 45 and
 * 80 days, March's money, visits, deficiencies, complaints, a session's results and a CE audit.
 */
export async function seedKnownFigures(db: Db, enterpriseId: string, reviewerId: string, now = new Date()) {
  const applicant = await createUser(db, enterpriseId, {
    first_name: 'Ada',
    last_name: 'Applicant',
    county_fips: '48453',
  });
  const [licence] = await db
    .insert(licenses)
    .values({ enterprise_id: enterpriseId, name: 'Paramedic licence', entity: 'user' })
    .returning();
  const licenseId = licence!.id;
  // The backlog today: 3 days (checked out by the reviewer), 20 and 100 days (nobody).
  const waiting = [
    { age: 3, assigned_to: reviewerId },
    { age: 20, assigned_to: null },
    { age: 100, assigned_to: null },
  ];
  const backlog = await db
    .insert(licenseRequests)
    .values(
      waiting.map((w) => ({
        enterprise_id: enterpriseId,
        license_id: licenseId,
        user_id: applicant.id,
        progress: 2,
        review_state: 'submitted' as const,
        completed_on: daysAgo(w.age, now),
        assigned_to: w.assigned_to,
        assigned_at: w.assigned_to ? daysAgo(1, now) : null,
      })),
    )
    .returning();
  // Decided in March 2026: 10 days (3 returned to the applicant), 4 days (denied), 6 days (2 asked of the applicant).
  const d1 = await decidedRequest(
    db,
    enterpriseId,
    licenseId,
    applicant.id,
    [
      ['submitted', '2026-03-02T10:00:00Z'],
      ['returned', '2026-03-04T10:00:00Z'],
      ['submitted', '2026-03-07T10:00:00Z'],
      ['issued', '2026-03-12T10:00:00Z'],
    ],
    reviewerId,
  );
  const d2 = await decidedRequest(
    db,
    enterpriseId,
    licenseId,
    applicant.id,
    [
      ['submitted', '2026-03-03T10:00:00Z'],
      ['denied', '2026-03-07T10:00:00Z'],
    ],
    reviewerId,
  );
  await decidedRequest(
    db,
    enterpriseId,
    licenseId,
    applicant.id,
    [
      ['submitted', '2026-03-09T10:00:00Z'],
      ['info_requested', '2026-03-10T10:00:00Z'],
      ['info_answered', '2026-03-12T10:00:00Z'],
      ['issued', '2026-03-15T10:00:00Z'],
    ],
    reviewerId,
  );

  await db.insert(states).values({ fips: '48', abbreviation: 'TX', name: 'Texas' }).onConflictDoNothing();
  await db
    .insert(counties)
    .values({ fips: '48453', state_fips: '48', name: 'Travis County' })
    .onConflictDoNothing();
  const [level] = await db
    .insert(certification_levels)
    .values({ enterprise_id: enterpriseId, label: 'Insight EMT' })
    .returning();
  const cert = (days: number, status: 'active' | 'suspended' | 'expired', n: number) => ({
    enterprise_id: enterpriseId,
    user_id: applicant.id,
    certification_level_id: level!.id,
    number: `INS${n}`,
    status,
    expiration_date: dateIn(days, now),
  });
  await db
    .insert(certifications)
    .values([
      cert(10, 'active', 1),
      cert(45, 'active', 2),
      cert(80, 'active', 3),
      cert(10, 'suspended', 4),
      cert(-5, 'expired', 5),
      cert(120, 'active', 6),
    ]);

  const money = await db
    .insert(transactions)
    .values([
      {
        enterprise_id: enterpriseId,
        user_id: applicant.id,
        method: 'test',
        state: 'settled' as const,
        amount_cents: 10000,
        settled_at: at('2026-03-05T12:00:00Z'),
      },
      {
        enterprise_id: enterpriseId,
        user_id: applicant.id,
        kind: 'refund' as const,
        method: 'test',
        state: 'settled' as const,
        amount_cents: 2500,
        settled_at: at('2026-03-20T12:00:00Z'),
      },
      {
        enterprise_id: enterpriseId,
        user_id: applicant.id,
        method: 'voucher',
        state: 'settled' as const,
        amount_cents: 5000,
        settled_at: at('2026-03-06T12:00:00Z'),
      },
      {
        enterprise_id: enterpriseId,
        user_id: applicant.id,
        method: 'test',
        state: 'pending' as const,
        amount_cents: 99900,
      },
    ])
    .returning();
  await db.insert(transactionAllocations).values([
    {
      enterprise_id: enterpriseId,
      transaction_id: money[0]!.id,
      license_request_id: d1.id,
      amount_cents: 10000,
    },
    {
      enterprise_id: enterpriseId,
      transaction_id: money[1]!.id,
      license_request_id: d1.id,
      amount_cents: -2500,
    },
    {
      enterprise_id: enterpriseId,
      transaction_id: money[2]!.id,
      license_request_id: d2.id,
      amount_cents: 5000,
    },
  ]);

  const serviceId = crypto.randomUUID();
  const visits = await db
    .insert(ipVisits)
    .values([
      { enterprise_id: enterpriseId, service_id: serviceId, inspection_date: dateIn(10, now) },
      { enterprise_id: enterpriseId, service_id: serviceId, inspection_date: dateIn(-5, now) },
      {
        enterprise_id: enterpriseId,
        service_id: serviceId,
        inspection_date: dateIn(-30, now),
        status: 'completed' as const,
      },
    ])
    .returning();
  const [inspection] = await db
    .insert(ipInspections)
    .values({
      enterprise_id: enterpriseId,
      visit_id: visits[2]!.id,
      ip_template_id: crypto.randomUUID(),
      entity: 'service',
      service_id: serviceId,
      submitted: true,
    })
    .returning();
  await db.insert(ipInspectionDeficiencies).values([
    {
      enterprise_id: enterpriseId,
      inspection_id: inspection!.id,
      description: 'Expired drugs',
      due_date: dateIn(-1, now),
    },
    {
      enterprise_id: enterpriseId,
      inspection_id: inspection!.id,
      description: 'Torn seat',
      due_date: dateIn(20, now),
    },
    {
      enterprise_id: enterpriseId,
      inspection_id: inspection!.id,
      description: 'Fixed',
      corrected_on: dateIn(-2, now),
    },
  ]);

  const [intake] = await db
    .insert(complaint_statuses)
    .values({ enterprise_id: enterpriseId, label: 'Insight intake', sort_order: -1 })
    .returning();
  const filed = await db
    .insert(complaints)
    .values([
      {
        enterprise_id: enterpriseId,
        description: 'Late',
        complaint_status_id: intake!.id,
        received_at: daysAgo(10, now),
      },
      {
        enterprise_id: enterpriseId,
        description: 'Rude',
        complaint_status_id: intake!.id,
        received_at: daysAgo(100, now),
      },
      {
        enterprise_id: enterpriseId,
        description: 'Drunk',
        received_at: at('2026-01-10T00:00:00Z'),
        closed_at: at('2026-03-18T00:00:00Z'),
      },
      {
        enterprise_id: enterpriseId,
        description: 'Unfounded',
        received_at: at('2026-02-10T00:00:00Z'),
        closed_at: at('2026-03-25T00:00:00Z'),
      },
    ])
    .returning();
  await db.insert(investigations).values([
    { enterprise_id: enterpriseId, complaint_id: filed[2]!.id, outcome: 'reprimand' as const },
    { enterprise_id: enterpriseId, complaint_id: filed[2]!.id, outcome: 'suspension' as const },
  ]);

  const [skill] = await db
    .insert(exSkills)
    .values({ enterprise_id: enterpriseId, name: 'Trauma assessment' })
    .returning();
  const packetId = crypto.randomUUID();
  const [session] = await db
    .insert(exSessions)
    .values({
      enterprise_id: enterpriseId,
      number: 'EX-INS',
      session_date: '2026-03-20',
      exam_packet_id: packetId,
      capacity: 10,
    })
    .returning();
  const candidates = await db
    .insert(exCandidates)
    .values(
      [d1.id, d2.id].map((rid) => ({
        enterprise_id: enterpriseId,
        session_id: session!.id,
        license_request_id: rid,
        exam_packet_id: packetId,
      })),
    )
    .returning();
  const formId = crypto.randomUUID();
  await db.insert(exResults).values(
    candidates.map((c, i) => ({
      enterprise_id: enterpriseId,
      candidate_id: c.id,
      session_id: session!.id,
      exam_form_id: formId,
      skill_id: skill!.id,
      passed: i === 0,
    })),
  );

  const [audit] = await db
    .insert(ceAudits)
    .values({
      enterprise_id: enterpriseId,
      label: 'Spring audit',
      percentage: 5,
      renewed_from: '2025-01-01',
      renewed_to: '2025-12-31',
      due_date: '2026-03-31',
    })
    .returning();
  const members = await Promise.all(
    [1, 2, 3].map((i) => createUser(db, enterpriseId, { first_name: `Audited${i}` })),
  );
  await db.insert(ceAuditMembers).values(
    members.map((m, i) => ({
      enterprise_id: enterpriseId,
      ce_audit_id: audit!.id,
      user_id: m.id,
      status: (['accepted', 'deficient', 'requested'] as const)[i]!,
    })),
  );
  return { licenseId, backlog, sessionId: session!.id, auditId: audit!.id };
}

/** A second enterprise with a waiting request and a March decision, which no figure of the first may count. */
export async function seedOtherEnterprise(db: Db) {
  const other = await createEnterprise(db, { name: 'Other office', abbreviation: 'OT' });
  const staff = await createUser(db, other.id, { is_staff: true });
  await seedKnownFigures(db, other.id, staff.id);
  return other.id;
}
