// The spec's saveElement rule, pure: a longevity element is saved only when approved, a training
// element only when reimbursable, and either only when all of its ids are present; others are skipped
// and the answer says why.

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ElementKind = 'longevity' | 'training';

export interface PlannedElement {
  index: number;
  values: Record<string, unknown>;
}
export interface SkippedElement {
  index: number;
  reason: string;
}

const idsOf: Record<ElementKind, readonly string[]> = {
  longevity: ['license_request_id', 'service_id', 'user_id'],
  training: ['license_request_id', 'service_id', 'user_id', 'training_id'],
};
const flagOf: Record<ElementKind, { field: string; reason: string }> = {
  longevity: { field: 'approve', reason: 'not approved' },
  training: { field: 'reimburse', reason: 'not reimbursable' },
};

const truthy = (v: unknown) => v === true || v === 'true' || v === 1 || v === '1';

/**
 * Splits elements into those to save (the request id of the call filled in where the element has
 * none) and those skipped with the reason.
 */
export function planElements(
  kind: ElementKind,
  elements: Record<string, unknown>[],
  licenseRequestId: string | null | undefined,
): { save: PlannedElement[]; skipped: SkippedElement[] } {
  const save: PlannedElement[] = [];
  const skipped: SkippedElement[] = [];
  elements.forEach((element, index) => {
    const values = { ...element };
    if (!values.license_request_id && licenseRequestId) values.license_request_id = licenseRequestId;
    const flag = flagOf[kind];
    if (!truthy(values[flag.field])) {
      skipped.push({ index, reason: flag.reason });
      return;
    }
    values[flag.field] = true;
    const missing = idsOf[kind].filter(
      (k) => typeof values[k] !== 'string' || !GUID.test(values[k] as string),
    );
    if (missing.length > 0) {
      skipped.push({ index, reason: `missing ${missing.join(', ')}` });
      return;
    }
    save.push({ index, values });
  });
  return { save, skipped };
}
