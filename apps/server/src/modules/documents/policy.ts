import type { AuthContext } from '../../platform/auth/context';
import type { DocumentRow } from '../../platform/files/documents';

/**
 * Who may do what with a document, before the record it is attached to is asked: holders of
 * documents.read (or .write) reach the documents of the enterprise, everybody else only those that
 * belong to them (user_id is themself). parent-access.ts then requires that the caller may read every
 * record the document is attached to (complaint, investigation, inspection, exam session, licence
 * request, response, service, vehicle, policy, person); loadDocument and the lists apply both.
 */
export const readsAll = (auth: AuthContext) =>
  auth.permissions.has('documents.read') || auth.permissions.has('documents.write');
export const writesAll = (auth: AuthContext) => auth.permissions.has('documents.write');
export const isOwner = (auth: AuthContext, d: Pick<DocumentRow, 'user_id'>) => d.user_id === auth.userId;
export const mayRead = (auth: AuthContext, d: Pick<DocumentRow, 'user_id'>) =>
  readsAll(auth) || isOwner(auth, d);
export const mayWrite = (auth: AuthContext, d: Pick<DocumentRow, 'user_id'>) =>
  writesAll(auth) || isOwner(auth, d);
/** Form responses of other people: responses.write. */
export const changesAnyResponse = (auth: AuthContext) => auth.permissions.has('responses.write');
