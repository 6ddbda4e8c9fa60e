import { hash, verify } from '@node-rs/argon2';

// argon2id with the OWASP-recommended minimum (19 MiB, 2 iterations, 1 lane).
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the user does not exist, so timing does not tell names apart. */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = () => {
  dummyHash ??= hashPassword('not-a-real-password-but-same-cost');
  return dummyHash;
};
