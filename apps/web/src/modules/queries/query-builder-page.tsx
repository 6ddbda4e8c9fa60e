import { type QuerySubject, type QueryView, querySubjectLabels, querySubjects } from '@licensure/contracts';
import {
  Alert,
  Anchor,
  Button,
  Fieldset,
  Group,
  MultiSelect,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { Section } from '../../platform/components/section';
import { ErrorState, ForbiddenPage, LoadingState } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { QUERIES_BASE, queriesApi, queriesKeys } from './queries-api';
import { AdvancedRows, ColumnRows, FilterRows, newKey } from './query-builder-rows';
import { type Draft, draftOf, emptyDraft, inputOf, ruleEntity } from './query-draft';
import { ResultsTable } from './results-table';

/** `/staff/queries/new` and `/staff/queries/:id/edit`: the query builder with a live preview. */
export function QueryBuilderPage() {
  const { id } = useParams();
  const { viewer } = useSignedIn();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const allowed = hasPermission(viewer, 'queries.write');
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [nameError, setNameError] = useState<string | null>(null);
  const existing = useQuery({
    queryKey: queriesKeys.one(id ?? ''),
    queryFn: ({ signal }) => queriesApi.one(id!, signal),
    enabled: allowed && !!id,
  });
  useEffect(() => {
    if (existing.data) setDraft(draftOf(existing.data));
  }, [existing.data]);
  const fields = useQuery({
    queryKey: queriesKeys.fields(draft.subject),
    queryFn: ({ signal }) => queriesApi.fields(draft.subject, signal),
    enabled: allowed,
  });
  const groups = useQuery({
    queryKey: queriesKeys.groups(),
    queryFn: ({ signal }) => queriesApi.groups(signal),
    enabled: allowed,
  });
  const entity = ruleEntity[draft.subject];
  const rules = useQuery({
    queryKey: queriesKeys.rules(entity ?? ''),
    queryFn: ({ signal }) => queriesApi.rules(entity!, signal),
    enabled: allowed && !!entity && hasPermission(viewer, 'licensing.read'),
  });
  const input = useMemo(() => inputOf(draft, id), [draft, id]);
  const [debounced] = useDebouncedValue(input, 400);
  const preview = useQuery({
    queryKey: queriesKeys.preview(debounced),
    queryFn: ({ signal }) => queriesApi.preview(debounced, signal),
    enabled: allowed && debounced.query_column_values.length > 0 && (!id || !!existing.data),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const save = useMutation({
    mutationFn: () => queriesApi.save(input),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: queriesKeys.all });
      void navigate(`${QUERIES_BASE}/${saved.id}`);
    },
  });
  if (!allowed) return <ForbiddenPage />;
  if (id && existing.isPending) return <LoadingState label="Loading the query…" />;
  if (id && existing.isError)
    return (
      <ErrorState
        error={existing.error}
        title="The query could not be loaded"
        onRetry={() => void existing.refetch()}
      />
    );
  const role = existing.data?.role ?? 'owner';
  if (role === 'viewer') return <ForbiddenPage />;
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const groupOptions = (groups.data ?? []).map((g) => ({ value: g.id, label: g.label }));
  const fieldList = fields.data ?? [];
  const submit = () => {
    if (!draft.name.trim()) {
      setNameError('Name the query.');
      return;
    }
    setNameError(null);
    save.mutate();
  };
  return (
    <Stack gap="md">
      <PageHeader
        title={id ? `Edit ${existing.data?.name ?? 'query'}` : 'New query'}
        description="Choose what to list, the columns to show, filters and sort; the preview below follows each change."
        actions={
          <Anchor component={Link} to={id ? `${QUERIES_BASE}/${id}` : QUERIES_BASE}>
            {id ? 'Back to the results' : 'Back to saved queries'}
          </Anchor>
        }
      />
      <Fieldset legend="Query">
        <Group align="flex-start" wrap="wrap">
          <TextInput
            label="Name"
            required
            value={draft.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            error={nameError}
            maxLength={120}
            w={320}
          />
          <Select
            label="Lists"
            data={querySubjects.map((s) => ({ value: s, label: querySubjectLabels[s] }))}
            value={draft.subject}
            onChange={(v) => {
              if (!v || v === draft.subject) return;
              const subject = v as QuerySubject;
              set({
                subject,
                columns: [{ key: newKey(), field: '', label: '', sort: '' }],
                filters: [],
                advanced: [],
                criteria: [],
                chart_field: '',
              });
            }}
            allowDeselect={false}
            w={260}
          />
        </Group>
        <Textarea
          label="Description"
          value={draft.description}
          onChange={(e) => set({ description: e.currentTarget.value })}
          maxLength={1000}
          autosize
          minRows={2}
          mt="sm"
        />
      </Fieldset>
      {fields.isError ? (
        <ErrorState
          error={fields.error}
          title="The fields could not be loaded"
          onRetry={() => void fields.refetch()}
        />
      ) : null}
      <ColumnRows fields={fieldList} rows={draft.columns} onChange={(columns) => set({ columns })} />
      <FilterRows fields={fieldList} rows={draft.filters} onChange={(filters) => set({ filters })} />
      <AdvancedRows fields={fieldList} rows={draft.advanced} onChange={(advanced) => set({ advanced })} />
      {entity && rules.data ? (
        <Fieldset legend="Criteria">
          <MultiSelect
            label="Licence rules every row meets"
            description="Rules written under Licences; a row is listed only when it meets all of them."
            placeholder={rules.data.items.length === 0 ? 'No rule for these records yet' : undefined}
            data={rules.data.items.map((r) => ({ value: r.id, label: r.name }))}
            value={draft.criteria}
            onChange={(criteria) => set({ criteria })}
            searchable
            w={480}
          />
        </Fieldset>
      ) : null}
      <Fieldset legend="How it opens and who sees it">
        <Stack gap="sm">
          <Group align="flex-end" wrap="wrap">
            <div>
              <Text component="span" size="sm" fw={500} id="default-view-label">
                Opens as
              </Text>
              <SegmentedControl
                aria-labelledby="default-view-label"
                value={draft.default_view}
                onChange={(v) => set({ default_view: v as QueryView })}
                data={[
                  { value: 'table', label: 'Table' },
                  { value: 'bar', label: 'Bar chart' },
                  { value: 'line', label: 'Line chart' },
                ]}
                display="flex"
              />
            </div>
            <Select
              label="Chart of"
              placeholder="The first column"
              data={fieldList.map((f) => ({ value: f.id, label: f.label }))}
              value={draft.chart_field || null}
              onChange={(v) => set({ chart_field: v ?? '' })}
              clearable
              searchable
              w={260}
            />
          </Group>
          {role === 'owner' ? (
            <Group align="flex-start" wrap="wrap">
              <MultiSelect
                label="Shared with (viewers)"
                description="Members of these security groups run the query; they cannot change it."
                data={groupOptions}
                value={draft.viewers}
                onChange={(viewers) => set({ viewers })}
                searchable
                w={360}
              />
              <MultiSelect
                label="Shared with (editors)"
                description="Members of these groups may change the query too."
                data={groupOptions}
                value={draft.editors}
                onChange={(editors) => set({ editors })}
                searchable
                w={360}
              />
            </Group>
          ) : (
            <Text size="sm">
              Only the owner, {existing.data?.owner_name}, changes whom this query is shared with.
            </Text>
          )}
        </Stack>
      </Fieldset>
      {save.isError ? (
        <Alert color="red" title="The query was not saved" role="alert">
          {errorMessage(save.error)}
        </Alert>
      ) : null}
      <Group>
        <Button onClick={submit} loading={save.isPending}>
          Save query
        </Button>
      </Group>
      <Section id="query-preview" title="Preview">
        {preview.isError ? (
          <Alert color="orange" title="The query cannot run yet" role="status">
            {errorMessage(preview.error)}
          </Alert>
        ) : null}
        {preview.isPending && preview.fetchStatus !== 'idle' ? (
          <LoadingState label="Running the preview…" />
        ) : null}
        {preview.data ? (
          <>
            <Text size="sm" role="status">
              {preview.data.total_capped
                ? `More than ${preview.data.total.toLocaleString()}`
                : preview.data.total.toLocaleString()}{' '}
              {preview.data.total === 1 ? 'row' : 'rows'}; the first {Math.min(10, preview.data.rows.length)}{' '}
              shown.
            </Text>
            <ResultsTable caption="Preview of the results" results={preview.data} busy={preview.isFetching} />
          </>
        ) : null}
      </Section>
    </Stack>
  );
}
