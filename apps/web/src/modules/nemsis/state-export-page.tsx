import { Stack, Text } from '@mantine/core';
import { PageHeader } from '../../platform/components/page-header';
import { ForbiddenPage } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { NemsisExportPanel } from './export-panel';
import { nemsisApi } from './nemsis-api';

/** `/staff/nemsis-state`: the State export (StateDataSet) with the licensed agencies, validated before download. */
export function StateExportPage() {
  const { viewer } = useSignedIn();
  if (!hasPermission(viewer, 'nemsis.export')) return <ForbiddenPage />;
  return (
    <Stack gap="md">
      <PageHeader title="NEMSIS State export" />
      <Text>
        The state's NEMSIS StateDataSet: the state, its configuration (the levels it licenses, with their
        procedures, medications and protocols) and every licensed agency (a service holding an active
        licence).
      </Text>
      <NemsisExportPanel
        headingId="nemsis-state-heading"
        title="State export"
        check={nemsisApi.checkState}
        downloadUrl={nemsisApi.stateDownload}
      />
    </Stack>
  );
}
