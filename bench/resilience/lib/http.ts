/** Signed-in callers of the API over real HTTP (Node's fetch), with a bounded answer time. */

export interface Session {
  user: string;
  portal: boolean;
  headers: Record<string, string>;
}

export interface Answer {
  status: number;
  /** 0 when there was no HTTP answer: `error` says why (refused, reset, timeout). */
  body: unknown;
  ms: number;
  error?: string;
  retryAfter?: string | null;
}

export const demoUsers = {
  admin: { password: 'admin-demo-2026', portal: false },
  reviewer: { password: 'reviewer-demo-2026', portal: false },
  applicant: { password: 'applicant-demo-2026', portal: true },
} as const;

export async function signIn(base: string, user: keyof typeof demoUsers): Promise<Session> {
  const { password, portal } = demoUsers[user];
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_name: user, password, isPortal: portal }),
    signal: AbortSignal.timeout(30_000),
  });
  if (res.status !== 200) throw new Error(`sign-in as ${user} failed: ${res.status} ${await res.text()}`);
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { user, portal, headers: { cookie, 'x-csrf-token': csrfToken } };
}

/** One request; never throws: a network failure or a timeout is an answer with status 0. */
export async function call(
  base: string,
  session: Session | null,
  method: string,
  url: string,
  body?: unknown,
  timeoutMs = 15_000,
  extraHeaders: Record<string, string> = {},
): Promise<Answer> {
  const started = performance.now();
  try {
    const isBuffer = Buffer.isBuffer(body);
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(session?.headers ?? {}),
        ...(body !== undefined && !isBuffer ? { 'content-type': 'application/json' } : {}),
        ...extraHeaders,
      },
      body: body === undefined ? undefined : isBuffer ? new Uint8Array(body as Buffer) : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: kept as text
    }
    return {
      status: res.status,
      body: parsed,
      ms: performance.now() - started,
      retryAfter: res.headers.get('retry-after'),
    };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    const error = e.name === 'TimeoutError' ? 'timeout' : (e.cause?.code ?? e.message);
    return { status: 0, body: null, ms: performance.now() - started, error };
  }
}

/** Percentile of sorted numbers (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] as number;
}
