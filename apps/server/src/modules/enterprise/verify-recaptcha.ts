import type { FastifyBaseLogger } from 'fastify';

export interface RecaptchaResult {
  success: boolean;
  configured: boolean;
  score?: number;
  action?: string;
  errors?: string[];
}

/**
 * Verifies a reCAPTCHA token with the verification service. Without a secret the enterprise does not
 * use reCAPTCHA, and the answer says so (configured false). The action must match the one expected.
 */
export async function verifyRecaptcha(
  verifyUrl: string,
  secret: string,
  token: string,
  expectedAction: string,
  log: FastifyBaseLogger,
): Promise<RecaptchaResult> {
  if (!secret) return { success: true, configured: false };
  try {
    const res = await fetch(verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret, response: token }),
      signal: AbortSignal.timeout(5000),
    });
    const body = (await res.json()) as {
      success?: boolean;
      score?: number;
      action?: string;
      'error-codes'?: string[];
    };
    const actionOk = body.action === undefined || body.action === expectedAction;
    return {
      success: body.success === true && actionOk,
      configured: true,
      score: body.score,
      action: body.action,
      errors: body['error-codes'],
    };
  } catch (err) {
    log.warn({ err }, 'reCAPTCHA verification failed');
    return { success: false, configured: true, errors: ['verification-unavailable'] };
  }
}
