import { processInput, processOutput, processStatusInput, processStatusOutput } from '@licensure/contracts';
import { processes, processStatuses, referenceTables } from '@licensure/db';
import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { isoRow } from '../../platform/resources/present';
import type { Resource } from '../../platform/resources/types';

const tags = ['licensing'];
const uuid = (name: string) => z.uuid({ message: `${name} must be a valid id` });

/** Review processes (Process). */
export const processResource: Resource = {
  path: 'Process',
  entity: 'processes',
  wrapper: 'process',
  singular: 'process',
  tags,
  table: processes,
  read: 'licensing.read',
  write: 'licensing.write',
  input: processInput,
  output: processOutput,
  present: isoRow,
  filters: {
    process_type: { column: processes.process_type },
    processType: { column: processes.process_type },
  },
  search: [processes.label, processes.code],
  sort: {
    label: sql`lower(${processes.label})`,
    sort_order: processes.sort_order,
    created_at: processes.created_at,
    updated_at: processes.updated_at,
  },
  defaultSort: 'sort_order',
  thenBy: processes.label,
};

/** The processes a licence uses, as a subquery over a placeholder. */
const processesOfLicense = (license: Parameters<typeof eq>[1]) => {
  const links = referenceTables.process_licenses;
  return inArray(
    processStatuses.process_id,
    sql`(select ${links.process_id} from ${links} where ${links.license_id} = ${license})`,
  );
};

/** Statuses of review processes: of a process (ProcessID), or of the processes of a licence (license_id). */
export const processStatusResource: Resource = {
  path: 'processstatuses',
  entity: 'process_statuses',
  wrapper: 'process_status',
  singular: 'process status',
  tags,
  table: processStatuses,
  read: 'licensing.read',
  write: 'licensing.write',
  input: processStatusInput,
  output: processStatusOutput,
  present: isoRow,
  columns: { process_label: processes.label },
  joins: (q) => q.innerJoin(processes, eq(processes.id, processStatuses.process_id)),
  filters: {
    ProcessID: { column: processStatuses.process_id, schema: uuid('ProcessID') },
    process_id: { column: processStatuses.process_id, schema: uuid('process_id') },
    license_id: { column: processStatuses.process_id, schema: uuid('license_id'), where: processesOfLicense },
    licenseID: { column: processStatuses.process_id, schema: uuid('licenseID'), where: processesOfLicense },
  },
  search: [processStatuses.label],
  sort: {
    sort_order: processes.sort_order,
    label: sql`lower(${processStatuses.label})`,
  },
  defaultSort: 'sort_order',
  thenBy: [processes.label, processStatuses.sort_order],
  refs: { process_id: { table: processes, what: 'process' } },
};
