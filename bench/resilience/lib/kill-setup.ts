/**
 * What kill-writes.ts writes and checks: a licence whose whole configuration is saved again each run,
 * a licence without forms whose requests are approved (two credentials each), and roster imports.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { call, type Session } from './http';

export const ROSTER_HEADER = [
  'Last name',
  'First name',
  'Email',
  'Date of birth',
  'National EMS ID',
  'Position',
  'Start date',
  'Designated',
];

export interface KillFixture {
  configLicenseId: string;
  categories: [string, string];
  levels: [string, string];
  approvalLicenseId: string;
  applicationTypeId: string;
  approvalLevels: [string, string];
  autonumberId: string;
  serviceId: string;
}

async function must(what: string, p: ReturnType<typeof call>, ok = [200, 201]) {
  const res = await p;
  if (!ok.includes(res.status))
    throw new Error(`${what}: ${res.status || res.error} ${JSON.stringify(res.body).slice(0, 400)}`);
  return res.body as Record<string, unknown>;
}

/** The whole configuration of the tested licence, every label tagged with its save's generation. */
export function configPayload(f: Pick<KillFixture, 'categories' | 'levels'>, gen: number) {
  const g = `g${gen}`;
  return {
    license: { name: 'Kill test configuration', entity: 'user', description: `gen ${gen}` },
    license_categories: f.categories.map((id, i) => ({ id, label: `${g} category ${i + 1}`, sort_order: i })),
    license_category_levels: f.levels.map((id, i) => ({
      id,
      label: `${g} level ${i + 1}`,
      license_category_id: f.categories[i],
      months_valid: 24,
      sort_order: i,
    })),
    // New ids every save: the stored members are deleted and these inserted, in the same transaction.
    license_request_statuses: ['in_progress', 'submitted', 'approved'].map((code, i) => ({
      id: randomUUID(),
      label: `${g} ${code}`,
      code,
      sort_order: i,
    })),
    license_category_certification_statuses: ['active', 'expired'].map((state, i) => ({
      id: randomUUID(),
      label: `${g} ${state}`,
      holder_state: state,
      is_issued_status: i === 0,
      sort_order: i,
    })),
  };
}

export async function createKillFixture(base: string, admin: Session): Promise<KillFixture> {
  const auto = await must(
    'autonumber',
    call(base, admin, 'POST', '/api/autonumbers', {
      autonumber: { label: 'Kill test numbers', prefix: 'KT-', next_number: 1, padding: 6 },
    }),
  );
  const categories: [string, string] = [randomUUID(), randomUUID()];
  const levels: [string, string] = [randomUUID(), randomUUID()];
  const config = await must(
    'configuration licence',
    call(base, admin, 'POST', '/api/licenses', configPayload({ categories, levels }, 0)),
  );
  const cats: [string, string] = [randomUUID(), randomUUID()];
  const lv: [string, string] = [randomUUID(), randomUUID()];
  const approval = await must(
    'approval licence',
    call(base, admin, 'POST', '/api/licenses', {
      license: { name: 'Kill test approvals', entity: 'user', autonumber_id: auto.id },
      // Two categories, one level each: an approval choosing both issues two credentials.
      license_categories: cats.map((id, i) => ({ id, label: `Approval category ${i + 1}` })),
      license_category_levels: lv.map((id, i) => ({
        id,
        label: `Approval level ${i + 1}`,
        license_category_id: cats[i],
        months_valid: 24,
      })),
      license_request_statuses: [
        { label: 'In progress', code: 'in_progress', sort_order: 1 },
        { label: 'Submitted', code: 'submitted', sort_order: 2 },
        { label: 'Approved', code: 'approved', is_final: true, sort_order: 3 },
      ],
      license_category_certification_statuses: [
        { label: 'Active', holder_state: 'active', is_issued_status: true },
      ],
    }),
  );
  const type = await must(
    'application type',
    call(base, admin, 'POST', '/api/ApplicationTypes', {
      application_type: { label: 'Initial', license_id: approval.id, license_category_levels: lv },
    }),
  );
  const services = await must('services', call(base, admin, 'GET', '/api/services?numPerPage=100'));
  const items = (services.items ?? services) as { id: string; name: string }[];
  const service = items.find((s) => s.name === 'Lakeside Ambulance Service');
  if (!service) throw new Error('the demo service is missing: is the database seeded?');
  return {
    configLicenseId: config.id as string,
    categories,
    levels,
    approvalLicenseId: approval.id as string,
    applicationTypeId: type.id as string,
    approvalLevels: lv,
    autonumberId: auto.id as string,
    serviceId: service.id,
  };
}

/** A submitted request of a new person for the approval licence, ready to approve. */
export async function prepareApproval(
  base: string,
  admin: Session,
  f: KillFixture,
  run: string,
): Promise<string> {
  const person = await must(
    'person',
    call(base, admin, 'POST', '/api/users', { user: { first_name: 'Approval', last_name: `Kill${run}` } }),
  );
  const req = await must(
    'request',
    call(base, admin, 'POST', '/api/LicenseRequests', {
      license_request: { license_id: f.approvalLicenseId, user_id: person.id },
    }),
  );
  const id = req.id as string;
  await must(
    'choose levels',
    call(base, admin, 'PUT', `/api/LicenseRequests/${id}/applicationtypes`, {
      selections: Object.fromEntries(f.approvalLevels.map((l) => [`${f.applicationTypeId}%${l}`, true])),
    }),
  );
  const submitted = await must(
    'submit',
    call(base, admin, 'POST', '/api/LicenseRequests/submit', { licenseRequestID: id }),
  );
  if (submitted.success !== true) throw new Error(`submit: ${JSON.stringify(submitted).slice(0, 300)}`);
  return id;
}

/** Uploads a roster CSV of `rows` new people named Roster<run>; answers the document id. */
export async function uploadRoster(base: string, admin: Session, run: string, rows: number): Promise<string> {
  const lines = [ROSTER_HEADER.join(',')];
  for (let i = 0; i < rows; i++)
    lines.push(
      [
        `Roster${run}`,
        `P${i}`,
        `roster${run}.p${i}@example.org`,
        '1990-01-01',
        `KT${run}N${i}`,
        'EMT',
        '2025-01-01',
        'no',
      ].join(','),
    );
  const boundary = `----kill${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="roster-${run}.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(`${lines.join('\r\n')}\r\n`),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const doc = await must(
    'upload',
    call(base, admin, 'POST', '/api/Documents/upload', body, 30_000, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    }),
  );
  return doc.id as string;
}
