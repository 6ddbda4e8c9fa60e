import { createHash } from 'node:crypto';
import type { HumanCheckChallenge } from '@licensure/contracts';
import { type Db, enterprises, humanChecks } from '@licensure/db';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { verifyRecaptcha } from '../enterprise/verify-recaptcha';

/**
 * How a public form proves a person sent it: one interface, two adapters. An enterprise with a
 * reCAPTCHA secret uses Google's service; any other uses the local stand-in, a single-use proof of work
 * the app hands out and checks itself (so the demo and tests run without the outside service, as the
 * local test payment gateway stands in for the real ones).
 */
export interface HumanCheck {
  kind: HumanCheckChallenge['kind'];
  /** What the form needs to make an answer. */
  challenge(action: string): Promise<HumanCheckChallenge>;
  /** Whether the answer the form sent passes, for this action; a passed local answer is used up. */
  verify(token: string, action: string): Promise<boolean>;
}

/** Leading zero bits the local stand-in asks of SHA-256(`challenge:counter`): ~16k tries on average. */
export const LOCAL_DIFFICULTY = 14;
const LOCAL_LIFETIME_MS = 10 * 60 * 1000;

/** Leading zero bits of a hash. */
export function leadingZeroBits(hash: Buffer): number {
  let bits = 0;
  for (const byte of hash) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

/** Whether `counter` answers the challenge at the difficulty. */
export const solves = (challenge: string, counter: string, difficulty: number) =>
  /^\d{1,12}$/.test(counter) &&
  leadingZeroBits(createHash('sha256').update(`${challenge}:${counter}`).digest()) >= difficulty;

/** Finds the answer to a local challenge, as the browser does (tests and tools). */
export function solveChallenge(challenge: string, difficulty: number): string {
  for (let n = 0; ; n++) if (solves(challenge, String(n), difficulty)) return `${challenge}:${n}`;
}

/** The local stand-in: challenges stored in the database, so any server process checks any of them. */
export function localHumanCheck(db: Db, enterpriseId: string, now = () => new Date()): HumanCheck {
  return {
    kind: 'local',
    async challenge(action) {
      // Expired challenges are of no further use; clearing them here keeps the table small.
      await db.delete(humanChecks).where(lt(humanChecks.expires_at, now()));
      const [row] = await db
        .insert(humanChecks)
        .values({
          enterprise_id: enterpriseId,
          action,
          difficulty: LOCAL_DIFFICULTY,
          expires_at: new Date(now().getTime() + LOCAL_LIFETIME_MS),
        })
        .returning();
      if (!row) throw new Error('human check challenge not stored');
      return {
        kind: 'local',
        challenge: row.id,
        difficulty: row.difficulty,
        expires_at: row.expires_at.toISOString(),
      };
    },
    async verify(token, action) {
      const [challenge = '', counter = ''] = token.split(':');
      if (!/^[0-9a-f-]{36}$/i.test(challenge)) return false;
      const live = and(
        eq(humanChecks.id, challenge),
        eq(humanChecks.enterprise_id, enterpriseId),
        eq(humanChecks.action, action),
        isNull(humanChecks.used_at),
        gt(humanChecks.expires_at, now()),
      );
      const [row] = await db.select({ difficulty: humanChecks.difficulty }).from(humanChecks).where(live);
      if (!row || !solves(challenge, counter, row.difficulty)) return false;
      // Used once: of two requests racing with one answer, only one marks it.
      const used = await db
        .update(humanChecks)
        .set({ used_at: now() })
        .where(live)
        .returning({ id: humanChecks.id });
      return used.length === 1;
    },
  };
}

/** Google reCAPTCHA (v2 or v3): the browser gets a token with the site key, the server checks it. */
export function recaptchaHumanCheck(
  app: FastifyInstance,
  request: FastifyRequest,
  keys: { siteKey: string; secret: string },
): HumanCheck {
  return {
    kind: 'recaptcha',
    challenge: async () => ({ kind: 'recaptcha', site_key: keys.siteKey }),
    verify: async (token, action) =>
      (await verifyRecaptcha(app.deps.config.RECAPTCHA_VERIFY_URL, keys.secret, token, action, request.log))
        .success,
  };
}

/** The enterprise's human check: reCAPTCHA when it has a secret, else the local stand-in. */
export async function humanCheckOf(app: FastifyInstance, request: FastifyRequest): Promise<HumanCheck> {
  const { db } = app.deps.database;
  const [e] = await db
    .select({ siteKey: enterprises.recaptcha_site_key, secret: enterprises.recaptcha_secret })
    .from(enterprises)
    .where(eq(enterprises.id, request.enterpriseId));
  return e?.secret ? recaptchaHumanCheck(app, request, e) : localHumanCheck(db, request.enterpriseId);
}
