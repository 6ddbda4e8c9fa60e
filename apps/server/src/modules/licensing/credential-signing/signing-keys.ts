import type { CredentialSigningKeyOutput } from '@licensure/contracts';
import { certifications, credentialSigningKeys, type Db, enterprises, type Tx } from '@licensure/db';
import { and, asc, eq, gte, isNull, or, sql } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import { type Actor, recordChange } from '../../../platform/audit/record-change';
import { openPrivateKey, sealPrivateKey } from './key-vault';

// An enterprise's Ed25519 signing keys: the current one (made on first need), the published ones (the
// JWKS), and rotation. The private key is opened only to sign, and kept imported in this process.

type KeyRow = typeof credentialSigningKeys.$inferSelect;
export interface SigningKey {
  kid: string;
  key: CryptoKey;
}

const imported = new Map<string, CryptoKey>();

/** A new key pair as stored: the public JWK and the sealed private one; its kid is the JWK thumbprint. */
async function newKeyValues(ssnKey: string | undefined, enterpriseId: string) {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  const sealed = sealPrivateKey(ssnKey, JSON.stringify(await exportJWK(privateKey)));
  return {
    enterprise_id: enterpriseId,
    kid,
    public_jwk: { kty: 'OKP', crv: 'Ed25519', x: publicJwk.x ?? '' },
    private_jwk_encrypted: sealed,
  };
}

async function insertCurrent(db: Db | Tx, ssnKey: string | undefined, enterpriseId: string) {
  // The partial unique index keeps one current key: a concurrent first signing's insert is dropped.
  await db
    .insert(credentialSigningKeys)
    .values(await newKeyValues(ssnKey, enterpriseId))
    .onConflictDoNothing();
}

const currentRow = async (db: Db | Tx, enterpriseId: string): Promise<KeyRow | undefined> =>
  (
    await db
      .select()
      .from(credentialSigningKeys)
      .where(
        and(eq(credentialSigningKeys.enterprise_id, enterpriseId), isNull(credentialSigningKeys.retired_at)),
      )
  )[0];

/** The enterprise's current signing key, made on first need. */
export async function currentSigningKey(
  db: Db,
  ssnKey: string | undefined,
  enterpriseId: string,
): Promise<SigningKey> {
  let row = await currentRow(db, enterpriseId);
  if (!row) {
    await insertCurrent(db, ssnKey, enterpriseId);
    row = await currentRow(db, enterpriseId);
  }
  if (!row) throw new Error('no current credential signing key after creating one');
  let key = imported.get(row.kid);
  if (!key) {
    const jwk = JSON.parse(openPrivateKey(ssnKey, row.private_jwk_encrypted)) as JWK;
    key = (await importJWK(jwk, 'EdDSA')) as CryptoKey;
    imported.set(row.kid, key);
  }
  return { kid: row.kid, key };
}

/** Every enterprise has a current key from the start (demo cards are signed on a fresh start). */
export async function ensureSigningKeys(db: Db, ssnKey: string | undefined): Promise<number> {
  const missing = await db
    .select({ id: enterprises.id })
    .from(enterprises)
    .where(
      sql`not exists (select 1 from ${credentialSigningKeys} k where k.enterprise_id = ${enterprises.id} and k.retired_at is null)`,
    );
  for (const e of missing) await insertCurrent(db, ssnKey, e.id);
  return missing.length;
}

/** The keys a verifier needs: the current one and the retired ones whose cards may not have expired. */
const publishedWhere = (enterpriseId: string) =>
  and(
    eq(credentialSigningKeys.enterprise_id, enterpriseId),
    or(
      isNull(credentialSigningKeys.retired_at),
      isNull(credentialSigningKeys.published_until),
      gte(credentialSigningKeys.published_until, sql`current_date`),
    ),
  );

export interface PublicJwk {
  kty: string;
  crv: string;
  x: string;
  kid: string;
  alg: 'EdDSA';
  use: 'sig';
}

const asPublic = (row: Pick<KeyRow, 'kid' | 'public_jwk'>): PublicJwk => ({
  kty: 'OKP',
  crv: 'Ed25519',
  x: row.public_jwk.x ?? '',
  kid: row.kid,
  alg: 'EdDSA',
  use: 'sig',
});

export async function publishedKeys(db: Db, enterpriseId: string): Promise<PublicJwk[]> {
  const rows = await db
    .select({ kid: credentialSigningKeys.kid, public_jwk: credentialSigningKeys.public_jwk })
    .from(credentialSigningKeys)
    .where(publishedWhere(enterpriseId))
    .orderBy(asc(credentialSigningKeys.created_at));
  return rows.map(asPublic);
}

/** One published key of the enterprise by kid, or undefined (another enterprise's key is not ours). */
export async function publishedKey(
  db: Db,
  enterpriseId: string,
  kid: string,
): Promise<PublicJwk | undefined> {
  const [row] = await db
    .select({ kid: credentialSigningKeys.kid, public_jwk: credentialSigningKeys.public_jwk })
    .from(credentialSigningKeys)
    .where(and(publishedWhere(enterpriseId), eq(credentialSigningKeys.kid, kid)));
  return row ? asPublic(row) : undefined;
}

export async function listSigningKeys(db: Db, enterpriseId: string): Promise<CredentialSigningKeyOutput[]> {
  const rows = await db
    .select({
      kid: credentialSigningKeys.kid,
      created_at: credentialSigningKeys.created_at,
      retired_at: credentialSigningKeys.retired_at,
      published_until: credentialSigningKeys.published_until,
      published: sql<boolean>`${publishedWhere(enterpriseId)}`,
    })
    .from(credentialSigningKeys)
    .where(eq(credentialSigningKeys.enterprise_id, enterpriseId))
    .orderBy(asc(credentialSigningKeys.created_at));
  return rows.map((r) => ({
    kid: r.kid,
    current: r.retired_at === null,
    created_at: r.created_at.toISOString(),
    retired_at: r.retired_at?.toISOString() ?? null,
    published_until: r.published_until,
    published: !!r.published,
  }));
}

/**
 * Retires the current key and makes a new one. The retired key stays published until the last day a card
 * it signed can be valid: the latest expiration among the enterprise's credentials, or for good (null) when
 * one has no expiration. Both writes in the change log, in the caller's transaction.
 */
export async function rotateSigningKey(tx: Tx, ssnKey: string | undefined, actor: Actor): Promise<string> {
  const enterpriseId = actor.enterpriseId;
  const [old] = await tx
    .select()
    .from(credentialSigningKeys)
    .where(
      and(eq(credentialSigningKeys.enterprise_id, enterpriseId), isNull(credentialSigningKeys.retired_at)),
    )
    .for('update');
  const values = await newKeyValues(ssnKey, enterpriseId);
  if (old) {
    const [span] = await tx
      .select({
        open: sql<number>`count(*) filter (where ${certifications.expiration_date} is null)::int`,
        last: sql<string | null>`greatest(max(${certifications.expiration_date}), current_date)::text`,
      })
      .from(certifications)
      .where(eq(certifications.enterprise_id, enterpriseId));
    const publishedUntil = span && span.open > 0 ? null : (span?.last ?? null);
    const retired = { retired_at: new Date(), retired_by: actor.userId, published_until: publishedUntil };
    await tx.update(credentialSigningKeys).set(retired).where(eq(credentialSigningKeys.id, old.id));
    await recordChange(tx, actor, {
      entity: 'credential_signing_keys',
      objectId: old.id,
      action: 'update',
      before: { kid: old.kid, retired_at: null, published_until: old.published_until },
      after: { kid: old.kid, ...retired },
    });
  }
  const [made] = await tx
    .insert(credentialSigningKeys)
    .values(values)
    .returning({ id: credentialSigningKeys.id });
  await recordChange(tx, actor, {
    entity: 'credential_signing_keys',
    objectId: made?.id ?? '',
    action: 'create',
    after: { kid: values.kid, public_jwk: values.public_jwk },
  });
  return values.kid;
}
