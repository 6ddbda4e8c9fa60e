import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../platform/components/page-header';
import { ErrorState, ForbiddenPage, LoadFailure, LoadingState } from '../../platform/components/status';
import { DetailList } from '../../platform/display/details';
import { cityState, formatDate } from '../../platform/display/format';
import { useRefLabels } from '../../platform/display/ref-labels';
import type { Column } from '../../platform/list/data-table';
import { ProfileSection, TableSection } from '../../platform/list/profile-section';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { NotesPanel } from '../notes/notes-panel';
import { credentialColumns } from '../people/person-sections';
import { type MileageRow, registryApi, registryKeys, type ServiceRow } from './registry-api';
import { SERVICES_BASE } from './service-search-page';
import { VEHICLES_BASE, vehicleTitle } from './vehicle-search-page';

const serviceColumns: readonly Column<ServiceRow>[] = [
  {
    key: 'name',
    header: 'Service',
    render: (s) => (
      <Anchor component={Link} to={`${SERVICES_BASE}/${s.id}`}>
        {s.name}
      </Anchor>
    ),
  },
  { key: 'number', header: 'Service number', render: (s) => s.service_number },
  { key: 'place', header: 'City and state', render: (s) => cityState(s) },
];

function latest(body: MileageRow | MileageRow[] | null | undefined): MileageRow | null {
  if (!body) return null;
  return Array.isArray(body) ? (body[0] ?? null) : body;
}

/** `/staff/vehicles/:id`: a vehicle's details, its services, latest mileage and credentials. */
export function VehicleProfilePage() {
  const { id = '' } = useParams();
  const { viewer } = useSignedIn();
  const canRead = hasPermission(viewer, 'registry.read');
  const canEdit = hasPermission(viewer, 'registry.write');
  const load = <T,>(part: string, fn: (id: string, signal?: AbortSignal) => Promise<T>) => ({
    queryKey: registryKeys.vehicle(id, part),
    queryFn: ({ signal }: { signal?: AbortSignal }) => fn(id, signal),
    enabled: canRead,
  });
  const vehicle = useQuery(load('one', registryApi.vehicle));
  const services = useQuery(load('services', registryApi.vehicleServices));
  const mileage = useQuery(load('mileage', registryApi.recentMileage));
  const credentials = useQuery(load('credentials', registryApi.vehicleCredentials));
  const typeOf = useRefLabels('vehicle_types');
  const levelOf = useRefLabels('certification_levels');

  if (!canRead) return <ForbiddenPage />;
  if (vehicle.isError)
    return <LoadFailure error={vehicle.error} what="the vehicle" onRetry={() => void vehicle.refetch()} />;
  if (!vehicle.data)
    return (
      <Stack gap="md">
        <PageHeader title="Vehicle" />
        <LoadingState label="Loading the vehicle…" />
      </Stack>
    );
  const v = vehicle.data;
  const reading = latest(mileage.data);
  return (
    <Stack gap="lg">
      <PageHeader
        title={vehicleTitle(v)}
        documentTitle={`${vehicleTitle(v)} – Vehicles`}
        description={v.in_service ? undefined : 'This vehicle is not in service.'}
        actions={
          <Group gap="sm">
            {canEdit ? (
              <Button component={Link} to={`/staff/records/vehicles/${v.id}`}>
                Edit vehicle
              </Button>
            ) : null}
            <Button variant="default" component={Link} to={VEHICLES_BASE}>
              Back to search
            </Button>
          </Group>
        }
      />
      <ProfileSection id="details-heading" title="Details">
        <DetailList
          items={[
            { label: 'Serial number', value: v.serial_number },
            { label: 'Unit number', value: v.unit_number },
            { label: 'Type', value: v.vehicle_type ?? typeOf(v.vehicle_type_id) },
            { label: 'Make and model', value: [v.make, v.model].filter(Boolean).join(' ') },
            { label: 'Model year', value: v.model_year },
            { label: 'Licence plate', value: [v.license_plate, v.plate_state].filter(Boolean).join(' ') },
            { label: 'In service', value: v.in_service ? 'Yes' : 'No' },
          ]}
        />
      </ProfileSection>
      <ProfileSection id="mileage-heading" title="Recent mileage">
        {mileage.isPending ? <LoadingState label="Loading the mileage…" /> : null}
        {mileage.isError ? (
          <ErrorState
            error={mileage.error}
            title="Could not load the mileage"
            onRetry={() => void mileage.refetch()}
          />
        ) : null}
        {mileage.isSuccess ? (
          <Text>
            {reading
              ? `${reading.mileage.toLocaleString()} miles on ${formatDate(reading.recorded_on)}.`
              : 'No mileage recorded.'}
          </Text>
        ) : null}
      </ProfileSection>
      <TableSection
        id="services-heading"
        title="Services"
        query={services}
        columns={serviceColumns}
        rowKey={(s) => s.id}
        empty="Not assigned to a service."
      />
      <TableSection
        id="credentials-heading"
        title="Credentials"
        query={credentials}
        columns={credentialColumns(levelOf)}
        rowKey={(c) => c.id}
        empty="No credentials on record."
      />
      <NotesPanel subject={{ vehicle_id: v.id }} />
    </Stack>
  );
}
