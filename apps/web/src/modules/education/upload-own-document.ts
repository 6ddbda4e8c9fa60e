import type { DocumentRecord } from '@licensure/contracts';
import { getCsrfToken } from '../../platform/api/csrf';
import { ApiError, networkError, parseApiError } from '../../platform/api/errors';

/** Uploads a file as a document of the signed-in person. */
export async function uploadOwnDocument(file: File, description: string): Promise<DocumentRecord> {
  const form = new FormData();
  form.append('description', description);
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
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = parseApiError(response.status, body);
    throw new ApiError(error.status, error.code, error.message, { ...error.fields });
  }
  return body as DocumentRecord;
}
