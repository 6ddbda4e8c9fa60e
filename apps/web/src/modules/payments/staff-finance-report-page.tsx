import {
  type FinanceReport,
  paymentMethodLabels,
  paymentMethods,
  type TransactionOutput,
} from '@licensure/contracts';
import { Alert, Anchor, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../platform/components/page-header';
import { Section } from '../../platform/components/section';
import { ErrorState, ForbiddenPage, LoadingState } from '../../platform/components/status';
import { type Column, DataTable } from '../../platform/list/data-table';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { formatDateTime } from '../responses/response-format';
import { PAYMENTS_BASE, paymentsApi, paymentsKeys } from './payments-api';
import { formatCents, monthToDate, totalsReconcile } from './payments-format';

const rowColumns: readonly Column<TransactionOutput>[] = [
  { key: 'settled', header: 'Settled', render: (t) => formatDateTime(t.settled_at) },
  { key: 'payer', header: 'Payer', render: (t) => t.payer_name },
  { key: 'kind', header: 'Kind', render: (t) => (t.kind === 'refund' ? 'Refund' : 'Payment') },
  { key: 'method', header: 'Method', render: (t) => t.method_label },
  { key: 'reference', header: 'Reference', render: (t) => t.reference_number },
  {
    key: 'amount',
    header: 'Amount',
    render: (t) => (
      <Anchor component={Link} to={`${PAYMENTS_BASE}/${t.id}`}>
        {t.kind === 'refund' ? `-${formatCents(t.amount_cents)}` : formatCents(t.amount_cents)}
      </Anchor>
    ),
  },
];

function TotalsTable({ report }: { report: FinanceReport }) {
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped withTableBorder captionSide="top">
        <Table.Caption>Totals by method</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Method</Table.Th>
            <Table.Th scope="col">Transactions</Table.Th>
            <Table.Th scope="col">Payments</Table.Th>
            <Table.Th scope="col">Refunds</Table.Th>
            <Table.Th scope="col">Net</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.byMethod.map((m) => (
            <Table.Tr key={m.method}>
              <Table.Th scope="row" fw="normal">
                {m.method_label}
              </Table.Th>
              <Table.Td>{m.count}</Table.Td>
              <Table.Td>{formatCents(m.payments_cents)}</Table.Td>
              <Table.Td>{formatCents(m.refunds_cents)}</Table.Td>
              <Table.Td>{formatCents(m.net_cents)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">All methods</Table.Th>
            <Table.Td>{report.rows.length}</Table.Td>
            <Table.Td fw={700}>{formatCents(report.payments_cents)}</Table.Td>
            <Table.Td fw={700}>{formatCents(report.refunds_cents)}</Table.Td>
            <Table.Td fw={700}>{formatCents(report.net_cents)}</Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/** `/staff/payments/report`: settled payments and refunds between two dates, totals by method, XLSX. */
export function StaffFinanceReportPage() {
  const { viewer } = useSignedIn();
  const [range, setRange] = useState(() => monthToDate(new Date()));
  const [method, setMethod] = useState<string | null>(null);
  const allowed = hasPermission(viewer, 'payments.read');
  const valid = /^\d{4}-\d\d-\d\d$/.test(range.from) && /^\d{4}-\d\d-\d\d$/.test(range.to);
  const query = { ...range, ...(method ? { method } : {}) };
  const report = useQuery({
    queryKey: paymentsKeys.report(query),
    queryFn: ({ signal }) => paymentsApi.report(query, signal),
    enabled: allowed && valid && range.from <= range.to,
    placeholderData: keepPreviousData,
  });
  if (!allowed) return <ForbiddenPage />;
  return (
    <Stack gap="md">
      <PageHeader
        title="Finance report"
        description="Money settled between two dates (UTC), by method, with refunds taken off."
        actions={
          <Anchor component={Link} to={PAYMENTS_BASE}>
            Back to payments
          </Anchor>
        }
      />
      <Group align="flex-end" component="section" aria-label="Report period">
        <TextInput
          type="date"
          label="From"
          value={range.from}
          onChange={(e) => setRange({ ...range, from: e.currentTarget.value })}
        />
        <TextInput
          type="date"
          label="To"
          value={range.to}
          onChange={(e) => setRange({ ...range, to: e.currentTarget.value })}
          error={valid && range.from > range.to ? 'The end comes before the start.' : undefined}
        />
        <Select
          label="Method"
          placeholder="All methods"
          clearable
          data={paymentMethods.map((m) => ({ value: m, label: paymentMethodLabels[m] }))}
          value={method}
          onChange={setMethod}
        />
        {valid && range.from <= range.to ? (
          <Button component="a" href={paymentsApi.reportXlsxUrl(query)} variant="outline" download>
            Export to Excel (XLSX)
          </Button>
        ) : null}
      </Group>
      {report.isPending && report.fetchStatus !== 'idle' ? (
        <LoadingState label="Loading the report…" />
      ) : null}
      {report.isError ? (
        <ErrorState
          error={report.error}
          title="The report could not be loaded"
          onRetry={() => void report.refetch()}
        />
      ) : null}
      {report.data ? (
        <>
          <Section id="report-totals" title="Totals">
            <Text>
              Payments {formatCents(report.data.payments_cents)}, refunds{' '}
              {formatCents(report.data.refunds_cents)}, net{' '}
              <strong>{formatCents(report.data.net_cents)}</strong>.
            </Text>
            {totalsReconcile(report.data) ? null : (
              <Alert color="red" title="The totals do not match the rows" role="alert">
                The totals differ from the sum of the transactions listed. Report this to the administrator.
              </Alert>
            )}
            {report.data.byMethod.length > 0 ? <TotalsTable report={report.data} /> : null}
          </Section>
          <Section id="report-rows" title="Transactions">
            {report.data.rows.length === 0 ? (
              <Text>No money was settled in this period.</Text>
            ) : (
              <DataTable
                caption="Transactions in the period"
                columns={rowColumns}
                rows={report.data.rows}
                rowKey={(t) => t.id}
              />
            )}
          </Section>
        </>
      ) : null}
    </Stack>
  );
}
