import {
  type CredentialView,
  credentialSigningAlg,
  credentialStatementType,
  type SignedCredentialClaims,
} from '@licensure/contracts';
import { CompactSign } from 'jose';
import type { SigningKey } from './signing-keys';

export interface Issuer {
  /** The enterprise's public web address (where its JWKS is published). */
  id: string;
  name: string;
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** The end (UTC) of a credential's expiration day, in seconds; undefined when it has none. */
export function endOfDay(date: string | null): number | undefined {
  return date ? seconds(new Date(`${date}T23:59:59Z`)) : undefined;
}

/** The statement a card carries: the credential as the presenter shows it, and who says so. */
export function statementOf(issuer: Issuer, c: CredentialView, now = new Date()): SignedCredentialClaims {
  const exp = endOfDay(c.expiration_date);
  return {
    iss: issuer.id,
    iss_name: issuer.name,
    sub: c.number,
    name: c.holder_name,
    title: c.title,
    level: c.level_label,
    status: c.status,
    issue_date: c.issue_date,
    expiration_date: c.expiration_date,
    iat: seconds(now),
    ...(exp === undefined ? {} : { exp }),
  };
}

const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

/** The statement as a compact JWS (EdDSA, Ed25519) with the key's kid: what the QR code carries. */
export async function signStatement(key: SigningKey, claims: SignedCredentialClaims): Promise<string> {
  return new CompactSign(encode(claims))
    .setProtectedHeader({ alg: credentialSigningAlg, kid: key.kid, typ: credentialStatementType })
    .sign(key.key);
}

/**
 * The same statement as a W3C Verifiable Credential 2.0, secured as a JWS per VC-JOSE-COSE
 * (`application/vc+jwt`): the payload is the credential itself, the header names the key.
 */
export async function signVerifiableCredential(
  key: SigningKey,
  claims: SignedCredentialClaims,
  verifyUrl: string,
): Promise<string> {
  const credential = {
    '@context': ['https://www.w3.org/ns/credentials/v2'],
    id: verifyUrl,
    type: ['VerifiableCredential', 'ProfessionalLicenseCredential'],
    issuer: { id: claims.iss, name: claims.iss_name },
    validFrom: new Date(claims.iat * 1000).toISOString(),
    ...(claims.exp === undefined ? {} : { validUntil: new Date(claims.exp * 1000).toISOString() }),
    credentialSubject: {
      name: claims.name,
      license: {
        type: 'ProfessionalLicense',
        number: claims.sub,
        title: claims.title,
        level: claims.level,
        status: claims.status,
        issueDate: claims.issue_date,
        expirationDate: claims.expiration_date,
      },
    },
  };
  return new CompactSign(encode(credential))
    .setProtectedHeader({ alg: credentialSigningAlg, kid: key.kid, typ: 'vc+jwt', cty: 'vc' })
    .sign(key.key);
}
