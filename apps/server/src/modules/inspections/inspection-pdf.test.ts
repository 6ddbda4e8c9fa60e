import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfToText } from '../../platform/pdf/test-pdf';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';
import { createServiceWithVehicles } from './test-fixtures';

// Issue 25, item 7: the report follows the checklist's order and sections (pages and groups), as the
// screen does, instead of listing items by their place within their own group across the whole form.

let t: TestContext;
let dataDir: string;
let inspector: Caller;
let fleet: Awaited<ReturnType<typeof createServiceWithVehicles>>;

/** Two pages of two titled groups, two yes/no items each: every item shares its place with three others. */
const sections = [
  {
    title: 'Exterior',
    groups: [
      { title: 'Lights and sirens', items: ['Headlights work', 'Siren sounds'] },
      { title: 'Tyres and body', items: ['Tread depth legal', 'No body damage'] },
    ],
  },
  {
    title: 'Patient compartment',
    groups: [
      { title: 'Airway kit', items: ['Oxygen cylinder full', 'Suction unit charged'] },
      { title: 'Cardiac kit', items: ['Defibrillator pads in date', 'Monitor self-test passed'] },
    ],
  },
];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'licensure-inspection-pdf-'));
  t = await createTestContext({ DATA_DIR: dataDir });
  inspector = await t.createCaller(['inspections.read', 'inspections.write', 'responses.write']);
  fleet = await createServiceWithVehicles(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the inspection report', () => {
  it('prints the checklist in its order under its page and group headings', async () => {
    const questions = new Map<string, string>();
    const form = {
      id: randomUUID(),
      name: `Ambulance walk-around ${randomUUID().slice(0, 6)}`,
      active: true,
      applicant_access: 'none',
      pages: sections.map((p) => ({
        id: randomUUID(),
        title: p.title,
        groups: p.groups.map((g) => ({
          id: randomUUID(),
          title: g.title,
          questions: g.items.map((label) => {
            const id = randomUUID();
            questions.set(label, id);
            return { id, kind: 'yes_no', label };
          }),
        })),
      })),
      conditions: [],
    };
    const made = await t.call(t.admin, { method: 'POST', url: '/api/fbforms', payload: { form } });
    expect(made.statusCode, made.body).toBe(201);
    const template = await t.call(t.admin, {
      method: 'POST',
      url: '/api/IPTemplates',
      payload: {
        template: { label: `Walk-around ${form.id.slice(0, 6)}`, entity: 'vehicle', form_id: form.id },
      },
    });
    expect(template.statusCode, template.body).toBe(201);
    const res = await t.call(inspector, {
      method: 'POST',
      url: '/api/IPInspections',
      payload: {
        isSubmit: true,
        handleChecklist: true,
        inspection: {
          ip_template_id: template.json().id,
          entity: 'vehicle',
          service_id: fleet.service.id,
          vehicle_id: fleet.medic1.id,
          outcome: 'Pass',
          checklist: {
            name: 'Walk-around',
            answers: [...questions.values()].reverse().map((question_id) => ({ question_id, value: 'yes' })),
          },
        },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const pdf = await t.call(t.admin, {
      method: 'GET',
      url: `/api/Documents/${res.json().pdf_document_id}/content`,
    });
    expect(pdf.statusCode).toBe(200);
    const text = pdfToText(pdf.rawPayload).replace(/\s+/g, ' ');
    const expected = sections.flatMap((p) => [p.title, ...p.groups.flatMap((g) => [g.title, ...g.items])]);
    const places = expected.map((line) => ({ line, at: text.indexOf(line) }));
    for (const p of places) expect(p.at, `${p.line} is printed`).toBeGreaterThanOrEqual(0);
    const printed = [...places].sort((a, b) => a.at - b.at).map((p) => p.line);
    expect(printed).toEqual(expected);
  });
});
