import { readFileSync } from 'node:fs';
import path from 'node:path';
import { passwordHistory, type Tx, users } from '@licensure/db';
import zxcvbnCore from '@zxcvbn-ts/core';
import zxcvbnCommon from '@zxcvbn-ts/language-common';
import zxcvbnEnglish from '@zxcvbn-ts/language-en';
import { desc, eq } from 'drizzle-orm';
import { verifyPassword } from '../../../platform/auth/passwords';

/**
 * Password rules in the spirit of NIST SP 800-63B: a length range, no composition rules, and refusal of
 * common passwords, easily guessed ones (zxcvbn), the user name and recently used passwords.
 */
export const passwordPolicy = {
  min_length: 12,
  max_length: 128,
  history_count: 5,
  composition_rules: false,
  min_strength: 3,
  rules: [
    'At least 12 characters and at most 128; spaces and any characters are allowed.',
    'No rules about upper case, digits or symbols: a long passphrase is best.',
    'Not one of the most commonly used passwords.',
    'Not easy to guess: common words with a capital and a digit, keyboard rows and repeats are refused.',
    'Not your user name.',
    'Not one of your last 5 passwords.',
  ],
};

let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(path.join(import.meta.dirname, 'common-passwords.txt'), 'utf8')
      .split('\n')
      .map((l) => l.trim().toLowerCase())
      .filter(Boolean),
  );
  return common;
}

let strength: InstanceType<typeof zxcvbnCore.ZxcvbnFactory> | undefined;
/** zxcvbn's score, 0 (guessed at once) to 4; the user's own names count as known words. */
export function passwordStrength(password: string, userInputs: string[] = []): number {
  strength ??= new zxcvbnCore.ZxcvbnFactory({
    dictionary: { ...zxcvbnCommon.dictionary, ...zxcvbnEnglish.dictionary },
    graphs: zxcvbnCommon.adjacencyGraphs,
    translations: zxcvbnEnglish.translations,
  });
  return strength.check(password, userInputs).score;
}

/** The password history of a person, newest first (current password included). */
export async function recentPasswordHashes(db: Tx, userId: string, count = passwordPolicy.history_count) {
  const rows = await db
    .select({ hash: passwordHistory.password_hash })
    .from(passwordHistory)
    .where(eq(passwordHistory.user_id, userId))
    .orderBy(desc(passwordHistory.created_at))
    .limit(count);
  const [current] = await db.select({ hash: users.password_hash }).from(users).where(eq(users.id, userId));
  const hashes = rows.map((r) => r.hash);
  if (current?.hash && !hashes.includes(current.hash)) hashes.unshift(current.hash);
  return hashes.slice(0, count);
}

export async function wasUsedRecently(db: Tx, userId: string, password: string): Promise<boolean> {
  for (const hash of await recentPasswordHashes(db, userId))
    if (await verifyPassword(hash, password)) return true;
  return false;
}

/** The first rule a new password breaks, as a message for the `password` field; null when it is fine. */
export async function passwordProblem(
  db: Tx,
  password: string,
  user: { id?: string; user_name?: string | null },
): Promise<string | null> {
  const length = [...password].length;
  if (length < passwordPolicy.min_length)
    return `The password must be at least ${passwordPolicy.min_length} characters.`;
  if (length > passwordPolicy.max_length)
    return `The password must be at most ${passwordPolicy.max_length} characters.`;
  if (commonPasswords().has(password.toLowerCase()))
    return 'This password is too common. Choose another one.';
  if (user.user_name && password.toLowerCase().includes(user.user_name.toLowerCase()))
    return 'The password must not contain your user name.';
  if (passwordStrength(password, user.user_name ? [user.user_name] : []) < passwordPolicy.min_strength)
    return 'This password is too easy to guess. Try a passphrase of several unrelated words.';
  if (user.id && (await wasUsedRecently(db, user.id, password)))
    return `The password must not be one of your last ${passwordPolicy.history_count} passwords.`;
  return null;
}
