import { complaintResources } from './complaints';
import { examResources } from './exams';
import { fireDrillResources } from './fire-drills';
import { formResources } from './forms';
import { inspectionResources } from './inspections';
import { licensingResources } from './licensing';
import { lookupListsAToF } from './lookup-lists-a-f';
import { lookupListsLToX } from './lookup-lists-l-x';

/** Every reference list of the `lookups` module, in the order the administration menu shows them. */
export const referenceLists = [
  ...lookupListsAToF,
  ...lookupListsLToX,
  ...formResources,
  ...licensingResources,
  ...complaintResources,
  ...inspectionResources,
  ...fireDrillResources,
  ...examResources,
] as const;

export type ReferenceListKey = (typeof referenceLists)[number]['key'];
export const referenceListByKey = new Map(referenceLists.map((r) => [r.key as string, r]));
