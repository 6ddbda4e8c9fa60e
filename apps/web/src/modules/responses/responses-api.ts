import type {
  AnswerInput,
  availableForm,
  DocumentRecord,
  FormOutput,
  FormQuestion,
  ListResult,
  PopulatedValue,
  ResponseListItem,
  ResponseOutput,
} from '@licensure/contracts';
import type { z } from 'zod';
import { api } from '../../platform/api/client';
import { getCsrfToken } from '../../platform/api/csrf';
import { ApiError, errorMessage, networkError, parseApiError } from '../../platform/api/errors';
import type { RenderableForm, SaveOutcome, UploadedFile } from './renderer/renderer-types';

export type AvailableForm = z.infer<typeof availableForm>;

/** What a save sends of a response (the answers and where the applicant is). */
export interface ResponseDraft {
  id?: string;
  form_id: string;
  current_page: number;
  complete: boolean;
  questions: AnswerInput[];
}

export interface ResponseListParams {
  mine?: boolean;
  form_id?: string;
  progress?: number;
  currentPage?: number;
  numPerPage?: number;
  sortBy?: string;
  reverse?: boolean;
}

type Rows<T> = T[] | ListResult<T> | null | undefined;
const itemsOf = <T>(body: Rows<T>): T[] => (!body ? [] : Array.isArray(body) ? body : body.items);

export const responsesApi = {
  /** Forms a portal applicant may start. */
  available: async (signal?: AbortSignal) =>
    itemsOf(await api.get<Rows<AvailableForm>>('/api/fbforms/available', { signal })),
  list: (params: ResponseListParams, signal?: AbortSignal) =>
    api.get<ListResult<ResponseListItem>>('/api/fbresponses', { query: { ...params }, signal }),
  get: (id: string, signal?: AbortSignal) =>
    api.get<ResponseOutput>(`/api/fbresponses/${encodeURIComponent(id)}`, { signal }),
  form: (id: string, signal?: AbortSignal) =>
    api.get<FormOutput>(`/api/fbforms/${encodeURIComponent(id)}`, { signal }),
  /** Starts a response to a form (no answers yet). */
  start: (formId: string) =>
    api.post<ResponseOutput>('/api/fbresponses', {
      response: { form_id: formId, current_page: 0, complete: false, questions: [] },
      saveAnswers: true,
      getLess: true,
    }),
  /** Values of a group's mapped questions from the response's person, service or vehicle. */
  populateGroup: (responseId: string, groupId: string) =>
    api.get<PopulatedValue[]>('/api/fbresponses/populateGroup', {
      query: { responseID: responseId, groupID: groupId },
    }),
  /** Records the applicant's progress through a response (Logger/LogFormProgress); never fails loudly. */
  logProgress: async (responseId: string, text: string) => {
    try {
      await api.post('/api/Logger/LogFormProgress', { fb_response_id: responseId, text });
    } catch {
      // A progress note that cannot be written must not disturb the applicant.
    }
  },
  reopen: (responseId: string) => api.post<unknown>('/api/fbresponses/reopen', { responseID: responseId }),
  clearSignatures: (responseId: string) =>
    api.post<{ cleared: number }>('/api/fbresponses/clearsignatures', { responseID: responseId }),
  remove: (responseId: string) => api.delete<unknown>(`/api/fbresponses/${encodeURIComponent(responseId)}`),
};

export const responsesKeys = {
  all: ['responses'] as const,
  available: () => ['responses', 'available-forms'] as const,
  list: (params: ResponseListParams) => ['responses', 'list', params] as const,
  one: (id: string) => ['responses', 'one', id] as const,
  form: (id: string) => ['responses', 'form', id] as const,
};

/** Where the PDF of a response is read (opened in a new tab). */
export const responsePdfHref = (responseId: string) =>
  `/api/fbresponses/getPDFFileContent?responseID=${encodeURIComponent(responseId)}`;

/** Where an uploaded document is downloaded. */
export const documentHref = (documentId: string) =>
  `/api/Documents/${encodeURIComponent(documentId)}/content`;

/**
 * Saves a response: creates it (POST fbresponses) or updates it (PUT fbresponses/{id}). As the spec says,
 * a form save with no form resolves null and sends nothing. Failures reject with the ApiError.
 */
export async function saveResponse(
  form: RenderableForm | null | undefined,
  draft: ResponseDraft,
): Promise<ResponseOutput | null> {
  if (!form) return null;
  const body = {
    response: {
      form_id: draft.form_id,
      current_page: draft.current_page,
      complete: draft.complete,
      questions: draft.questions,
    },
    saveAnswers: true,
    getLess: true,
  };
  return draft.id
    ? api.put<ResponseOutput>(`/api/fbresponses/${encodeURIComponent(draft.id)}`, body)
    : api.post<ResponseOutput>('/api/fbresponses', body);
}

/** A failed save as the renderer shows it: field errors of a 400, else the message. */
export function saveOutcomeOf(error: unknown): SaveOutcome {
  if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length > 0)
    return { status: 'invalid', fields: { ...error.fields }, message: error.message };
  return { status: 'failed', message: errorMessage(error) };
}

/** The message of a failed upload: the server's message about the file when it gives one. */
function uploadMessage(error: ApiError): string {
  return error.fields.file ?? Object.values(error.fields)[0] ?? error.message;
}

/**
 * Uploads the file of a file question (multipart: the fields, then the `file` part) as a document of
 * the response. Rejects with an Error whose message says why (too large, wrong type, …).
 */
export async function uploadAnswerFile(
  responseId: string,
  question: Pick<FormQuestion, 'id' | 'document_type_id'>,
  file: File,
  documentTypeId?: string | null,
): Promise<UploadedFile> {
  const form = new FormData();
  form.append('fb_response_id', responseId);
  form.append('question_id', question.id);
  const typeId = question.document_type_id ?? documentTypeId;
  if (typeId) form.append('document_type_id', typeId);
  form.append('file', file, file.name);
  const token = getCsrfToken();
  let response: Response;
  try {
    response = await fetch('/api/Documents/upload', {
      method: 'POST',
      headers: token ? { 'x-csrf-token': token } : {},
      credentials: 'same-origin',
      body: form,
    });
  } catch {
    throw networkError();
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  if (!response.ok) {
    const error = parseApiError(response.status, body);
    throw new ApiError(error.status, error.code, uploadMessage(error), { ...error.fields });
  }
  const doc = body as DocumentRecord;
  return { document_id: doc.id, file_name: doc.name };
}
