import { referenceListByKey } from '@licensure/contracts';
import { useParams } from 'react-router';
import { ForbiddenPage, NotFoundContent } from '../../platform/components/status';
import { ResourceEditPage } from '../../platform/resources/resource-edit-page';
import { ResourceListPage } from '../../platform/resources/resource-list-page';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { ADMIN_BASE } from './administration-access';

function useReferenceList() {
  const { key = '', id } = useParams();
  const { viewer } = useSignedIn();
  const spec = referenceListByKey.get(key);
  return {
    spec,
    id,
    canRead: !!spec && hasPermission(viewer, spec.read),
    canWrite: !!spec && hasPermission(viewer, spec.write),
    canReadHistory: hasPermission(viewer, 'logging.read'),
  };
}

/** `/staff/admin/:key`: the generic list page for the reference list with that key. */
export function ReferenceListRoute() {
  const { spec, canRead, canWrite } = useReferenceList();
  if (!spec) return <NotFoundContent />;
  if (!canRead) return <ForbiddenPage />;
  return (
    <ResourceListPage key={spec.key} spec={spec} basePath={`${ADMIN_BASE}/${spec.key}`} canWrite={canWrite} />
  );
}

/** `/staff/admin/:key/new` and `/staff/admin/:key/:id`: the generic edit form. */
export function ReferenceEditRoute() {
  const { spec, id, canRead, canWrite, canReadHistory } = useReferenceList();
  if (!spec) return <NotFoundContent />;
  if (!canRead || (!id && (!canWrite || spec.readOnly))) return <ForbiddenPage />;
  return (
    <ResourceEditPage
      key={`${spec.key}/${id ?? 'new'}`}
      spec={spec}
      id={id}
      basePath={`${ADMIN_BASE}/${spec.key}`}
      canWrite={canWrite}
      canReadHistory={canReadHistory}
    />
  );
}
