import { messageResponseSubmitted, progress } from '@licensure/contracts';
import { type Db, fbForms, fbQuestions, fbResponses, services, type Tx, users } from '@licensure/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/context';
import { AppError, badRequest, forbidden } from '../../platform/http/errors';
import { administers } from '../../platform/permissions';
import { changesAnyResponse, writesAll } from './policy';

export interface TargetInput {
  candidate_id?: string;
  user_id?: string;
  fb_response_id?: string;
  question_id?: string;
  service_id?: string;
}

export interface Target {
  userId: string;
  responseId: string | null;
  serviceId: string | null;
  /** The document type the question (else the form) gives its files, when the file answers a response. */
  defaultDocumentTypeId: string | null;
}

/**
 * Whom a new document belongs to and what it answers, checked against the caller: the response must
 * be one they may change (their own, not submitted; or any with responses.write); the person is the
 * caller unless documents.write (or the response being that person's) allows another; a service must
 * be one they administer unless documents.write.
 */
export async function resolveNewDocumentTarget(
  db: Db | Tx,
  auth: AuthContext,
  enterpriseId: string,
  input: TargetInput,
): Promise<Target> {
  let responseUserId: string | null = null;
  let defaultDocumentTypeId: string | null = null;
  if (input.fb_response_id) {
    const [response] = await db
      .select()
      .from(fbResponses)
      .where(and(eq(fbResponses.id, input.fb_response_id), eq(fbResponses.enterprise_id, enterpriseId)));
    if (!response) throw badRequest({ fb_response_id: 'There is no such form response.' });
    const own = response.user_id === auth.userId || response.created_by === auth.userId;
    if (!changesAnyResponse(auth)) {
      if (!own) throw forbidden();
      if (response.progress >= progress.submitted) throw new AppError('forbidden', messageResponseSubmitted);
    }
    responseUserId = response.user_id;
    defaultDocumentTypeId = await documentTypeOfAnswer(db, response.form_id, input.question_id);
  }

  const field = input.candidate_id ? 'candidate_id' : 'user_id';
  const userId = input.candidate_id ?? input.user_id ?? responseUserId ?? auth.userId;
  if (userId !== auth.userId) {
    const forResponsePerson = input.fb_response_id !== undefined && userId === responseUserId;
    if (!writesAll(auth) && !forResponsePerson) throw forbidden();
    await requirePerson(db, enterpriseId, userId, field);
  }

  if (input.service_id) {
    const [service] = await db
      .select({ id: services.id })
      .from(services)
      .where(
        and(
          eq(services.id, input.service_id),
          eq(services.enterprise_id, enterpriseId),
          isNull(services.deleted_at),
        ),
      );
    if (!service) throw badRequest({ service_id: 'There is no such service.' });
    if (!writesAll(auth) && !(await administers(db, enterpriseId, auth.userId, input.service_id)))
      throw forbidden();
  }
  return {
    userId,
    responseId: input.fb_response_id ?? null,
    serviceId: input.service_id ?? null,
    defaultDocumentTypeId,
  };
}

async function documentTypeOfAnswer(db: Db | Tx, formId: string, questionId: string | undefined) {
  if (questionId) {
    const [question] = await db
      .select({ type: fbQuestions.document_type_id })
      .from(fbQuestions)
      .where(and(eq(fbQuestions.id, questionId), eq(fbQuestions.form_id, formId)));
    if (question?.type) return question.type;
  }
  const [form] = await db
    .select({ type: fbForms.document_type_id })
    .from(fbForms)
    .where(eq(fbForms.id, formId));
  return form?.type ?? null;
}

/** 400 naming `field` unless the person exists in the enterprise. */
export async function requirePerson(db: Db | Tx, enterpriseId: string, userId: string, field: string) {
  const [person] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.enterprise_id, enterpriseId)));
  if (!person) throw badRequest({ [field]: 'There is no such person.' });
}
