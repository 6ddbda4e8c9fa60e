import type { DocumentAccessEntry, DocumentRecord, ListResult } from '@licensure/contracts';
import { api } from '../../platform/api/client';
import { getCsrfToken } from '../../platform/api/csrf';
import { ApiError, networkError, parseApiError } from '../../platform/api/errors';

export interface DocumentListParams {
  user_id: string;
  currentPage: number;
  numPerPage: number;
}

/** The metadata staff change in the panel; only the keys sent are changed. */
export interface DocumentChanges {
  document_type_id?: string | null;
  expiration_date?: string | null;
  locked?: boolean;
}

const one = (id: string) => `/api/Documents/${encodeURIComponent(id)}`;

/** Where the browser downloads a document's file (the server logs the read). */
export const contentUrl = (id: string) => `${one(id)}/content`;

export const documentsApi = {
  list: (params: DocumentListParams, signal?: AbortSignal) =>
    api.get<ListResult<DocumentRecord>>('/api/Documents', { signal, query: { ...params } }),
  update: (id: string, document: DocumentChanges) =>
    api.put<{ document: DocumentRecord; updated: number }>(one(id), { document }),
  remove: (id: string) => api.delete(one(id)),
  accessLog: (id: string, currentPage: number, numPerPage: number, signal?: AbortSignal) =>
    api.get<ListResult<DocumentAccessEntry>>(`${one(id)}/accesslog`, {
      signal,
      query: { currentPage, numPerPage },
    }),
};

export const documentKeys = {
  all: ['documents'] as const,
  list: (params: DocumentListParams) => ['documents', 'list', params] as const,
  accessLog: (id: string, page: number) => ['documents', 'access-log', id, page] as const,
};

function errorOfXhr(xhr: XMLHttpRequest): ApiError {
  if (xhr.status === 0) return networkError();
  let body: unknown;
  try {
    body = JSON.parse(xhr.responseText);
  } catch {
    body = undefined;
  }
  return parseApiError(xhr.status, body);
}

/**
 * POST Documents/upload with progress (fetch cannot report upload progress, XMLHttpRequest can).
 * `fields` go before the file part, as the server reads them first.
 */
export function uploadDocument(
  file: File,
  fields: Record<string, string>,
  onProgress: (fraction: number) => void,
): Promise<DocumentRecord> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/Documents/upload');
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    const csrf = getCsrfToken();
    if (csrf) xhr.setRequestHeader('x-csrf-token', csrf);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as DocumentRecord);
        } catch {
          reject(new ApiError(xhr.status, 'internal', 'The server answered something unexpected.'));
        }
      } else reject(errorOfXhr(xhr));
    });
    xhr.addEventListener('error', () => reject(networkError()));
    xhr.addEventListener('abort', () => reject(new ApiError(0, 'aborted', 'The upload was cancelled.')));
    xhr.send(form);
  });
}

/** POST Core/Zip: the chosen documents as one zip file, handed to the browser to save. */
export async function downloadZip(documentIds: readonly string[], fileName = 'documents.zip'): Promise<void> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const csrf = getCsrfToken();
  if (csrf) headers['x-csrf-token'] = csrf;
  let response: Response;
  try {
    response = await fetch('/api/Core/Zip', {
      method: 'POST',
      headers,
      credentials: 'same-origin',
      body: JSON.stringify({ documentIds }),
    });
  } catch {
    throw networkError();
  }
  if (!response.ok) {
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    throw parseApiError(response.status, body);
  }
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked a moment later, once the browser has started saving.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

/** "12 KB", "3.4 MB". */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
