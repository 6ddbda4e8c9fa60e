import {
  paymentMethodLabels,
  paymentMethods,
  type TransactionOutput,
  transactionStates,
} from '@licensure/contracts';
import { Anchor, Button, Group, Select, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../platform/components/page-header';
import { Pager } from '../../platform/components/pager';
import { ErrorState, ForbiddenPage, LoadingState } from '../../platform/components/status';
import { type Column, DataTable } from '../../platform/list/data-table';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { formatDateTime } from '../responses/response-format';
import { PAYMENTS_BASE, paymentsApi, paymentsKeys } from './payments-api';
import { formatCents, stateLabels } from './payments-format';

const PER_PAGE = 25;
const FILTERS = ['from', 'to', 'method', 'state', 'search'] as const;

const columns: readonly Column<TransactionOutput>[] = [
  { key: 'when', header: 'Date', render: (t) => formatDateTime(t.settled_at ?? t.created_at) },
  { key: 'payer', header: 'Payer', render: (t) => t.payer_name ?? 'Unknown' },
  { key: 'kind', header: 'Kind', render: (t) => (t.kind === 'refund' ? 'Refund' : 'Payment') },
  { key: 'method', header: 'Method', render: (t) => t.method_label },
  { key: 'state', header: 'State', render: (t) => stateLabels[t.state] },
  {
    key: 'amount',
    header: 'Amount',
    render: (t) => (t.kind === 'refund' ? `-${formatCents(t.amount_cents)}` : formatCents(t.amount_cents)),
  },
  { key: 'receipt', header: 'Receipt', render: (t) => t.receipt_number },
  { key: 'reference', header: 'Reference', render: (t) => t.reference_number },
  {
    key: 'open',
    header: 'Open',
    render: (t) => (
      <Anchor component={Link} to={`${PAYMENTS_BASE}/${t.id}`}>
        Open
        <VisuallyHidden>
          {' '}
          {t.kind} of {formatCents(t.amount_cents)} by {t.payer_name ?? 'unknown payer'}
        </VisuallyHidden>
      </Anchor>
    ),
  },
];

/** `/staff/payments`: the ledger of payments and refunds, newest first, filtered by date, method and state. */
export function StaffTransactionsPage() {
  const { viewer } = useSignedIn();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const filter = Object.fromEntries(FILTERS.map((k) => [k, params.get(k) ?? '']));
  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setParams(next, { replace: true });
  };
  const query = { ...filter, currentPage: page, numPerPage: PER_PAGE, sortBy: 'created_at', reverse: true };
  const list = useQuery({
    queryKey: paymentsKeys.transactions(query),
    queryFn: ({ signal }) => paymentsApi.transactions(query, signal),
    placeholderData: keepPreviousData,
    enabled: hasPermission(viewer, 'payments.read'),
  });
  if (!hasPermission(viewer, 'payments.read')) return <ForbiddenPage />;
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PER_PAGE)) : 1;
  return (
    <Stack gap="md">
      <PageHeader
        title="Payments"
        description="Payments and refunds taken by the gateway, by voucher and by staff."
        actions={
          <>
            <Button component={Link} to={`${PAYMENTS_BASE}/report`} variant="outline">
              Finance report
            </Button>
            <Button component={Link} to={`${PAYMENTS_BASE}/vouchers`} variant="outline">
              Vouchers
            </Button>
            {hasPermission(viewer, 'payments.write') ? (
              <Button component={Link} to={`${PAYMENTS_BASE}/record`}>
                Record a payment
              </Button>
            ) : null}
          </>
        }
      />
      <Group align="flex-end" component="section" aria-label="Filters">
        <TextInput
          type="date"
          label="From"
          value={filter.from}
          onChange={(e) => set('from', e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label="To"
          value={filter.to}
          onChange={(e) => set('to', e.currentTarget.value)}
        />
        <Select
          label="Method"
          placeholder="Any method"
          clearable
          data={paymentMethods.map((m) => ({ value: m, label: paymentMethodLabels[m] }))}
          value={filter.method || null}
          onChange={(v) => set('method', v)}
        />
        <Select
          label="State"
          placeholder="Any state"
          clearable
          data={transactionStates.map((s) => ({ value: s, label: stateLabels[s] }))}
          value={filter.state || null}
          onChange={(v) => set('state', v)}
        />
        <TextInput
          label="Payer, receipt or reference"
          value={filter.search}
          onChange={(e) => set('search', e.currentTarget.value)}
        />
      </Group>
      {list.isPending ? <LoadingState label="Loading payments…" /> : null}
      {list.isError ? (
        <ErrorState
          error={list.error}
          title="The payments could not be loaded"
          onRetry={() => void list.refetch()}
        />
      ) : null}
      {list.data?.items.length === 0 ? <Text>No payments match these filters.</Text> : null}
      {list.data && list.data.items.length > 0 ? (
        <>
          <Text size="sm" role="status">
            {list.data.total} {list.data.total === 1 ? 'transaction' : 'transactions'}
          </Text>
          <DataTable
            caption="Payments and refunds"
            columns={columns}
            rows={list.data.items}
            rowKey={(t) => t.id}
          />
        </>
      ) : null}
      <Pager total={pages} value={page} onChange={(p) => set('page', String(p))} />
    </Stack>
  );
}
