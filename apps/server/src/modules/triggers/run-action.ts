import {
  Events,
  type TriggerAction,
  triggerActionLabels,
  unavailableTriggerActions,
} from '@licensure/contracts';
import {
  certifications,
  fbFormVersions,
  fbPackageForms,
  fbResponses,
  licenseRequestHistory,
  licenseRequestProcessStatuses,
  licenseRequests,
  referenceTables,
  type Tx,
  users,
} from '@licensure/db';
import { and, eq, isNull, max } from 'drizzle-orm';
import { recordChange } from '../../platform/audit/record-change';
import { recordEvent } from '../../platform/events/record-event';
import type { ActionContext, ActionResult } from './action-context';
import { runAlertAction, runMergeTemplateAction } from './message-actions';
import { triggerFunctions } from './trigger-functions';

const done = (message: string): ActionResult => ({ outcome: 'done', message });
const failed = (message: string): ActionResult => ({ outcome: 'failed', message });

/**
 * Runs one action on the trigger's object, through the same writes as staff make (change log, request
 * history). A result of `failed` is final (the record cannot take the action); a thrown error is a
 * passing failure and the job retries the action.
 */
export async function runAction(action: TriggerAction, ctx: ActionContext): Promise<ActionResult> {
  if (unavailableTriggerActions.includes(action.kind))
    return {
      outcome: 'not available',
      message: `${triggerActionLabels[action.kind]} actions are not available: that module is not part of this system yet.`,
    };
  const { tx, subject } = ctx;
  const actor = { userId: ctx.actorId, enterpriseId: ctx.enterpriseId };
  const via = { viaTrigger: ctx.logId };
  switch (action.kind) {
    case 'userStatus': {
      if (!subject.userId) return failed('The object is not about a person.');
      const status = await reference(tx, 'user_statuses', ctx.enterpriseId, action.user_status_id);
      if (!status) return failed('The user status no longer exists.');
      const [before] = await tx.select().from(users).where(eq(users.id, subject.userId)).for('update');
      if (!before) return failed('The person no longer exists.');
      await tx
        .update(users)
        .set({ user_status_id: status.id, updated_at: new Date() })
        .where(eq(users.id, before.id));
      await recordChange(tx, actor, {
        entity: 'users',
        objectId: before.id,
        action: 'update',
        before: { user_status_id: before.user_status_id },
        after: { user_status_id: status.id },
      });
      return done(`Person's status set to ${status.label}.`);
    }
    case 'certificationStatus': {
      const status = await reference(
        tx,
        'license_category_certification_statuses',
        ctx.enterpriseId,
        action.certification_status_id,
      );
      if (!status) return failed('The credential status no longer exists.');
      const holder = subject.userId
        ? eq(certifications.user_id, subject.userId)
        : subject.serviceId
          ? eq(certifications.service_id, subject.serviceId)
          : subject.vehicleId
            ? eq(certifications.vehicle_id, subject.vehicleId)
            : undefined;
      if (!holder) return failed('The object has no credential holder.');
      const changed = await tx
        .update(certifications)
        .set({
          certification_status_id: status.id,
          status: status.holder_state as typeof certifications.$inferInsert.status,
          updated_at: new Date(),
        })
        .where(
          and(
            eq(certifications.enterprise_id, ctx.enterpriseId),
            eq(certifications.license_category_id, action.license_category_id),
            holder,
            isNull(certifications.deleted_at),
          ),
        )
        .returning({ id: certifications.id });
      for (const c of changed) {
        await recordChange(tx, actor, {
          entity: 'certifications',
          objectId: c.id,
          action: 'update',
          after: { certification_status_id: status.id, status: status.holder_state },
        });
        await recordEvent(tx, {
          enterpriseId: ctx.enterpriseId,
          name: Events.certificationStatusChanged,
          entity: 'certifications',
          objectId: c.id,
          actorId: ctx.actorId,
          payload: { certification_status_id: status.id, ...via },
        });
      }
      return done(`${changed.length} credential(s) set to ${status.label}.`);
    }
    case 'applicationStatus': {
      const req = await lockedRequest(ctx);
      if (!req) return failed('The object is not a live licence request.');
      const status = await reference(
        tx,
        'license_request_statuses',
        ctx.enterpriseId,
        action.license_request_status_id,
      );
      if (!status) return failed('The request status no longer exists.');
      await tx
        .update(licenseRequests)
        .set({ status_id: status.id, updated_at: new Date() })
        .where(eq(licenseRequests.id, req.id));
      await requestHistory(ctx, req.id, { kind: 'status', license_request_status_id: status.id });
      await recordChange(tx, actor, {
        entity: 'license_requests',
        objectId: req.id,
        action: 'update',
        before: { status_id: req.status_id },
        after: { status_id: status.id },
      });
      return done(`Request status set to ${status.label}.`);
    }
    case 'processStatus': {
      const req = await lockedRequest(ctx);
      if (!req) return failed('The object is not a live licence request.');
      await tx
        .insert(licenseRequestProcessStatuses)
        .values({
          license_request_id: req.id,
          process_id: action.process_id,
          process_status_id: action.process_status_id,
          updated_by: ctx.actorId,
        })
        .onConflictDoUpdate({
          target: [
            licenseRequestProcessStatuses.license_request_id,
            licenseRequestProcessStatuses.process_id,
          ],
          set: {
            process_status_id: action.process_status_id,
            updated_by: ctx.actorId,
            updated_at: new Date(),
          },
        });
      await requestHistory(ctx, req.id, {
        kind: 'process',
        process_id: action.process_id,
        process_status_id: action.process_status_id,
      });
      await recordChange(tx, actor, {
        entity: 'license_request_process_statuses',
        objectId: req.id,
        action: 'update',
        after: { process_id: action.process_id, process_status_id: action.process_status_id },
      });
      return done('Process status set.');
    }
    case 'licenseStatus': {
      if (!subject.certificationId) return failed('The object is not a credential.');
      const status = await reference(tx, 'license_statuses', ctx.enterpriseId, action.license_status_id);
      if (!status) return failed('The licence status no longer exists.');
      const state = String(status.code ?? status.label).toLowerCase();
      if (!['active', 'inactive', 'expired', 'suspended', 'revoked'].includes(state))
        return failed(`The licence status ${status.label} does not name a credential state.`);
      const [before] = await tx
        .update(certifications)
        .set({ status: state as typeof certifications.$inferInsert.status, updated_at: new Date() })
        .where(eq(certifications.id, subject.certificationId))
        .returning({ id: certifications.id });
      if (!before) return failed('The credential no longer exists.');
      await recordChange(tx, actor, {
        entity: 'certifications',
        objectId: before.id,
        action: 'update',
        after: { status: state },
      });
      return done(`Credential set to ${state}.`);
    }
    case 'formPackage': {
      if (!subject.userId) return failed('The object is not about a person.');
      const forms = await tx
        .select({ form_id: fbPackageForms.form_id })
        .from(fbPackageForms)
        .where(eq(fbPackageForms.package_id, action.form_package_id))
        .orderBy(fbPackageForms.sort_order);
      if (forms.length === 0) return failed('The form package has no forms.');
      let assigned = 0;
      for (const f of forms) if (await assignForm(ctx, f.form_id)) assigned++;
      return done(`${assigned} form(s) of the package assigned to the person.`);
    }
    case 'form': {
      if (!subject.userId) return failed('The object is not about a person.');
      return (await assignForm(ctx, action.form_id))
        ? done('Form assigned to the person.')
        : failed('The form has no published version.');
    }
    case 'triggerFunction': {
      const fn = triggerFunctions.find((f) => f.code === action.function_code);
      if (!fn) return failed(`There is no trigger function ${action.function_code}.`);
      return done(await fn.run(ctx));
    }
    case 'createAlert':
    case 'retireAlert':
      return runAlertAction(action, ctx);
    case 'mergeTemplate':
      return runMergeTemplateAction(action, ctx);
    default:
      return failed('Unknown action.');
  }
}

type ReferenceName =
  | 'user_statuses'
  | 'license_category_certification_statuses'
  | 'license_request_statuses'
  | 'license_statuses';

/** A live row of a reference list of this enterprise. */
async function reference(tx: Tx, name: ReferenceName, enterpriseId: string, id: string) {
  const table = referenceTables[name];
  const [row] = await tx
    .select()
    .from(table)
    .where(and(eq(table.id, id), eq(table.enterprise_id, enterpriseId)));
  return (row as (Record<string, unknown> & { id: string; label: string }) | undefined) ?? null;
}

async function lockedRequest(ctx: ActionContext) {
  if (!ctx.subject.licenseRequestId) return null;
  const [req] = await ctx.tx
    .select()
    .from(licenseRequests)
    .where(
      and(
        eq(licenseRequests.id, ctx.subject.licenseRequestId),
        eq(licenseRequests.enterprise_id, ctx.enterpriseId),
        isNull(licenseRequests.deleted_at),
      ),
    )
    .for('update');
  return req ?? null;
}

/** A request history entry and its event, marked as caused by this firing (no trigger fires on it). */
async function requestHistory(
  ctx: ActionContext,
  requestId: string,
  entry: Pick<
    typeof licenseRequestHistory.$inferInsert,
    'kind' | 'license_request_status_id' | 'process_id' | 'process_status_id'
  >,
) {
  await ctx.tx.insert(licenseRequestHistory).values({
    ...entry,
    enterprise_id: ctx.enterpriseId,
    license_request_id: requestId,
    user_id: ctx.actorId,
    note: 'By a trigger',
  });
  await recordEvent(ctx.tx, {
    enterpriseId: ctx.enterpriseId,
    name: entry.kind === 'status' ? Events.licenseRequestStatusChanged : Events.licenseRequestProcessChanged,
    entity: 'license_requests',
    objectId: requestId,
    actorId: ctx.actorId,
    payload: { ...entry, viaTrigger: ctx.logId },
  });
}

/** Gives the person a new response to the form's latest version, unless one is open already. */
async function assignForm(ctx: ActionContext, formId: string): Promise<boolean> {
  const { tx, subject } = ctx;
  const [version] = await tx
    .select({ v: max(fbFormVersions.version) })
    .from(fbFormVersions)
    .where(eq(fbFormVersions.form_id, formId));
  if (!version?.v) return false;
  const [open] = await tx
    .select({ id: fbResponses.id })
    .from(fbResponses)
    .where(
      and(
        eq(fbResponses.enterprise_id, ctx.enterpriseId),
        eq(fbResponses.form_id, formId),
        eq(fbResponses.user_id, subject.userId as string),
        subject.licenseRequestId
          ? eq(fbResponses.license_request_id, subject.licenseRequestId)
          : isNull(fbResponses.license_request_id),
        eq(fbResponses.progress, 0),
      ),
    )
    .limit(1);
  if (open) return true;
  const [row] = await tx
    .insert(fbResponses)
    .values({
      enterprise_id: ctx.enterpriseId,
      form_id: formId,
      form_version: version.v,
      user_id: subject.userId,
      license_request_id: subject.licenseRequestId,
      created_by: ctx.actorId,
    })
    .returning();
  await recordChange(
    tx,
    { userId: ctx.actorId, enterpriseId: ctx.enterpriseId },
    { entity: 'fb_responses', objectId: row!.id, action: 'create', after: row },
  );
  return true;
}
