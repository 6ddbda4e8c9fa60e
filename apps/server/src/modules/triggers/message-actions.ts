import type { MergeObjectRef, TriggerAction } from '@licensure/contracts';
import { createAlert } from '../alerts/create-alert';
import { retireAlerts } from '../alerts/retire-alerts';
import { queueCorrespondence } from '../correspondence/queue-correspondence';
import type { ActionContext, ActionResult } from './action-context';
import type { TriggerSubject } from './subject';

/** The alert subject of a trigger's object: its holder, and the request or credential it is about. */
function alertHolder(s: TriggerSubject) {
  const holder = s.userId
    ? { user_id: s.userId }
    : s.serviceId
      ? { service_id: s.serviceId }
      : s.vehicleId
        ? { vehicle_id: s.vehicleId }
        : null;
  if (!holder) return null;
  return {
    ...holder,
    ...(s.licenseRequestId ? { license_request_id: s.licenseRequestId } : {}),
    ...(s.certificationId ? { certification_id: s.certificationId } : {}),
  };
}

/** Create Alert and Retire Alert, through the alerts module (idempotent: an open alert is not repeated). */
export async function runAlertAction(
  action: Extract<TriggerAction, { kind: 'createAlert' | 'retireAlert' }>,
  ctx: ActionContext,
): Promise<ActionResult> {
  const holder = alertHolder(ctx.subject);
  if (!holder) return { outcome: 'failed', message: 'The object has no person, service or vehicle.' };
  if (action.kind === 'createAlert') {
    const alert = await createAlert(ctx.tx, {
      enterpriseId: ctx.enterpriseId,
      ...holder,
      alert_type_id: action.alert_type_id,
      value: action.value,
      source: 'trigger',
      actorId: ctx.actorId,
    });
    return {
      outcome: 'done',
      message: alert.created ? `Alert created: ${action.value}` : 'The same alert was already open.',
    };
  }
  const retired = await retireAlerts(ctx.tx, {
    enterpriseId: ctx.enterpriseId,
    ...holder,
    alert_type_id: action.alert_type_id,
    actorId: ctx.actorId,
  });
  return { outcome: 'done', message: `${retired} alert(s) retired.` };
}

function mergeObject(s: TriggerSubject): MergeObjectRef | null {
  if (s.certificationId) return { kind: 'certification', id: s.certificationId };
  if (s.licenseRequestId) return { kind: 'request', id: s.licenseRequestId };
  if (s.userId) return { kind: 'person', id: s.userId };
  if (s.serviceId) return { kind: 'service', id: s.serviceId };
  if (s.vehicleId) return { kind: 'vehicle', id: s.vehicleId };
  return null;
}

/**
 * Merge Template: the template merged on the object and emailed to its person, through correspondence.
 * The idempotency key is the firing and step, so a retried action never sends the letter twice.
 */
export async function runMergeTemplateAction(
  action: Extract<TriggerAction, { kind: 'mergeTemplate' }>,
  ctx: ActionContext,
): Promise<ActionResult> {
  const object = mergeObject(ctx.subject);
  if (!object || !ctx.subject.userId)
    return { outcome: 'failed', message: 'The object has no person to write to.' };
  const sent = await queueCorrespondence(
    ctx.tx,
    {
      enterpriseId: ctx.enterpriseId,
      to: [ctx.subject.userId],
      mergeTemplateId: action.merge_template_id,
      mergeObject: object,
      initiatedById: ctx.actorId,
      idempotencyKey: `trigger:${ctx.logId}:${ctx.index}`,
    },
    ctx.jobs,
  );
  return { outcome: 'done', message: `Letter queued to ${sent.total} recipient(s).` };
}
