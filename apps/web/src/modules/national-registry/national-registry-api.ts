import type {
  DocumentRecord,
  RegistryMismatchList,
  RegistryResolveBody,
  registryImportRejected,
  registryImportResult,
} from '@licensure/contracts';
import type { z } from 'zod';
import { api } from '../../platform/api/client';
import { getCsrfToken } from '../../platform/api/csrf';

export const nationalRegistryKeys = { mismatches: ['national-registry', 'mismatches'] as const };

/** Why an import was refused: the message and the rows at fault (the rejection's body, contracts). */
export type RegistryImportFailure = Pick<z.infer<typeof registryImportRejected>['error'], 'message' | 'rows'>;

/** Uploads the file as a document, then imports it; throws RegistryImportFailure when refused. */
async function importExport(file: File) {
  const form = new FormData();
  form.append('file', file);
  const token = getCsrfToken();
  const upload = await fetch('/api/Documents/upload', {
    method: 'POST',
    headers: token ? { 'x-csrf-token': token } : {},
    credentials: 'same-origin',
    body: form,
  });
  const uploaded = (await upload.json()) as DocumentRecord & { error?: { message: string } };
  if (!upload.ok) throw { message: uploaded.error?.message ?? 'The file could not be uploaded.', rows: [] };
  const res = await fetch(`/api/NationalRegistry/import/${uploaded.id}`, {
    method: 'POST',
    headers: token ? { 'x-csrf-token': token } : {},
    credentials: 'same-origin',
  });
  const body = (await res.json()) as z.infer<typeof registryImportResult> & {
    error?: Partial<RegistryImportFailure>;
  };
  if (!res.ok)
    throw {
      message: body.error?.message ?? 'The import failed.',
      rows: body.error?.rows ?? [],
    } satisfies RegistryImportFailure;
  return body;
}

export const nationalRegistryApi = {
  mismatches: () => api.get<RegistryMismatchList>('/api/NationalRegistry/mismatches'),
  importExport,
  resolve: (id: string, body: RegistryResolveBody) =>
    api.post<unknown>(`/api/NationalRegistry/records/${id}/resolve`, body),
};
