import { z } from 'zod';

/** Error codes of the API, each with its HTTP status. The web app parses `ApiErrorBody`. */
export const errorStatus = {
  validation_failed: 400,
  unauthenticated: 401,
  invalid_credentials: 401,
  account_locked: 423,
  csrf_failed: 403,
  forbidden: 403,
  not_found: 404,
  route_not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  /** A daily quota (e.g. of anonymous uploads) is used up until the next day. */
  quota_exceeded: 429,
  internal: 500,
  /** The database cannot be reached for now (restarting, unreachable, out of connections); Retry-After says when to retry. */
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const apiErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBody>;

/** User-facing messages that the specification fixes word for word. */
export const messages = {
  samlFailure: 'There was an unexpected issue with the sign-in process. Please try again later.',
  signatureRequired: 'Required information is missing. Please sign the signature box.',
  invalidCredentials: 'The user name or password is incorrect.',
  accountLocked: 'Too many failed sign-in attempts. The account is locked for a while; try again later.',
  signInThrottled: 'Too many failed sign-in attempts. Wait a moment, then try again.',
  passwordLoginDisabled: 'Password sign-in is disabled for this enterprise. Use single sign-on.',
  notSignedIn: 'You are not signed in.',
  forbidden: 'You do not have permission to do this.',
  notFound: 'The record was not found.',
  routeNotFound: 'There is no such API route.',
} as const;

export const EMPTY_ENTERPRISE_ID = '00000000-0000-0000-0000-000000000000';
