import { randomUUID } from 'node:crypto';
import { type ResourceSpec, referenceListByKey, referenceLists } from '@licensure/contracts';
import {
  createSecurityTemplate,
  documents,
  fbForms,
  fbResponses,
  licenseRequests,
  licenses,
  processes,
} from '@licensure/db';
import { sampleInput } from './samples';
import type { TestContext } from './test-app';

/** The reference list a `ref` names (by key or path), if it is one. */
const listOf = (ref: string): ResourceSpec | undefined =>
  referenceListByKey.get(ref) ?? referenceLists.find((s) => s.path.toLowerCase() === ref.toLowerCase());

/**
 * A real, live record of the enterprise for a `ref` name: reference lists are created through the
 * API (their own references resolved first); other records are inserted directly.
 */
export async function realRecord(t: TestContext, ref: string): Promise<string> {
  const spec = listOf(ref);
  if (spec) {
    const res = await t.call(t.admin, {
      method: 'POST',
      url: `/api/${spec.path}`,
      payload: { [spec.wrapper]: await realInput(t, spec) },
    });
    if (res.statusCode !== 201) throw new Error(`creating a ${spec.key} failed: ${res.body}`);
    return (res.json() as { id: string }).id;
  }
  const db = t.database.db;
  const enterprise_id = t.enterpriseId;
  switch (ref.toLowerCase()) {
    case 'licenses': {
      const [row] = await db
        .insert(licenses)
        .values({ enterprise_id, name: `Licence ${randomUUID().slice(0, 8)}`, entity: 'user' })
        .returning();
      return row!.id;
    }
    case 'fbforms': {
      const [row] = await db
        .insert(fbForms)
        .values({ enterprise_id, name: `Form ${randomUUID()}` })
        .returning();
      return row!.id;
    }
    case 'fbresponses': {
      const form_id = await realRecord(t, 'fbforms');
      const [row] = await db
        .insert(fbResponses)
        .values({ enterprise_id, form_id, form_version: 1, user_id: t.applicant.userId })
        .returning();
      return row!.id;
    }
    case 'licenserequests': {
      const license_id = await realRecord(t, 'licenses');
      const [row] = await db
        .insert(licenseRequests)
        .values({ enterprise_id, license_id, user_id: t.applicant.userId })
        .returning();
      return row!.id;
    }
    case 'process': {
      const [row] = await db
        .insert(processes)
        .values({ enterprise_id, label: `Process ${randomUUID()}` })
        .returning();
      return row!.id;
    }
    case 'documents': {
      const [row] = await db
        .insert(documents)
        .values({
          enterprise_id,
          name: 'certificate.pdf',
          storage_key: randomUUID(),
          mime_type: 'application/pdf',
          size_bytes: 1,
          sha256: '0'.repeat(64),
        })
        .returning();
      return row!.id;
    }
    case 'users':
      return t.reviewer.userId;
    case 'security_templates':
      return (await createSecurityTemplate(db, enterprise_id, [])).id;
    default:
      throw new Error(`no test record for ref '${ref}'`);
  }
}

/** A valid create input whose references name real records. */
export async function realInput(t: TestContext, spec: ResourceSpec): Promise<Record<string, unknown>> {
  const input = sampleInput(spec);
  for (const f of spec.fields) {
    if (!f.ref || (f.kind !== 'uuid' && f.kind !== 'uuids')) continue;
    // A list pointing at its own kind (a parent page) is left empty, not created recursively.
    if (listOf(f.ref)?.key === spec.key) {
      input[f.name] = f.kind === 'uuids' ? [] : null;
      continue;
    }
    const id = await realRecord(t, f.ref);
    input[f.name] = f.kind === 'uuids' ? [id] : id;
  }
  return input;
}
