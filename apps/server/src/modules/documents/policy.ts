import type { AuthContext } from '../../platform/auth/context';
import type { DocumentRow } from '../../platform/files/documents';

/**
 * Who may do what with a document. Holders of documents.read (or .write) reach every document of the
 * enterprise; everybody else only those that belong to them (user_id is themself).
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
