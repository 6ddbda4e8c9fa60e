import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { capitalise, cityState, formatDate } from '../../platform/display/format';
import { useRefLabels } from '../../platform/display/ref-labels';
import type { Column } from '../../platform/list/data-table';
import { TableSection } from '../../platform/list/profile-section';
import { type Credential, type PersonAlert, type PersonService, peopleApi, peopleKeys } from './people-api';

type Labels = (id: string | null | undefined) => string | null;

/** Columns of a credentials table; levels come with the row or by id from the certification levels. */
export const credentialColumns = (levelOf: Labels): readonly Column<Credential>[] => [
  { key: 'number', header: 'Number', render: (c) => c.number },
  { key: 'level', header: 'Level', render: (c) => c.level ?? levelOf(c.certification_level_id) },
  { key: 'status', header: 'Status', render: (c) => capitalise(c.status) },
  { key: 'issued', header: 'Issued', render: (c) => formatDate(c.issue_date) },
  { key: 'expires', header: 'Expires', render: (c) => formatDate(c.expiration_date) },
];

const alertColumns: readonly Column<PersonAlert>[] = [
  { key: 'value', header: 'Alert', render: (a) => a.value },
  { key: 'type', header: 'Type', render: (a) => a.alert_type },
  { key: 'created', header: 'Raised', render: (a) => formatDate(a.created_at) },
  { key: 'retired', header: 'Retired', render: (a) => formatDate(a.retired_at) },
];

function serviceColumns(linkServices: boolean, positionOf: Labels): readonly Column<PersonService>[] {
  return [
    {
      key: 'name',
      header: 'Service',
      render: (s) =>
        linkServices ? (
          <Anchor component={Link} to={`/staff/services/${s.id}`}>
            {s.name}
          </Anchor>
        ) : (
          s.name
        ),
    },
    { key: 'number', header: 'Service number', render: (s) => s.service_number },
    { key: 'place', header: 'City and state', render: (s) => cityState(s) },
    { key: 'position', header: 'Position', render: (s) => positionOf(s.position_id) },
    { key: 'start', header: 'Since', render: (s) => formatDate(s.start_date) },
  ];
}

export function PersonCredentials({ id }: { id: string }) {
  const query = useQuery({
    queryKey: peopleKeys.credentials(id),
    queryFn: ({ signal }) => peopleApi.credentials(id, signal),
  });
  const levelOf = useRefLabels('certification_levels');
  return (
    <TableSection
      id="credentials-heading"
      title="Credentials"
      query={query}
      columns={credentialColumns(levelOf)}
      rowKey={(c) => c.id}
      empty="No credentials on record."
    />
  );
}

export function PersonServices({ id, linkServices }: { id: string; linkServices: boolean }) {
  const query = useQuery({
    queryKey: peopleKeys.services(id),
    queryFn: ({ signal }) => peopleApi.services(id, signal),
  });
  const positionOf = useRefLabels('positions');
  return (
    <TableSection
      id="services-heading"
      title="Services"
      query={query}
      columns={serviceColumns(linkServices, positionOf)}
      rowKey={(s) => s.service_personnel_id ?? s.id}
      empty="Not on the roster of any service."
    />
  );
}

export function PersonAlerts({ id }: { id: string }) {
  const query = useQuery({
    queryKey: peopleKeys.alerts(id),
    queryFn: ({ signal }) => peopleApi.alerts(id, signal),
  });
  return (
    <TableSection
      id="alerts-heading"
      title="Alerts"
      query={query}
      columns={alertColumns}
      rowKey={(a) => a.id}
      empty="No alerts."
    />
  );
}
