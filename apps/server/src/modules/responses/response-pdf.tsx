// The PDF of a form response, rendered from its data: the version it was answered on, each shown
// page, group and question with its answer in words, signatures as images and file names.
import { type AnswerOutput, visibleItems } from '@licensure/contracts';
import { type Db, data_elements, enterprises, services, users, vehicles } from '@licensure/db';
import { and, eq, inArray } from 'drizzle-orm';
import { PdfField, PdfReport, PdfSection } from '../../platform/pdf/components';
import { renderPdf } from '../../platform/pdf/render-pdf';
import { loadVersionDefinition, type VersionedDefinition } from '../forms/form-store';
import type { LoadedResponse, ResponseRow } from './access';
import { answerInWords } from './answer-words';
import { loadAnswers, shownAnswers } from './present';

export interface ResponseReportData {
  response: Pick<ResponseRow, 'id' | 'form_version' | 'progress' | 'completed_on'>;
  form: VersionedDefinition;
  answers: AnswerOutput[];
  /** Staff see spot-check groups too. */
  staffView: boolean;
  enterpriseName: string;
  timeZone: string;
  labels: { user: string; service: string; vehicle: string };
  person: string | null;
  service: string | null;
  vehicle: string | null;
  elementLabels: ReadonlyMap<string, string>;
  printedAt: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A moment as a date in words in the enterprise's time zone ("March 5, 2024"). */
export function dayInWords(at: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone }).format(at);
  } catch {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(at);
  }
}

const statusOf = (d: ResponseReportData) =>
  d.response.progress === 2
    ? `Submitted on ${d.response.completed_on ? dayInWords(d.response.completed_on, d.timeZone) : 'an unknown date'}`
    : d.response.progress === 1
      ? 'In progress (not submitted)'
      : 'Not started';

export function ResponseReport({ data }: { data: ResponseReportData }) {
  const answers = new Map(data.answers.map((a) => [a.question_id, a]));
  const shown = visibleItems(data.form, answers, { includeSpotCheck: data.staffView });
  const ctx = { elementLabels: data.elementLabels };
  return (
    <PdfReport
      title={data.form.name}
      subtitle={`Form version ${data.response.form_version}`}
      author={data.enterpriseName}
      footer={`${data.enterpriseName} - ${data.form.name}`}
      facts={[
        { label: data.labels.user, value: data.person },
        { label: data.labels.service, value: data.service },
        { label: data.labels.vehicle, value: data.vehicle },
        { label: 'Status', value: statusOf(data) },
        { label: 'Response', value: data.response.id },
        { label: 'Printed', value: dayInWords(data.printedAt, data.timeZone) },
      ]}
    >
      {data.form.pages.map((page) => {
        const groups = page.groups.filter((g) => shown.groups.has(g.id));
        if (groups.length === 0) return null;
        return (
          <PdfSection key={page.id} title={page.title}>
            {groups.map((group) => (
              <PdfSection key={group.id} title={group.title} level={2} note={group.description}>
                {group.questions
                  .filter((q) => shown.questions.has(q.id))
                  .map((q) => {
                    const words = answerInWords(q, answers.get(q.id), ctx);
                    return (
                      <PdfField key={q.id} label={q.label} lines={words.lines} image={words.signature} />
                    );
                  })}
              </PdfSection>
            ))}
          </PdfSection>
        );
      })}
    </PdfReport>
  );
}

const fullName = (u: {
  first_name: string | null;
  middle_name: string | null;
  last_name: string | null;
  suffix: string | null;
}) => [u.first_name, u.middle_name, u.last_name, u.suffix].filter(Boolean).join(' ') || null;

/** Everything the report needs, read for a caller who may view the response. */
export async function loadReportData(db: Db, loaded: LoadedResponse): Promise<ResponseReportData> {
  const { response, rights } = loaded;
  const form = await loadVersionDefinition(db, response.form_id, response.form_version);
  if (!form) throw new Error(`form ${response.form_id} version ${response.form_version} has no definition`);
  const answers = shownAnswers(form, await loadAnswers(db, response.id), rights.staffView);
  const [enterprise] = await db
    .select({ name: enterprises.name, time_zone: enterprises.time_zone, labels: enterprises.labels })
    .from(enterprises)
    .where(eq(enterprises.id, response.enterprise_id));
  const [person] = response.user_id
    ? await db
        .select({
          first_name: users.first_name,
          middle_name: users.middle_name,
          last_name: users.last_name,
          suffix: users.suffix,
        })
        .from(users)
        .where(eq(users.id, response.user_id))
    : [];
  const [service] = response.service_id
    ? await db.select({ name: services.name }).from(services).where(eq(services.id, response.service_id))
    : [];
  const [vehicle] = response.vehicle_id
    ? await db
        .select({ unit: vehicles.unit_number, serial: vehicles.serial_number })
        .from(vehicles)
        .where(eq(vehicles.id, response.vehicle_id))
    : [];
  const choiceIds = new Set<string>();
  const kinds = new Map(
    form.pages.flatMap((p) => p.groups.flatMap((g) => g.questions.map((q) => [q.id, q.kind]))),
  );
  for (const a of answers)
    if (kinds.get(a.question_id) === 'element_choice' && a.value && UUID.test(a.value))
      choiceIds.add(a.value);
  const elements =
    choiceIds.size > 0
      ? await db
          .select({ id: data_elements.id, label: data_elements.label })
          .from(data_elements)
          .where(
            and(
              eq(data_elements.enterprise_id, response.enterprise_id),
              inArray(data_elements.id, [...choiceIds]),
            ),
          )
      : [];
  return {
    response,
    form,
    answers,
    staffView: rights.staffView,
    enterpriseName: enterprise?.name ?? '',
    timeZone: enterprise?.time_zone ?? 'UTC',
    labels: enterprise?.labels ?? { user: 'Person', service: 'Service', vehicle: 'Vehicle' },
    person: person ? fullName(person) : null,
    service: service?.name ?? null,
    vehicle: vehicle
      ? [vehicle.unit && `Unit ${vehicle.unit}`, vehicle.serial].filter(Boolean).join(', ')
      : null,
    elementLabels: new Map(elements.map((e) => [e.id as string, e.label as string])),
    printedAt: new Date(),
  };
}

/** The PDF bytes of a response and the file name to give them. */
export async function renderResponsePdf(
  db: Db,
  loaded: LoadedResponse,
): Promise<{ pdf: Buffer; fileName: string }> {
  const data = await loadReportData(db, loaded);
  const pdf = await renderPdf(<ResponseReport data={data} />);
  return { pdf, fileName: `${data.form.name}.pdf` };
}
