import {
  type CredentialTokenProblem,
  type CredentialVerification,
  credentialSigningAlg,
  credentialStatementType,
  credentialTokenProblems,
  credentialVerdictLabels,
  type SignedCredentialClaims,
  signedCredentialClaims,
} from '@licensure/contracts';
import { certifications, type Db } from '@licensure/db';
import { and, eq, getTableColumns, isNull } from 'drizzle-orm';
import { compactVerify, decodeProtectedHeader, importJWK } from 'jose';
import { credentialColumns, joinCredentialNames, presentCredential } from '../credential-presenter';
import { publishedKey } from './signing-keys';

const refused = (
  problem: CredentialTokenProblem,
  extra: Partial<CredentialVerification> = {},
): CredentialVerification => ({
  verdict: 'not_valid',
  verdict_label: credentialVerdictLabels.not_valid,
  signature_valid: false,
  problem,
  problem_message: credentialTokenProblems[problem],
  statement: null,
  live: null,
  kid: null,
  ...extra,
});

/** The signed claims when the token is ours and untouched; else why not. */
async function checkSignature(
  db: Db,
  enterpriseId: string,
  token: string,
): Promise<
  { claims: SignedCredentialClaims; kid: string } | { problem: CredentialTokenProblem; kid: string | null }
> {
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(token);
  } catch {
    return { problem: 'malformed', kid: null };
  }
  const kid = typeof header.kid === 'string' ? header.kid : null;
  if (header.typ !== credentialStatementType) return { problem: 'malformed', kid };
  if (!kid) return { problem: 'unknown_key', kid };
  const jwk = await publishedKey(db, enterpriseId, kid);
  if (!jwk) return { problem: 'unknown_key', kid };
  let payload: Uint8Array;
  try {
    // The algorithm is pinned: a token saying `none` or `HS256` is refused, never tried with the key.
    const key = await importJWK(jwk, credentialSigningAlg);
    ({ payload } = await compactVerify(token, key, { algorithms: [credentialSigningAlg] }));
  } catch {
    return { problem: 'bad_signature', kid };
  }
  let parsed: ReturnType<typeof signedCredentialClaims.safeParse>;
  try {
    parsed = signedCredentialClaims.safeParse(JSON.parse(new TextDecoder().decode(payload)));
  } catch {
    return { problem: 'malformed', kid };
  }
  return parsed.success ? { claims: parsed.data, kid } : { problem: 'malformed', kid };
}

/**
 * A card's token checked as `/verify` does: the signature against this office's published keys, then the
 * credential's status on record now. A credential suspended or revoked after the card was made reads as
 * such, whatever the card says.
 */
export async function verifyStatement(
  db: Db,
  enterpriseId: string,
  token: string,
  now = new Date(),
): Promise<CredentialVerification> {
  const checked = await checkSignature(db, enterpriseId, token);
  if ('problem' in checked) return refused(checked.problem, { kid: checked.kid });
  const { claims, kid } = checked;
  const signed = { signature_valid: true, statement: claims, kid };
  const [row] = await joinCredentialNames(
    db.select({ ...getTableColumns(certifications), ...credentialColumns }).from(certifications),
  ).where(
    and(
      eq(certifications.enterprise_id, enterpriseId),
      eq(certifications.number, claims.sub),
      isNull(certifications.deleted_at),
    ),
  );
  if (!row) return refused('not_found', signed);
  const c = presentCredential(row);
  const live = { status: c.status, status_label: c.status_label, expiration_date: c.expiration_date };
  if (claims.exp !== undefined && claims.exp * 1000 < now.getTime())
    return refused('token_expired', { ...signed, live });
  const today = now.toISOString().slice(0, 10);
  const lapsed = c.status === 'active' && c.expiration_date !== null && c.expiration_date < today;
  const verdict = lapsed ? 'expired' : c.status === 'active' ? 'valid' : c.status;
  return {
    verdict,
    verdict_label: credentialVerdictLabels[verdict],
    problem: null,
    problem_message: null,
    live,
    ...signed,
  };
}
