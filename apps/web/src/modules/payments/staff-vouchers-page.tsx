import type { VoucherOutput } from '@licensure/contracts';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { Pager } from '../../platform/components/pager';
import { Section } from '../../platform/components/section';
import { ErrorState, ForbiddenPage, LoadingState } from '../../platform/components/status';
import { type Column, DataTable } from '../../platform/list/data-table';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { PAYMENTS_BASE, paymentsApi, paymentsKeys } from './payments-api';
import { voucherValue } from './payments-format';
import { VoucherIssueForm } from './voucher-issue-form';

const PER_PAGE = 25;

/** Where a voucher stands, in words. */
export function voucherState(v: VoucherOutput, today = new Date().toISOString().slice(0, 10)): string {
  if (!v.active) return 'Deactivated';
  if (v.used) return 'Used up';
  if (v.expires_on && v.expires_on < today) return 'Expired';
  return 'Active';
}

function ActiveToggle({ v, allowed }: { v: VoucherOutput; allowed: boolean }) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: () => paymentsApi.setVoucherActive(v.id, !v.active),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: paymentsKeys.all }),
  });
  if (!allowed || (v.used && v.active)) return null;
  return (
    <>
      <Button
        size="compact-sm"
        variant="outline"
        color={v.active ? 'red' : undefined}
        loading={change.isPending}
        onClick={() => change.mutate()}
        aria-label={`${v.active ? 'Deactivate' : 'Reactivate'} voucher ${v.code}`}
      >
        {v.active ? 'Deactivate' : 'Reactivate'}
      </Button>
      {change.isError ? (
        <Text c="var(--mantine-color-error)" size="sm" role="alert">
          {errorMessage(change.error)}
        </Text>
      ) : null}
    </>
  );
}

/** `/staff/payments/vouchers`: the vouchers issued, newest first, and a form to issue one. */
export function StaffVouchersPage() {
  const { viewer } = useSignedIn();
  const [params, setParams] = useSearchParams();
  const [issued, setIssued] = useState<string | null>(null);
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const search = params.get('search') ?? '';
  const canRead = hasPermission(viewer, 'payments.read');
  const canWrite = hasPermission(viewer, 'payments.write');
  const query = {
    currentPage: page,
    numPerPage: PER_PAGE,
    sortBy: 'created_at',
    reverse: true,
    ...(search ? { search } : {}),
  };
  const list = useQuery({
    queryKey: paymentsKeys.issued(query),
    queryFn: ({ signal }) => paymentsApi.issued(query, signal),
    placeholderData: keepPreviousData,
    enabled: canRead,
  });
  if (!canRead) return <ForbiddenPage />;
  const columns: readonly Column<VoucherOutput>[] = [
    { key: 'code', header: 'Code', render: (v) => v.code },
    { key: 'pays', header: 'Pays', render: (v) => voucherValue(v) },
    { key: 'uses', header: 'Used', render: (v) => `${v.use_count} of ${v.max_uses}` },
    { key: 'expires', header: 'Expires', render: (v) => v.expires_on ?? 'Never' },
    { key: 'for', header: 'For', render: (v) => (v.user_id ? (v.person_name ?? 'One person') : 'Anyone') },
    { key: 'state', header: 'State', render: (v) => voucherState(v) },
    { key: 'action', header: 'Action', render: (v) => <ActiveToggle v={v} allowed={canWrite} /> },
  ];
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PER_PAGE)) : 1;
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setParams(next, { replace: true });
  };
  return (
    <Stack gap="md">
      <PageHeader
        title="Vouchers"
        description="Vouchers pay an amount or a share of a request's fees, for one person or anyone with the code."
        actions={
          <Anchor component={Link} to={PAYMENTS_BASE}>
            Back to payments
          </Anchor>
        }
      />
      {issued ? (
        <Alert color="green" title="Voucher issued" role="status">
          Voucher {issued} was issued.
        </Alert>
      ) : null}
      {canWrite ? (
        <Section id="issue" title="Issue a voucher">
          <VoucherIssueForm onIssued={setIssued} />
        </Section>
      ) : null}
      <Section id="issued" title="Vouchers issued">
        <TextInput
          label="Search by code, person or note"
          value={search}
          onChange={(e) => set('search', e.currentTarget.value)}
          maw={360}
        />
        {list.isPending ? <LoadingState label="Loading vouchers…" /> : null}
        {list.isError ? (
          <ErrorState
            error={list.error}
            title="The vouchers could not be loaded"
            onRetry={() => void list.refetch()}
          />
        ) : null}
        {list.data?.items.length === 0 ? <Text>No vouchers match.</Text> : null}
        {list.data && list.data.items.length > 0 ? (
          <DataTable caption="Vouchers" columns={columns} rows={list.data.items} rowKey={(v) => v.id} />
        ) : null}
        <Pager total={pages} value={page} onChange={(p) => set('page', String(p))} />
      </Section>
    </Stack>
  );
}
