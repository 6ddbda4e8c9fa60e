import { Anchor, Button, Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../platform/components/page-header';
import { ForbiddenPage, LoadFailure, LoadingState } from '../../platform/components/status';
import { DetailList } from '../../platform/display/details';
import { address, capitalise, cityState, formatDate, personName } from '../../platform/display/format';
import { useRefLabels } from '../../platform/display/ref-labels';
import type { Column } from '../../platform/list/data-table';
import { ProfileSection, TableSection } from '../../platform/list/profile-section';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { ServiceNemsisExport } from '../nemsis/service-export-section';
import { NotesPanel } from '../notes/notes-panel';
import { credentialColumns } from '../people/person-sections';
import {
  type AreaRow,
  type RosterRow,
  registryApi,
  registryKeys,
  type StationRow,
  type VehicleRow,
} from './registry-api';
import { RosterImportPanel } from './roster-import-panel';
import { SERVICES_BASE, useClassifications } from './service-search-page';
import { VEHICLES_BASE, vehicleTitle } from './vehicle-search-page';

function rosterColumns(linkPeople: boolean): readonly Column<RosterRow>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      render: (r) =>
        linkPeople ? (
          <Anchor component={Link} to={`/staff/people/${r.user_id ?? r.id}`}>
            {personName(r)}
          </Anchor>
        ) : (
          personName(r)
        ),
    },
    { key: 'position', header: 'Position', render: (r) => r.position },
    { key: 'start', header: 'Since', render: (r) => formatDate(r.start_date) },
    { key: 'end', header: 'Until', render: (r) => formatDate(r.end_date) },
    {
      key: 'roles',
      header: 'Roles',
      render: (r) =>
        [r.is_designated ? 'Designated person' : '', r.is_administrator ? 'Administrator' : '']
          .filter(Boolean)
          .join(', '),
    },
  ];
}

const vehicleColumns: readonly Column<VehicleRow>[] = [
  {
    key: 'vehicle',
    header: 'Vehicle',
    render: (v) => (
      <Anchor component={Link} to={`${VEHICLES_BASE}/${v.id}`}>
        {vehicleTitle(v)}
      </Anchor>
    ),
  },
  { key: 'serial', header: 'Serial number', render: (v) => v.serial_number },
  { key: 'plate', header: 'Plate', render: (v) => v.license_plate },
  { key: 'in_service', header: 'In service', render: (v) => (v.in_service ? 'Yes' : 'No') },
];

const stationColumns: readonly Column<StationRow>[] = [
  { key: 'name', header: 'Station', render: (s) => s.name },
  { key: 'address', header: 'Address', render: (s) => [s.street, cityState(s)].filter(Boolean).join(', ') },
  { key: 'phone', header: 'Phone', render: (s) => s.phone },
];

const areaColumns: readonly Column<AreaRow>[] = [
  { key: 'value', header: 'Area', render: (a) => a.label || a.value },
  { key: 'kind', header: 'Kind', render: (a) => capitalise(a.kind.replaceAll('_', ' ')) },
  { key: 'state', header: 'State', render: (a) => a.state_code },
];

/** `/staff/services/:id`: a service's details, roster, vehicles, stations, areas and credentials. */
export function ServiceProfilePage() {
  const { id = '' } = useParams();
  const { viewer } = useSignedIn();
  const canRead = hasPermission(viewer, 'registry.read');
  const canEdit = hasPermission(viewer, 'registry.write');
  const load = <T,>(part: string, fn: (id: string, signal?: AbortSignal) => Promise<T>) => ({
    queryKey: registryKeys.service(id, part),
    queryFn: ({ signal }: { signal?: AbortSignal }) => fn(id, signal),
    enabled: canRead,
  });
  const service = useQuery(load('one', registryApi.service));
  const roster = useQuery(load('roster', registryApi.roster));
  const vehicles = useQuery(load('vehicles', registryApi.serviceVehicles));
  const stations = useQuery(load('stations', registryApi.stations));
  const areas = useQuery(load('areas', registryApi.areas));
  const credentials = useQuery(load('credentials', registryApi.serviceCredentials));
  const levelOf = useRefLabels('certification_levels');
  const classifications = useClassifications();

  if (!canRead) return <ForbiddenPage />;
  if (service.isError)
    return <LoadFailure error={service.error} what="the service" onRetry={() => void service.refetch()} />;
  if (!service.data)
    return (
      <Stack gap="md">
        <PageHeader title="Service" />
        <LoadingState label="Loading the service…" />
      </Stack>
    );
  const s = service.data;
  return (
    <Stack gap="lg">
      <PageHeader
        title={s.name}
        documentTitle={`${s.name} – Services`}
        description={s.active ? undefined : 'This service is not active.'}
        actions={
          <Group gap="sm">
            {canEdit ? (
              <Button component={Link} to={`/staff/records/services/${s.id}`}>
                Edit service
              </Button>
            ) : null}
            <Button variant="default" component={Link} to={SERVICES_BASE}>
              Back to search
            </Button>
          </Group>
        }
      />
      <ProfileSection id="details-heading" title="Details">
        <DetailList
          items={[
            { label: 'Service number', value: s.service_number },
            {
              label: 'Classification',
              value: classifications.data?.items.find((c) => c.id === s.classification_id)?.label as string,
            },
            { label: 'Address', value: address(s) },
            { label: 'County', value: s.county ?? s.county_fips },
            { label: 'Phone', value: s.phone },
            { label: 'Email', value: s.email },
            { label: 'Website', value: s.website },
            { label: 'Active', value: s.active ? 'Yes' : 'No' },
          ]}
        />
      </ProfileSection>
      <TableSection
        id="credentials-heading"
        title="Credentials"
        query={credentials}
        columns={credentialColumns(levelOf)}
        rowKey={(c) => c.id}
        empty="No credentials on record."
      />
      <TableSection
        id="roster-heading"
        title="Roster"
        query={roster}
        columns={rosterColumns(hasPermission(viewer, 'users.read'))}
        rowKey={(r) => r.id}
        empty="Nobody is on the roster."
      >
        {hasPermission(viewer, 'registry.write') && <RosterImportPanel serviceId={id} />}
      </TableSection>
      <TableSection
        id="vehicles-heading"
        title="Vehicles"
        query={vehicles}
        columns={vehicleColumns}
        rowKey={(v) => v.id}
        empty="No vehicles."
      />
      <TableSection
        id="stations-heading"
        title="Stations"
        query={stations}
        columns={stationColumns}
        rowKey={(st) => st.id}
        empty="No stations."
      />
      <TableSection
        id="areas-heading"
        title="Service areas"
        query={areas}
        columns={areaColumns}
        rowKey={(a) => a.id}
        empty="No service areas."
      />
      <ServiceNemsisExport serviceId={id} />
      <NotesPanel subject={{ service_id: id }} />
    </Stack>
  );
}
