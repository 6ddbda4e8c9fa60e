import { useParams } from 'react-router';
import { ForbiddenPage, LoadFailure, LoadingState } from '../../platform/components/status';
import { ResourceEditPage } from '../../platform/resources/resource-edit-page';
import { ResourceListPage } from '../../platform/resources/resource-list-page';
import { useResourceSpec } from '../../platform/resources/use-resource-spec';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';

/** Where the generic pages of a resource live: `/staff/records/{path}`. */
export const recordsBase = (path: string) => `/staff/records/${path}`;

function useRecordResource() {
  const { path = '', id } = useParams();
  const { viewer } = useSignedIn();
  const spec = useResourceSpec(path);
  const s = spec.data;
  return {
    spec,
    id,
    canRead: !!s && hasPermission(viewer, s.read),
    canWrite: !!s && !s.readOnly && hasPermission(viewer, s.write),
    canReadHistory: hasPermission(viewer, 'logging.read'),
  };
}

function Unavailable({ spec }: { spec: ReturnType<typeof useResourceSpec> }) {
  if (spec.isPending) return <LoadingState label="Loading…" />;
  return <LoadFailure error={spec.error} what="this list" onRetry={() => void spec.refetch()} />;
}

/** `/staff/records/:path`: the generic list page of any resource the server describes. */
export function RecordListRoute() {
  const { spec, canRead, canWrite } = useRecordResource();
  if (!spec.data) return <Unavailable spec={spec} />;
  if (!canRead) return <ForbiddenPage />;
  return (
    <ResourceListPage
      key={spec.data.key}
      spec={spec.data}
      basePath={recordsBase(spec.data.path)}
      canWrite={canWrite}
    />
  );
}

/** `/staff/records/:path/new` and `/staff/records/:path/:id`: the generic edit form. */
export function RecordEditRoute() {
  const { spec, id, canRead, canWrite, canReadHistory } = useRecordResource();
  if (!spec.data) return <Unavailable spec={spec} />;
  if (!canRead || (!id && !canWrite)) return <ForbiddenPage />;
  return (
    <ResourceEditPage
      key={`${spec.data.key}/${id ?? 'new'}`}
      spec={spec.data}
      id={id}
      basePath={recordsBase(spec.data.path)}
      canWrite={canWrite}
      canReadHistory={canReadHistory}
    />
  );
}
