import { sql } from 'drizzle-orm';
import { date, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseId, id } from './columns';

/**
 * An enterprise's Ed25519 keys that sign the statements on its certificates and wallet cards (a compact
 * JWS in the QR code) and its W3C Verifiable Credentials. One current key an enterprise (retired_at
 * null); a retired key stays published in the JWKS until `published_until`, the latest expiry of the
 * cards it may have signed (null: some card it signed never expires). The private key is stored
 * encrypted (AES-256-GCM, like social security numbers), never in clear.
 */
export const credentialSigningKeys = pgTable(
  'credential_signing_keys',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    /** The JWS `kid`: unique across enterprises, so a key never verifies another enterprise's card. */
    kid: text('kid').notNull(),
    /** The public key as a JWK (kty OKP, crv Ed25519, x). */
    public_jwk: jsonb('public_jwk').$type<Record<string, string>>().notNull(),
    /** The private JWK, encrypted: `v1:<nonce>:<tag>:<ciphertext>`. */
    private_jwk_encrypted: text('private_jwk_encrypted').notNull(),
    created_at: createdAt(),
    retired_at: timestamp('retired_at', { withTimezone: true, mode: 'date' }),
    retired_by: uuid('retired_by'),
    published_until: date('published_until', { mode: 'string' }),
  },
  (t) => [
    uniqueIndex('credential_signing_keys_kid_key').on(t.kid),
    // At most one current key, however many processes create one at once.
    uniqueIndex('credential_signing_keys_current_key')
      .on(t.enterprise_id)
      .where(sql`${t.retired_at} is null`),
    index('credential_signing_keys_enterprise_idx').on(t.enterprise_id, t.created_at),
  ],
);
