import { X509Certificate } from 'node:crypto';
import { identityProvider, identityProviderInput } from '@licensure/contracts';
import { identityProviders, type Tx } from '@licensure/db';
import { and, eq, ne, sql } from 'drizzle-orm';
import { AppError, badRequest } from '../../../platform/http/errors';
import { isoRow } from '../../../platform/resources/present';
import type { HookContext, Resource, Row } from '../../../platform/resources/types';

/** The signing certificate, PEM or bare base64, must be a readable X.509 certificate. */
function checkCertificate(value: string): void {
  const pem = value.includes('-----BEGIN')
    ? value
    : `-----BEGIN CERTIFICATE-----\n${value.replace(/\s+/g, '')}\n-----END CERTIFICATE-----`;
  try {
    new X509Certificate(pem);
  } catch {
    throw badRequest({ certificate: 'The certificate is not a valid X.509 certificate (PEM or base64).' });
  }
}

/** Codes are unique in the enterprise, whatever their case. */
async function checkCodeFree(tx: Tx, enterpriseId: string, code: string, exceptId?: string) {
  const [taken] = await tx
    .select({ id: identityProviders.id })
    .from(identityProviders)
    .where(
      and(
        eq(identityProviders.enterprise_id, enterpriseId),
        sql`lower(${identityProviders.code}) = lower(${code})`,
        exceptId ? ne(identityProviders.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (taken)
    throw new AppError('conflict', 'An identity provider with this code already exists.', {
      code: 'This code is already used by another identity provider.',
    });
}

async function validate(input: Row, ctx: HookContext): Promise<undefined> {
  checkCertificate(String(input.certificate));
  await checkCodeFree(ctx.tx, ctx.enterpriseId, String(input.code), ctx.before?.id as string | undefined);
}

/** The record as the API shows it (dates as ISO strings, no enterprise id). */
const present = ({ enterprise_id: _e, ...rest }: Row) => isoRow(rest);

/**
 * Staff administration of the enterprise's SAML identity providers (security.admin). Deleting one
 * retires it (active false): sign-ins already recorded keep naming it.
 */
export const identityProviderResource: Resource = {
  path: 'identityproviders',
  entity: 'identity_providers',
  wrapper: 'identityProvider',
  singular: 'identity provider',
  tags: ['session'],
  table: identityProviders,
  read: 'security.admin',
  write: 'security.admin',
  input: identityProviderInput,
  output: identityProvider,
  present,
  search: [identityProviders.code, identityProviders.label],
  sort: {
    label: identityProviders.label,
    code: identityProviders.code,
    active: identityProviders.active,
    created_at: identityProviders.created_at,
  },
  defaultSort: 'label',
  softDelete: { set: { active: false }, deletedAt: false },
  hooks: { validate },
};
