import type { NemsisDataset, NemsisExportCheck } from '@licensure/contracts';
import type { Db } from '@licensure/db';
import { type Actor, recordChange } from '../../platform/audit/record-change';
import { validateNemsis } from './validate';

/** Reads an export's pieces into one string: the validators take the whole document. */
export async function collect(chunks: AsyncIterable<string>): Promise<{ xml: string; ms: number }> {
  const started = performance.now();
  const parts: string[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return { xml: parts.join(''), ms: Math.round(performance.now() - started) };
}

/** Writes an export, validates it and records the check in the change log. */
export async function checkExport(
  db: Db,
  actor: Actor,
  dataset: NemsisDataset,
  objectId: string,
  fileName: string,
  chunks: AsyncIterable<string>,
): Promise<NemsisExportCheck> {
  const { xml, ms } = await collect(chunks);
  const started = performance.now();
  const report = await validateNemsis(xml, dataset);
  const check: NemsisExportCheck = {
    file_name: fileName,
    bytes: Buffer.byteLength(xml),
    generated_ms: ms,
    validated_ms: Math.round(performance.now() - started),
    report,
  };
  await recordExport(db, actor, dataset, objectId, 'validated', fileName, report.errors, report.warnings);
  return check;
}

/** An export validated or downloaded, in the change log under `nemsis_export`. */
export async function recordExport(
  db: Db,
  actor: Actor,
  dataset: NemsisDataset,
  objectId: string,
  event: 'validated' | 'downloaded',
  fileName: string,
  errors?: number,
  warnings?: number,
) {
  await recordChange(db, actor, {
    entity: 'nemsis_export',
    objectId,
    action: 'create',
    after: { dataset, event, file_name: fileName, ...(errors === undefined ? {} : { errors, warnings }) },
  });
}
