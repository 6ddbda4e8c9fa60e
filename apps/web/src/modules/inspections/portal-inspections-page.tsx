import { Anchor, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ApiError } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { ErrorState, LoadingState } from '../../platform/components/status';
import { formatDate } from '../../platform/display/format';
import { correctionKeys, correctionsApi } from './corrections-api';

/**
 * `/portal/inspections`: the submitted inspections of the services the signed-in person administers,
 * newest first, with how many deficiencies are still open. Drafts are not shown.
 */
export function PortalInspectionsPage() {
  const list = useQuery({
    queryKey: correctionKeys.serviceInspections,
    queryFn: ({ signal }) => correctionsApi.serviceInspections(signal),
    retry: (count, error) => !(error instanceof ApiError && error.status === 403) && count < 2,
  });
  const notAdministrator = list.error instanceof ApiError && list.error.status === 403;
  return (
    <Stack gap="md">
      <PageHeader
        title="Inspections"
        description="Inspection reports of the services you administer. Open one to read its deficiencies and send their corrections."
      />
      {list.isPending ? <LoadingState label="Loading the inspections…" /> : null}
      {notAdministrator ? (
        <Text>
          Inspections are shown to the administrators of a service. You are not an administrator of any
          service.
        </Text>
      ) : null}
      {list.isError && !notAdministrator ? (
        <ErrorState
          title="The inspections could not be loaded"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : null}
      {list.data?.length === 0 ? <Text>Your services have no inspection reports yet.</Text> : null}
      {list.data && list.data.length > 0 ? (
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Caption>Inspection reports of your services</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Inspection</Table.Th>
                <Table.Th scope="col">Service or vehicle</Table.Th>
                <Table.Th scope="col">Visit</Table.Th>
                <Table.Th scope="col">Outcome</Table.Th>
                <Table.Th scope="col">Open deficiencies</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((i) => (
                <Table.Tr key={i.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/portal/inspections/${i.id}`}>
                      {`Inspection ${i.number ?? ''}`.trim()}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    {i.entity === 'vehicle'
                      ? `${i.vehicle_name ?? 'Vehicle'}, ${i.service_name ?? ''}`
                      : i.service_name}
                  </Table.Td>
                  <Table.Td>{i.visit_date ? formatDate(i.visit_date) : '—'}</Table.Td>
                  <Table.Td>{i.outcome ?? '—'}</Table.Td>
                  <Table.Td>{i.open_deficiencies}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Stack>
  );
}
