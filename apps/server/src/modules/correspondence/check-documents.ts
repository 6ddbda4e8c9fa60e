import type { MergeObjectRef } from '@licensure/contracts';
import { documents, type Tx } from '@licensure/db';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/context';
import { badRequest } from '../../platform/http/errors';
import { recordsAllow } from '../documents/parent-access';
import { mayRead } from '../documents/policy';

/**
 * The documents a send attaches: live documents of the enterprise belonging to a person the send
 * goes to (by id) or to the merged person, that the sender may read under the documents rule (the
 * record each is attached to included: a complaint's evidence only for complaint readers). Anything
 * else is a 400 naming userDocumentIDs.
 */
export async function checkSendDocuments(
  tx: Tx,
  auth: AuthContext,
  enterpriseId: string,
  ids: readonly string[],
  to: readonly string[],
  object: MergeObjectRef | undefined,
): Promise<string[]> {
  const owners = new Set(to);
  if (object?.kind === 'person') owners.add(object.id);
  const unique = [...new Set(ids)];
  const rows = await tx
    .select()
    .from(documents)
    .where(
      and(
        inArray(documents.id, unique),
        eq(documents.enterprise_id, enterpriseId),
        isNull(documents.deleted_at),
      ),
    );
  const ctx = { db: tx, auth, enterpriseId };
  const allowed = new Set<string>();
  for (const d of rows)
    if (d.user_id && owners.has(d.user_id) && mayRead(auth, d) && (await recordsAllow(ctx, d)))
      allowed.add(d.id);
  const refused = unique.filter((id) => !allowed.has(id));
  if (refused.length > 0)
    throw badRequest({
      userDocumentIDs: `Attach only documents you may read of the people the correspondence goes to: ${refused.join(', ')}.`,
    });
  return unique;
}
