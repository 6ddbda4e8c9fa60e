import type { AlertOutput } from '@licensure/contracts';
import { Anchor, Badge, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { Pager } from '../../platform/components/pager';
import { ResponsiveTable } from '../../platform/components/responsive-table';
import { ErrorState, ForbiddenPage, LoadingState } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { alertKeys, alertsApi, holderLink, severityColor, severityLabel } from './alerts-api';

const PER_PAGE = 25;

/** `/staff/alerts`: open (or retired) alerts on people, services and vehicles, paged on the server. */
export function AlertListPage() {
  const { viewer } = useSignedIn();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [state, setState] = useState<'false' | 'true'>('false');
  const [severity, setSeverity] = useState<string | null>(null);
  const query = {
    currentPage: page,
    numPerPage: PER_PAGE,
    retired: state,
    severity: severity ?? undefined,
    search: search.trim() || undefined,
    sortBy: 'created_at',
    reverse: true,
  };
  const list = useQuery({ queryKey: alertKeys.list(query), queryFn: () => alertsApi.list(query) });
  const [error, setError] = useState<string | null>(null);
  const retire = useMutation({
    mutationFn: alertsApi.retire,
    onSuccess: () => client.invalidateQueries({ queryKey: ['alerts'] }),
    onError: (e) => setError(errorMessage(e)),
  });
  if (!hasPermission(viewer, 'alerts.read')) return <ForbiddenPage />;
  const canWrite = hasPermission(viewer, 'alerts.write');
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PER_PAGE)) : 1;
  return (
    <Stack gap="md">
      <PageHeader
        title="Alerts"
        description="Notices on people, services and vehicles that need attention."
      />
      <Group align="flex-end">
        <TextInput
          label="Search alerts"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
        />
        <Select
          label="State"
          data={[
            { value: 'false', label: 'Open' },
            { value: 'true', label: 'Retired' },
          ]}
          value={state}
          allowDeselect={false}
          onChange={(v) => {
            setState(v === 'true' ? 'true' : 'false');
            setPage(1);
          }}
        />
        <Select
          label="Severity"
          placeholder="Any"
          clearable
          data={[
            { value: 'critical', label: 'Critical' },
            { value: 'warning', label: 'Warning' },
            { value: 'information', label: 'Information' },
          ]}
          value={severity}
          onChange={(v) => {
            setSeverity(v);
            setPage(1);
          }}
        />
      </Group>
      {error ? (
        <Text c="red" role="alert">
          {error}
        </Text>
      ) : null}
      {list.isPending ? <LoadingState label="Loading alerts…" /> : null}
      {list.isError ? <ErrorState title="The alerts could not be loaded" error={list.error} /> : null}
      {list.data ? (
        list.data.items.length === 0 ? (
          <Text>No alerts.</Text>
        ) : (
          <>
            <Text size="sm">{`${list.data.total} alert${list.data.total === 1 ? '' : 's'}`}</Text>
            <ResponsiveTable
              caption="Alerts"
              rowKey={(a) => a.id}
              rows={list.data.items}
              columns={[
                { key: 'value', header: 'Alert', render: (a) => a.value },
                {
                  key: 'severity',
                  header: 'Severity',
                  render: (a) => (
                    <Badge color={severityColor(a.severity)} variant="light">
                      {severityLabel(a.severity)}
                    </Badge>
                  ),
                },
                { key: 'type', header: 'Type', render: (a) => a.alert_type },
                {
                  key: 'on',
                  header: 'On',
                  render: (a) => {
                    const to = holderLink(a);
                    return to ? (
                      <Anchor component={Link} to={to}>
                        {a.holder_name ?? 'Open the record'}
                      </Anchor>
                    ) : (
                      a.holder_name
                    );
                  },
                },
                {
                  key: 'raised',
                  header: 'Raised',
                  render: (a) => new Date(a.created_at).toLocaleDateString(),
                },
                ...(canWrite && state === 'false'
                  ? [
                      {
                        key: 'action',
                        header: 'Action',
                        render: (a: AlertOutput) => (
                          <Button
                            size="xs"
                            variant="outline"
                            loading={retire.isPending && retire.variables?.id === a.id}
                            onClick={() => retire.mutate(a)}
                            aria-label={`Retire the alert "${a.value}" on ${a.holder_name ?? 'this record'}`}
                          >
                            Retire
                          </Button>
                        ),
                      },
                    ]
                  : []),
              ]}
            />
          </>
        )
      ) : null}
      <Pager total={pages} value={page} onChange={setPage} />
    </Stack>
  );
}
