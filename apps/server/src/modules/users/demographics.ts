import { referenceTables, type Tx } from '@licensure/db';
import { inArray } from 'drizzle-orm';
import { badRequest } from '../../platform/http/errors';
import { refTarget } from '../../platform/resources/references';
import type { RefTarget, Row } from '../../platform/resources/types';

/**
 * A person's demographic fields name data elements (the enterprise's NEMSIS code lists, seeded from
 * packages/db/src/reference-data/nemsis.ts; hair and eye colour are the NCIC codes), each of its own
 * section: gender_id one of `gender`, and so on.
 */
const sections = {
  gender_id: 'gender',
  race_id: 'race',
  education_id: 'education',
  employment_status_id: 'employment_status',
  hair_id: 'hair',
  eye_id: 'eye_colour',
} as const;

/** The engine's refs for them: live data elements of the caller's enterprise. */
export const demographicRefs: Record<string, RefTarget> = Object.fromEntries(
  Object.keys(sections).map((field) => [field, refTarget('data_elements')]),
);

/** Each demographic id sent is a data element of its field's section: else 400 naming the field. */
export async function checkDemographicSections(tx: Tx, input: Row): Promise<void> {
  const named = Object.entries(sections).filter(([field]) => typeof input[field] === 'string');
  if (named.length === 0) return;
  const t = referenceTables.data_elements;
  const rows = await tx
    .select({ id: t.id, section: t.data_section_name })
    .from(t)
    .where(
      inArray(
        t.id,
        named.map(([field]) => String(input[field])),
      ),
    );
  const sectionOf = new Map(rows.map((r) => [String(r.id), r.section]));
  const problems: Record<string, string> = {};
  for (const [field, section] of named)
    if (sectionOf.get(String(input[field])) !== section)
      problems[field] = `That is not one of the ${section.replace('_', ' ')} codes.`;
  if (Object.keys(problems).length > 0) throw badRequest(problems);
}
