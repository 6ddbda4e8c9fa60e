import type { BodyRefs } from '../../platform/resources/references';
import type { Resource } from '../../platform/resources/types';

/**
 * What an inspection's found deficiencies and extra fees name, each of the caller's enterprise: the
 * engine's `refs` reach only the inspection's own columns, so these are checked by the inspection's
 * validate hook (every write path: create, update, batches, offline sync) and declared on the routes.
 */
export const deficiencyRefs: BodyRefs = {
  'deficiencies[].ip_deficiency_id': 'ip_deficiencies',
  'deficiencies[].ip_deficiency_category_id': 'ip_deficiency_categories',
  'deficiencies[].photo_document_ids[]': 'documents',
  'fees[].ip_extra_fee_id': 'ip_extra_fees',
};

/** What a checklist carried by an inspection write names (its answers' files; questions outside the form are dropped). */
export const carriedChecklistRefs: BodyRefs = {
  form_id: 'fbforms',
  response_id: 'fbresponses',
  'answers[].document_id': 'documents',
};

/** The refs under a body path: `under('inspection', refs)` names `inspection.deficiencies[]…`. */
export const under = (prefix: string, refs: BodyRefs): BodyRefs =>
  Object.fromEntries(Object.entries(refs).map(([path, ref]) => [`${prefix}.${path}`, ref]));

/** A resource's engine refs (its own columns) as body refs of every item of a batch list. */
export const itemRefs = (listName: string, resource: Resource, more: BodyRefs = {}): BodyRefs =>
  under(`${listName}[]`, { ...(resource.refs ?? {}), ...more });
