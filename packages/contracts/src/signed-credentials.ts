import { z } from 'zod';
import { certificationStatuses } from './licensing';

/**
 * Signed credential statements (issue 27 item 7): the QR code of a certificate or wallet card carries a
 * compact JWS (EdDSA over Ed25519) of these claims, verifiable offline with the enterprise's published
 * JWKS (`GET /.well-known/jwks.json`), and `/verify` checks it with the credential's live status.
 */

/** The JWS `typ` of a card's statement; a verifier refuses any other (a VC or a session token is not a card). */
export const credentialStatementType = 'credential+jwt';
/** The only signature algorithm: Ed25519. A verifier must pin it (never take `alg` from the token). */
export const credentialSigningAlg = 'EdDSA';
/** Where an enterprise publishes its public keys, on its own web address. */
export const credentialJwksPath = '/.well-known/jwks.json';
/** The media type of the W3C Verifiable Credential 2.0 secured as a JWS (VC-JOSE-COSE). */
export const verifiableCredentialMediaType = 'application/vc+jwt';

/** What the statement says: the credential as it stood when the card was made. */
export const signedCredentialClaims = z.object({
  /** The issuer: the enterprise's public web address (its JWKS is at `${iss}/.well-known/jwks.json`). */
  iss: z.string(),
  /** The issuing office's name. */
  iss_name: z.string(),
  /** The credential number. */
  sub: z.string(),
  /** The holder: a person's name, a service's, or a vehicle's. */
  name: z.string().nullable(),
  /** The licence ("EMS Personnel Certification") or, without one, the level. */
  title: z.string(),
  level: z.string().nullable(),
  status: z.enum(certificationStatuses),
  issue_date: z.string().nullable(),
  expiration_date: z.string().nullable(),
  /** Signed at (seconds); `exp` is the end of the expiration day (UTC), absent for a credential without one. */
  iat: z.number().int(),
  exp: z.number().int().optional(),
});
export type SignedCredentialClaims = z.infer<typeof signedCredentialClaims>;

export const credentialVerificationInput = z.object({
  token: z
    .string({ message: 'token is required' })
    .trim()
    .min(1, { message: 'token is required' })
    .max(4000, { message: 'token must be at most 4000 characters' }),
});

/** Why a token is not a valid statement of ours: each with the words `/verify` shows. */
export const credentialTokenProblems = {
  malformed: 'This is not a signed credential statement.',
  unknown_key: 'The statement was not signed by a key this office publishes.',
  bad_signature: 'The signature does not match the statement: it was altered or forged.',
  token_expired: 'The statement is past its expiry date.',
  not_found: 'The office has no such credential on record.',
} as const;
export type CredentialTokenProblem = keyof typeof credentialTokenProblems;

/**
 * The verdict: `valid` only when the signature holds and the credential is active today; a credential
 * suspended, revoked, expired or inactive since the card was made shows that live status instead.
 */
export const credentialVerdicts = [
  'valid',
  'suspended',
  'revoked',
  'expired',
  'inactive',
  'not_valid',
] as const;
export const credentialVerdictLabels: Record<(typeof credentialVerdicts)[number], string> = {
  valid: 'Valid',
  suspended: 'Suspended',
  revoked: 'Revoked',
  expired: 'Expired',
  inactive: 'Inactive',
  not_valid: 'Not valid',
};

export const credentialVerification = z.object({
  verdict: z.enum(credentialVerdicts),
  verdict_label: z.string(),
  /** Whether the signature checked out with a published key of this office. */
  signature_valid: z.boolean(),
  /** Why the token was refused (with `verdict` not_valid), else null. */
  problem: z.enum(Object.keys(credentialTokenProblems) as [CredentialTokenProblem]).nullable(),
  problem_message: z.string().nullable(),
  /** The signed statement, only when its signature checked out. */
  statement: signedCredentialClaims.nullable(),
  /** The credential's status on record now (it may differ from the signed one). */
  live: z
    .object({
      status: z.enum(certificationStatuses),
      status_label: z.string(),
      expiration_date: z.string().nullable(),
    })
    .nullable(),
  kid: z.string().nullable(),
});
export type CredentialVerification = z.infer<typeof credentialVerification>;

/** A signing key as staff see it (never the private part). */
export const credentialSigningKeyOutput = z.object({
  kid: z.string(),
  current: z.boolean(),
  created_at: z.string(),
  retired_at: z.string().nullable(),
  /** A retired key stays in the JWKS until this day (null: while cards it signed never expire). */
  published_until: z.string().nullable(),
  published: z.boolean(),
});
export type CredentialSigningKeyOutput = z.infer<typeof credentialSigningKeyOutput>;
