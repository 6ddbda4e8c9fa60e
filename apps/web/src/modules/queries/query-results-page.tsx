import { querySubjectLabels } from '@licensure/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Pagination,
  SegmentedControl,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { Section } from '../../platform/components/section';
import { ErrorState, ForbiddenPage, LoadingState } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { ConfirmDialog } from '../responses/confirm-dialog';
import { QUERIES_BASE, queriesApi, queriesKeys } from './queries-api';
import { QueryChartView } from './query-chart';
import { roleLabels } from './query-list-page';
import { ResultsTable } from './results-table';

type View = 'table' | 'bar' | 'line';

/** `/staff/queries/:id`: a saved query's results a page at a time, its chart, and its exports. */
export function QueryResultsPage() {
  const { id = '' } = useParams();
  const { viewer } = useSignedIn();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const allowed = hasPermission(viewer, 'queries.read');
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState('25');
  const [view, setView] = useState<View | null>(null);
  const [chartField, setChartField] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const query = useQuery({
    queryKey: queriesKeys.one(id),
    queryFn: ({ signal }) => queriesApi.one(id, signal),
    enabled: allowed,
  });
  useEffect(() => {
    if (query.data && view === null) setView(query.data.default_view);
  }, [query.data, view]);
  const numPerPage = Number(perPage);
  const results = useQuery({
    queryKey: queriesKeys.run(id, page, numPerPage),
    queryFn: ({ signal }) => queriesApi.run(id, page, numPerPage, signal),
    enabled: allowed && !!query.data?.available,
    placeholderData: keepPreviousData,
  });
  const kind = view === 'line' ? 'line' : 'bar';
  const chart = useQuery({
    queryKey: queriesKeys.chart(id, chartField, kind),
    queryFn: ({ signal }) => queriesApi.chart(id, chartField, kind, signal),
    enabled: allowed && !!query.data?.available && (view === 'bar' || view === 'line'),
  });
  const remove = useMutation({
    mutationFn: () => queriesApi.remove(id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queriesKeys.all });
      void navigate(QUERIES_BASE);
    },
  });
  if (!allowed) return <ForbiddenPage />;
  if (query.isPending) return <LoadingState label="Loading the query…" />;
  if (query.isError)
    return (
      <ErrorState
        error={query.error}
        title="The query could not be opened"
        onRetry={() => void query.refetch()}
      />
    );
  const q = query.data;
  const canEdit = q.role !== 'viewer' && hasPermission(viewer, 'queries.write');
  const pages = results.data ? Math.max(1, Math.ceil(results.data.total / numPerPage)) : 1;
  const columnFields = [...new Set(q.query_column_values.map((c) => c.field))];
  return (
    <Stack gap="md">
      <PageHeader
        title={q.name}
        description={q.description ?? `${querySubjectLabels[q.subject]}, by ${q.owner_name}`}
        actions={
          <Group>
            <Anchor component={Link} to={QUERIES_BASE}>
              Back to saved queries
            </Anchor>
            {canEdit ? (
              <Button component={Link} to={`${QUERIES_BASE}/${q.id}/edit`} variant="outline">
                Edit query
              </Button>
            ) : null}
            {q.role === 'owner' && canEdit ? (
              <Button color="red.9" variant="outline" onClick={() => setConfirming(true)}>
                Delete query
              </Button>
            ) : null}
          </Group>
        }
      />
      <Group gap="xs">
        <Badge variant="light" color={q.role === 'viewer' ? 'gray' : 'blue'}>
          {roleLabels[q.role]}
        </Badge>
        <Text size="sm">
          Lists {querySubjectLabels[q.subject].toLowerCase()}; owner {q.owner_name}
          {q.viewers.length > 0 ? `; viewers: ${q.viewers.map((g) => g.label).join(', ')}` : ''}
          {q.editors.length > 0 ? `; editors: ${q.editors.map((g) => g.label).join(', ')}` : ''}.
        </Text>
      </Group>
      {canEdit ? null : (
        <Alert color="gray" title="Read-only">
          You can run this query, chart it and export its results; only its owner and editors change it.
        </Alert>
      )}
      {q.available ? null : (
        <Alert color="orange" title="This query cannot run for you" role="alert">
          It reads fields your security templates do not let you see.
        </Alert>
      )}
      {q.available ? (
        <>
          <Group align="flex-end" wrap="wrap">
            <SegmentedControl
              aria-label="Show as"
              value={view ?? 'table'}
              onChange={(v) => setView(v as View)}
              data={[
                { value: 'table', label: 'Table' },
                { value: 'bar', label: 'Bar chart' },
                { value: 'line', label: 'Line chart' },
              ]}
            />
            <Button component="a" href={queriesApi.exportUrl(q.id, 'xlsx')} variant="outline" download>
              Export to Excel (XLSX)
            </Button>
            <Button component="a" href={queriesApi.exportUrl(q.id, 'csv')} variant="outline" download>
              Export to CSV
            </Button>
          </Group>
          {view === 'bar' || view === 'line' ? (
            <Section id="query-chart" title="Chart">
              <Select
                label="Chart of"
                data={[
                  ...columnFields.map((f) => ({
                    value: f,
                    label: results.data?.columns.find((c) => c.field === f)?.label ?? f,
                  })),
                  ...(q.chart_field && !columnFields.includes(q.chart_field)
                    ? [{ value: q.chart_field, label: q.chart_field }]
                    : []),
                ]}
                value={chartField ?? q.chart_field ?? columnFields[0] ?? null}
                onChange={setChartField}
                allowDeselect={false}
                w={280}
              />
              {chart.isPending && chart.fetchStatus !== 'idle' ? (
                <LoadingState label="Drawing the chart…" />
              ) : null}
              {chart.isError ? (
                <ErrorState
                  error={chart.error}
                  title="The chart could not be drawn"
                  onRetry={() => void chart.refetch()}
                />
              ) : null}
              {chart.data ? <QueryChartView chart={chart.data} /> : null}
            </Section>
          ) : null}
          <Section id="query-results" title="Results">
            {results.isPending ? <LoadingState label="Running the query…" /> : null}
            {results.isError ? (
              <ErrorState
                error={results.error}
                title="The query could not run"
                onRetry={() => void results.refetch()}
              />
            ) : null}
            {results.data ? (
              <Stack gap="sm">
                <Text size="sm" role="status">
                  {results.data.total_capped
                    ? `More than ${results.data.total.toLocaleString()} rows`
                    : `${results.data.total.toLocaleString()} ${results.data.total === 1 ? 'row' : 'rows'}`}
                  {results.data.total > 0 ? `; page ${page} of ${pages}` : ''}.
                </Text>
                <ResultsTable
                  caption={`Results of ${q.name}`}
                  results={results.data}
                  busy={results.isFetching}
                />
                <Group>
                  {pages > 1 ? (
                    <Pagination
                      total={pages}
                      value={page}
                      onChange={setPage}
                      getControlProps={(c) => ({ 'aria-label': `Go to ${c} page` })}
                      getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
                    />
                  ) : null}
                  <Select
                    label="Rows per page"
                    data={['25', '50', '100']}
                    value={perPage}
                    onChange={(v) => {
                      setPerPage(v ?? '25');
                      setPage(1);
                    }}
                    allowDeselect={false}
                    w={140}
                  />
                </Group>
              </Stack>
            ) : null}
          </Section>
        </>
      ) : null}
      <ConfirmDialog
        opened={confirming}
        title="Delete this query?"
        message={`"${q.name}" will no longer be listed for you or the groups it is shared with.`}
        confirmLabel="Delete query"
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        danger
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate()}
      />
    </Stack>
  );
}
