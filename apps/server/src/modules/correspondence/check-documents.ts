import type { MergeObjectRef } from '@licensure/contracts';
import { documents, type Tx } from '@licensure/db';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { badRequest } from '../../platform/http/errors';

/**
 * The documents a send attaches: live documents of the enterprise belonging to a person the send
 * goes to (by id) or to the merged person. Anything else is a 400 naming userDocumentIDs.
 */
export async function checkSendDocuments(
  tx: Tx,
  enterpriseId: string,
  ids: readonly string[],
  to: readonly string[],
  object: MergeObjectRef | undefined,
): Promise<string[]> {
  const owners = new Set(to);
  if (object?.kind === 'person') owners.add(object.id);
  const unique = [...new Set(ids)];
  const rows = await tx
    .select({ id: documents.id, user_id: documents.user_id })
    .from(documents)
    .where(
      and(
        inArray(documents.id, unique),
        eq(documents.enterprise_id, enterpriseId),
        isNull(documents.deleted_at),
      ),
    );
  const allowed = new Set(rows.filter((d) => d.user_id && owners.has(d.user_id)).map((d) => d.id));
  const refused = unique.filter((id) => !allowed.has(id));
  if (refused.length > 0)
    throw badRequest({
      userDocumentIDs: `Attach only documents of the people the correspondence goes to: ${refused.join(', ')}.`,
    });
  return unique;
}
