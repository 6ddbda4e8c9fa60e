import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { NemsisExportPanel } from './export-panel';
import { nemsisApi } from './nemsis-api';

/** A service page's "NEMSIS export" section (the service's DEMDataSet), for staff with nemsis.export. */
export function ServiceNemsisExport({ serviceId }: { serviceId: string }) {
  const { viewer } = useSignedIn();
  if (!hasPermission(viewer, 'nemsis.export')) return null;
  return (
    <NemsisExportPanel
      headingId="nemsis-export-heading"
      title="NEMSIS export"
      check={() => nemsisApi.checkService(serviceId)}
      downloadUrl={nemsisApi.serviceDownload(serviceId)}
    />
  );
}
