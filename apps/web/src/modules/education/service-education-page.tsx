import { Alert, Anchor, Button, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { type ResponsiveColumn, ResponsiveTable } from '../../platform/components/responsive-table';
import { ErrorState, LoadingState } from '../../platform/components/status';
import { formatDate } from '../../platform/display/format';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { registryApi } from '../registry/registry-api';
import {
  educationApi,
  educationKeys,
  type LongevityRow,
  money,
  type ServiceUserTrainingRow,
} from './education-api';

function ServicePicker({ value, onChange }: { value: string; onChange(id: string): void }) {
  const [typed, setTyped] = useState('');
  const [name, setName] = useState('');
  const found = useQuery({
    queryKey: ['education', 'service-search', name],
    // The first 50 by name: enough to choose from, or to see that the name wants another word.
    queryFn: async ({ signal }) =>
      (await registryApi.searchServices({ service_name: name }, 1, 50, signal)).items,
    enabled: name.length > 0,
  });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        setName(typed.trim());
      }}
    >
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Service name"
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          maw={320}
        />
        <Button type="submit" variant="default">
          Find
        </Button>
        {found.data ? (
          <NativeSelect
            label="Service"
            value={value}
            onChange={(e) => onChange(e.currentTarget.value)}
            data={[
              { value: '', label: found.data.length ? 'Choose…' : 'No service found' },
              ...found.data.map((s) => ({ value: s.id, label: s.name })),
            ]}
            maw={360}
          />
        ) : null}
      </Group>
    </form>
  );
}

/** `/staff/education/services`: a service's training reimbursements with totals, and its people's longevity. */
export function ServiceEducationPage() {
  const { viewer } = useSignedIn();
  const canWrite = hasPermission(viewer, 'education.write');
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const serviceId = params.get('service') ?? '';
  const reimbursement = useQuery({
    queryKey: educationKeys.reimbursement(serviceId),
    queryFn: ({ signal }) => educationApi.reimbursement(serviceId, signal),
    enabled: !!serviceId,
  });
  const query = { service_id: serviceId, numPerPage: 200 };
  const longevity = useQuery({
    queryKey: educationKeys.longevity(query),
    queryFn: ({ signal }) => educationApi.longevities(query, signal),
    enabled: !!serviceId,
  });
  const redeem = useMutation({
    mutationFn: (userId: string) => educationApi.redeem(userId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: educationKeys.all }),
  });

  const trainingColumns: ResponsiveColumn<ServiceUserTrainingRow>[] = [
    { key: 'person', header: 'Person', render: (r) => r.user_name },
    { key: 'course', header: 'Course', render: (r) => r.training_name },
    { key: 'reimburse', header: 'Reimbursable', render: (r) => (r.reimburse ? 'Yes' : 'No') },
    { key: 'amount', header: 'Amount', render: (r) => money(r.amount_cents) },
    {
      key: 'paid',
      header: 'Reimbursed',
      render: (r) => (r.reimbursed_at ? formatDate(r.reimbursed_at.slice(0, 10)) : 'Not yet'),
    },
  ];
  const longevityColumns: ResponsiveColumn<LongevityRow>[] = [
    { key: 'person', header: 'Person', render: (r) => r.user_name },
    { key: 'years', header: 'Years', render: (r) => String(r.years) },
    {
      key: 'period',
      header: 'Period',
      render: (r) => [formatDate(r.start_date), formatDate(r.end_date)].filter(Boolean).join(' to '),
    },
    { key: 'amount', header: 'Amount', render: (r) => money(r.amount_cents) },
    { key: 'approved', header: 'Approved', render: (r) => (r.approve ? 'Yes' : 'No') },
    {
      key: 'redeemed',
      header: 'Redeemed',
      render: (r) =>
        r.redeemed_at ? (
          formatDate(r.redeemed_at.slice(0, 10))
        ) : canWrite && r.approve ? (
          <Button
            size="xs"
            variant="default"
            onClick={() => redeem.mutate(r.user_id)}
            loading={redeem.isPending && redeem.variables === r.user_id}
            aria-label={`Redeem ${r.user_name ?? 'person'}'s approved longevity as credits`}
          >
            Redeem
          </Button>
        ) : (
          'Not yet'
        ),
    },
  ];
  const totals = reimbursement.data;
  return (
    <Stack gap="md">
      <PageHeader
        title="Service longevity and reimbursements"
        description="Training a service may be paid back for, and the years of service its people are credited for."
        actions={
          <Group gap="md">
            <Anchor component={Link} to="/staff/records/ServiceUserTrainings">
              All reimbursements
            </Anchor>
            <Anchor component={Link} to="/staff/records/ServiceUserLongevities">
              All longevity records
            </Anchor>
          </Group>
        }
      />
      <ServicePicker value={serviceId} onChange={(id) => setParams(id ? { service: id } : {})} />
      {!serviceId ? <Text>Find a service to see its reimbursements and longevity.</Text> : null}
      {redeem.isError ? (
        <Alert color="red" role="alert" title="The longevity could not be redeemed">
          {errorMessage(redeem.error)}
        </Alert>
      ) : null}
      {redeem.isSuccess ? (
        <Alert color="green" role="status">
          {redeem.data.redeemed} record{redeem.data.redeemed === 1 ? '' : 's'} redeemed for{' '}
          {money(redeem.data.credit_cents)}.
        </Alert>
      ) : null}
      {serviceId ? (
        <>
          <Title order={2} size="h3">
            Training reimbursements
          </Title>
          {reimbursement.isPending ? <LoadingState label="Loading reimbursements…" /> : null}
          {reimbursement.isError ? (
            <ErrorState
              error={reimbursement.error}
              title="The reimbursements could not be loaded"
              onRetry={() => void reimbursement.refetch()}
            />
          ) : null}
          {totals ? (
            <>
              <Text>
                Total {money(totals.total_cents)}, of which {money(totals.reimbursable_cents)} reimbursable.
              </Text>
              {totals.items.length === 0 ? (
                <Text>No training recorded for this service.</Text>
              ) : (
                <ResponsiveTable
                  caption="Training reimbursements"
                  columns={trainingColumns}
                  rows={totals.items}
                  rowKey={(r) => r.id}
                />
              )}
            </>
          ) : null}
          <Title order={2} size="h3">
            Longevity
          </Title>
          {longevity.isPending ? <LoadingState label="Loading longevity…" /> : null}
          {longevity.isError ? (
            <ErrorState
              error={longevity.error}
              title="The longevity records could not be loaded"
              onRetry={() => void longevity.refetch()}
            />
          ) : null}
          {longevity.data && longevity.data.items.length === 0 ? (
            <Text>No longevity recorded for this service.</Text>
          ) : null}
          {longevity.data && longevity.data.items.length > 0 ? (
            <ResponsiveTable
              caption="Longevity"
              columns={longevityColumns}
              rows={longevity.data.items}
              rowKey={(r) => r.id}
            />
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
