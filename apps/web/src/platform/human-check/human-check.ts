import type { HumanCheckChallenge } from '@licensure/contracts';
import { api } from '../api/client';

/** Leading zero bits of a SHA-256 digest. */
function zeroBits(digest: ArrayBuffer): number {
  const bytes = new Uint8Array(digest);
  let bits = 0;
  for (const b of bytes) {
    if (b === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(b) - 24;
  }
  return bits;
}

/** The local check's answer: the first counter whose SHA-256 of `challenge:counter` has enough zero bits. */
async function solveLocal(challenge: string, difficulty: number): Promise<string> {
  const encoder = new TextEncoder();
  for (let n = 0; ; n++) {
    const digest = await crypto.subtle.digest('SHA-256', encoder.encode(`${challenge}:${n}`));
    if (zeroBits(digest) >= difficulty) return `${challenge}:${n}`;
  }
}

interface Grecaptcha {
  ready(cb: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

/** Google reCAPTCHA v3: loads its script once and asks for a token for the action. */
async function recaptchaToken(siteKey: string, action: string): Promise<string> {
  const w = window as unknown as { grecaptcha?: Grecaptcha };
  if (!w.grecaptcha) {
    await new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error('The reCAPTCHA check could not be loaded.'));
      document.head.appendChild(script);
    });
  }
  const g = w.grecaptcha!;
  await new Promise<void>((resolve) => g.ready(resolve));
  return g.execute(siteKey, { action });
}

/**
 * The answer to the enterprise's human check: the local stand-in's proof of work (a second or so of
 * hashing in the browser), or a reCAPTCHA token when the enterprise uses reCAPTCHA (its script must
 * then be allowed by the content security policy).
 */
export function answerHumanCheck(check: HumanCheckChallenge, action: string): Promise<string> {
  return check.kind === 'local'
    ? solveLocal(check.challenge, check.difficulty)
    : recaptchaToken(check.site_key, action);
}

/** Asks the server for the enterprise's human check of a public form's action, and answers it. */
export async function humanCheckToken(action: 'firedrill' | 'complaint'): Promise<string> {
  const check = await api.get<HumanCheckChallenge>('/api/public/humancheck', { query: { action } });
  return answerHumanCheck(check, action);
}
