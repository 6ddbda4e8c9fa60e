// Who may see and change a form response: staff by permission, the person it is for by the form's
// applicant access, and service personnel by the positions granted on the form.
import type { ApplicantAccess } from '@licensure/contracts';
import {
  type Db,
  fb_form_position_permissions,
  fbForms,
  fbResponses,
  servicePersonnel,
  type Tx,
} from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/context';
import { AppError, forbidden, notFound, unauthenticated } from '../../platform/http/errors';
import { activeRosterSql } from '../../platform/permissions/roster';

export type ResponseRow = typeof fbResponses.$inferSelect;

export interface ResponseForm {
  id: string;
  name: string;
  applicant_access: ApplicantAccess;
  active: boolean;
  document_type_id: string | null;
  deleted: boolean;
}

export interface Rights {
  view: boolean;
  edit: boolean;
  /** Reads as staff (responses.read or responses.write): sees spot-check groups. */
  staffView: boolean;
  /** Changes as staff (responses.write): not held back by a submitted response. */
  staffEdit: boolean;
}

export const staffReads = (auth: AuthContext) =>
  auth.permissions.has('responses.read') || auth.permissions.has('responses.write');
export const staffWrites = (auth: AuthContext) => auth.permissions.has('responses.write');

/** What a service's current personnel may do with a form's responses through their positions. */
export async function positionGrant(
  db: Db | Tx,
  enterpriseId: string,
  userId: string,
  serviceId: string,
  formId: string,
): Promise<{ view: boolean; edit: boolean }> {
  const rows = await db
    .select({
      can_view: fb_form_position_permissions.can_view,
      can_edit: fb_form_position_permissions.can_edit,
    })
    .from(servicePersonnel)
    .innerJoin(
      fb_form_position_permissions,
      and(
        eq(fb_form_position_permissions.position_id, servicePersonnel.position_id),
        eq(fb_form_position_permissions.form_id, formId),
        eq(fb_form_position_permissions.enterprise_id, enterpriseId),
      ),
    )
    .where(
      and(
        eq(servicePersonnel.enterprise_id, enterpriseId),
        eq(servicePersonnel.service_id, serviceId),
        eq(servicePersonnel.user_id, userId),
        activeRosterSql(),
      ),
    );
  const edit = rows.some((r) => r.can_edit === true);
  return { view: edit || rows.some((r) => r.can_view === true), edit };
}

/** The caller's rights on one response of `form`. */
export async function rightsOn(
  db: Db | Tx,
  auth: AuthContext,
  enterpriseId: string,
  response: Pick<ResponseRow, 'user_id' | 'service_id' | 'form_id'>,
  form: Pick<ResponseForm, 'applicant_access'>,
): Promise<Rights> {
  const staffView = staffReads(auth);
  const staffEdit = staffWrites(auth);
  const owner = response.user_id === auth.userId;
  let view = staffView || (owner && form.applicant_access !== 'none');
  let edit = staffEdit || (owner && form.applicant_access === 'edit');
  if ((!view || !edit) && response.service_id) {
    const grant = await positionGrant(db, enterpriseId, auth.userId, response.service_id, response.form_id);
    view ||= grant.view;
    edit ||= grant.edit;
  }
  return { view: view || edit, edit, staffView, staffEdit };
}

export async function loadForm(
  db: Db | Tx,
  enterpriseId: string,
  formId: string,
): Promise<ResponseForm | null> {
  const [form] = await db
    .select({
      id: fbForms.id,
      name: fbForms.name,
      applicant_access: fbForms.applicant_access,
      active: fbForms.active,
      document_type_id: fbForms.document_type_id,
      deleted_at: fbForms.deleted_at,
    })
    .from(fbForms)
    .where(and(eq(fbForms.id, formId), eq(fbForms.enterprise_id, enterpriseId)));
  if (!form) return null;
  const { deleted_at, ...rest } = form;
  return { ...rest, deleted: deleted_at !== null };
}

export interface LoadedResponse {
  response: ResponseRow;
  form: ResponseForm;
  rights: Rights;
}

/**
 * A response the caller may view (or edit). Someone with no right to see it gets 404 when they are
 * not staff (a portal user learns nothing of other people's responses) and 403 when they are;
 * someone who may see but not change it gets 403.
 */
export async function loadResponseFor(
  db: Db | Tx,
  auth: AuthContext | null,
  enterpriseId: string,
  responseId: string,
  need: 'view' | 'edit',
  options: { lock?: boolean } = {},
): Promise<LoadedResponse> {
  if (!auth) throw unauthenticated();
  const query = db
    .select()
    .from(fbResponses)
    .where(and(eq(fbResponses.id, responseId), eq(fbResponses.enterprise_id, enterpriseId)));
  const [response] = options.lock ? await query.for('update') : await query;
  if (!response) throw notFound('response');
  const form = await loadForm(db, enterpriseId, response.form_id);
  if (!form) throw notFound('response');
  const rights = await rightsOn(db, auth, enterpriseId, response, form);
  if (!rights.view) throw auth.isStaff && !auth.isPortal ? forbidden() : notFound('response');
  if (need === 'edit' && !rights.edit) throw forbidden();
  return { response, form, rights };
}

/** A submitted response is changed only by staff until it is reopened. */
export function assertNotLocked(loaded: LoadedResponse): void {
  if (loaded.response.progress === 2 && !loaded.rights.staffEdit)
    throw new AppError(
      'conflict',
      'This response has been submitted. It can be changed again once staff reopen it.',
    );
}
