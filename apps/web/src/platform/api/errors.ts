import { type ApiErrorBody, messages } from '@licensure/contracts';

/** An API failure: HTTP status (0 when the server could not be reached), error code, message and field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Readonly<Record<string, string>>;

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export const NETWORK_ERROR_CODE = 'network_error';

const fallbackCodes: Record<number, string> = {
  400: 'validation_failed',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  423: 'account_locked',
  429: 'rate_limited',
};

const fallbackMessages: Record<string, string> = {
  validation_failed: 'Some of the information is not valid.',
  unauthenticated: messages.notSignedIn,
  forbidden: messages.forbidden,
  not_found: messages.notFound,
  conflict: 'The record conflicts with another one.',
  payload_too_large: 'The upload is too large.',
  account_locked: messages.accountLocked,
  rate_limited: 'Too many requests. Wait a moment and try again.',
  internal: 'The server had a problem. Try again in a moment.',
};

const isStringRecord = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((v) => typeof v === 'string');

/**
 * The shape of `apiErrorBody` (contracts), checked by hand: every page loads this file, and the schema
 * would bring zod into the first load of the public pages.
 */
function isApiErrorBody(body: unknown): body is ApiErrorBody {
  if (typeof body !== 'object' || body === null) return false;
  const error = (body as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, fields } = error as Record<string, unknown>;
  return (
    typeof code === 'string' &&
    typeof message === 'string' &&
    (fields === undefined || isStringRecord(fields))
  );
}

/** Reads the `{ error: { code, message, fields } }` body of a failed response; tolerates any other body. */
export function parseApiError(status: number, body: unknown): ApiError {
  if (isApiErrorBody(body)) {
    const { code, message, fields } = body.error;
    return new ApiError(status, code, message, fields ?? {});
  }
  const code = fallbackCodes[status] ?? (status >= 500 ? 'internal' : 'http_error');
  return new ApiError(status, code, fallbackMessages[code] ?? `The request failed (status ${status}).`);
}

export function networkError(): ApiError {
  return new ApiError(
    0,
    NETWORK_ERROR_CODE,
    'The server cannot be reached. Check your connection and try again.',
  );
}

/** True when the server could not be reached at all (or a proxy in front of it says so). */
export function isUnreachable(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504)
  );
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return 'Something went wrong.';
}

/**
 * Splits the field errors of an API error into those of known form fields and the rest. The server names
 * a top-level field plainly (`label`; older answers prefixed the wrapper, `alert_type.label`) and a
 * nested one by its whole path (`contacts.0.email`), which is not the form's own `email`.
 */
export function fieldErrorsOf(
  error: unknown,
  knownFields: readonly string[],
): { fields: Record<string, string>; other: string[] } {
  const fields: Record<string, string> = {};
  const other: string[] = [];
  if (!(error instanceof ApiError)) return { fields, other };
  const known = new Set(knownFields);
  for (const [key, message] of Object.entries(error.fields)) {
    const parts = key.split('.');
    const name =
      parts.length === 2 && !/^\d+$/.test(parts[0] ?? '') ? parts[1] : parts.length === 1 ? key : undefined;
    if (name !== undefined && known.has(name)) {
      fields[name] ??= message;
    } else {
      other.push(message);
    }
  }
  return { fields, other };
}
