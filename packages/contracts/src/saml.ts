// Contracts of the saml module (SAML 2.0 single sign-on).
import { z } from 'zod';
import { booleanish, timestamp } from './paging';

/** GET Saml20/SignIn: the identity provider's code, the kind of session, where to go afterwards. */
export const samlSignInQuery = z.object({
  idp: z.string().trim().min(1, 'idp is required').max(100),
  isPortal: booleanish.optional().default(true),
  ReturnUrl: z.string().max(2000).optional(),
});
export type SamlSignInQuery = z.infer<typeof samlSignInQuery>;

/** POST Saml20/Acs (HTTP-POST binding, form encoded). */
export const samlAcsBody = z.object({
  SAMLResponse: z.string().min(1).max(500_000),
  RelayState: z.string().max(4000).optional(),
});
export type SamlAcsBody = z.infer<typeof samlAcsBody>;

/** POST Saml20/Logout (with the CSRF header): answers JSON unless redirect is true. */
export const samlLogoutBody = z
  .object({
    redirect: booleanish.optional().default(false),
    ReturnUrl: z.string().max(2000).optional(),
  })
  .optional();
export type SamlLogoutBody = z.infer<typeof samlLogoutBody>;

export const samlLogoutResult = z.object({ loggedOut: z.literal(true) });

/**
 * GET Saml20/Logout: single logout, HTTP-Redirect binding. The identity provider sends a signed
 * LogoutRequest (SAMLRequest, SigAlg, Signature, RelayState kept by the IdP).
 */
export const samlSingleLogoutQuery = z.object({
  SAMLRequest: z.string().min(1).max(100_000).optional(),
  RelayState: z.string().max(4000).optional(),
  SigAlg: z.string().max(200).optional(),
  Signature: z.string().max(4000).optional(),
});
export type SamlSingleLogoutQuery = z.infer<typeof samlSingleLogoutQuery>;

/** Said (400) of a LogoutRequest that ends nothing: unsigned, wrongly signed, unknown, late or replayed. */
export const samlLogoutRefused = 'The single logout request was refused.';

/** Signature algorithms accepted for identity providers (sha1 is refused). */
export const samlSignatureAlgorithms = ['sha256', 'sha512'] as const;

/** An identity provider offered on the sign-in page (AdminModule/ListPublicIdentityProvider). */
export const publicIdentityProvider = z.object({
  id: z.uuid(),
  code: z.string(),
  label: z.string(),
  for_portal: z.boolean(),
  for_staff: z.boolean(),
});
export type PublicIdentityProvider = z.infer<typeof publicIdentityProvider>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** An identity provider as staff edit it (security.admin). */
export const identityProviderInput = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'Code is required')
    .max(100)
    .regex(/^[A-Za-z0-9._-]+$/, 'Code may hold letters, digits, dots, dashes and underscores only'),
  label: z.string().trim().min(1, 'Label is required').max(200),
  entry_point: z
    .url({ protocol: /^https?$/, message: 'Entry point must be an address (https://...)' })
    .max(2000),
  /** Single logout address of the IdP (HTTP-Redirect); empty: the entry point. */
  logout_url: z
    .union([
      z.url({ protocol: /^https?$/, message: 'Logout address must be an address (https://...)' }).max(2000),
      z.literal(''),
    ])
    .nullish()
    .transform((v) => (v ? v : null)),
  issuer: optionalText(500),
  certificate: z.string().trim().min(1, 'Certificate is required').max(20_000),
  is_public: z.boolean().default(true),
  for_portal: z.boolean().default(true),
  for_staff: z.boolean().default(false),
  active: z.boolean().default(true),
  signature_algorithm: z.enum(samlSignatureAlgorithms).default('sha256'),
  want_assertions_signed: z.boolean().default(true),
  want_response_signed: z.boolean().default(true),
  name_id_format: z
    .string()
    .trim()
    .max(200)
    .default('urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress'),
  email_attribute: optionalText(200),
  first_name_attribute: optionalText(200),
  last_name_attribute: optionalText(200),
  provision_users: z.boolean().default(false),
});
export type IdentityProviderInput = z.infer<typeof identityProviderInput>;

export const identityProviderBody = z.object({ identityProvider: identityProviderInput });

export const identityProvider = z.object({
  id: z.uuid(),
  code: z.string(),
  label: z.string(),
  entry_point: z.string().nullable(),
  logout_url: z.string().nullable(),
  issuer: z.string().nullable(),
  certificate: z.string().nullable(),
  is_public: z.boolean(),
  for_portal: z.boolean(),
  for_staff: z.boolean(),
  active: z.boolean(),
  signature_algorithm: z.string(),
  want_assertions_signed: z.boolean(),
  want_response_signed: z.boolean(),
  name_id_format: z.string(),
  email_attribute: z.string().nullable(),
  first_name_attribute: z.string().nullable(),
  last_name_attribute: z.string().nullable(),
  provision_users: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type IdentityProviderRecord = z.infer<typeof identityProvider>;
