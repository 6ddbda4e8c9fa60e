import { certifications, type Db, type Tx } from '@licensure/db';
import { and, eq, getTableColumns, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { notFound } from '../../platform/http/errors';
import { holdsAny, speaksFor } from '../../platform/permissions';
import { certificationReaders } from './certification.resources';
import { credentialColumns, joinCredentialNames } from './credential-presenter';

/** The credentials with the names their pages show. */
export const fromCerts = (db: Db | Tx) =>
  joinCredentialNames(
    db.select({ ...getTableColumns(certifications), ...credentialColumns }).from(certifications),
  );

/**
 * A live credential the caller may see (the resource's scope, as a check), or 404: staff who read
 * requests or the registry, or the person holding it (or speaking for its service or vehicle).
 */
export async function visibleCertification(db: Db | Tx, request: FastifyRequest, id: string) {
  const auth = request.auth!;
  const [row] = await fromCerts(db).where(
    and(
      eq(certifications.id, id),
      eq(certifications.enterprise_id, request.enterpriseId),
      isNull(certifications.deleted_at),
    ),
  );
  if (!row) throw notFound('credential');
  if (holdsAny(auth, certificationReaders) || (await speaksFor(db, auth, request.enterpriseId, row)))
    return row;
  throw notFound('credential');
}
