import type { BasketTotals, SessionDataForPayment } from '@licensure/contracts';
import { Alert, Anchor, Button, Checkbox, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { Section } from '../../platform/components/section';
import { ErrorState, LoadingState } from '../../platform/components/status';
import { paymentsApi, paymentsKeys } from './payments-api';
import { basketFromSearch, formatCents, newIdempotencyKey } from './payments-format';
import { TestPaymentsNotice } from './test-payments-notice';
import { VoucherForm } from './voucher-form';

/** Sends the browser to the gateway's hosted page with the signed fields, as a form post. */
function postToGateway(url: string, fields: Record<string, string>) {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = url;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}

/** The basket's charges, request by request, with what is paid, vouchered and due. */
function BasketTable({ totals }: { totals: BasketTotals }) {
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped withTableBorder captionSide="top">
        <Table.Caption>Charges in this payment</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Licence</Table.Th>
            <Table.Th scope="col">Charge</Table.Th>
            <Table.Th scope="col">Amount</Table.Th>
            <Table.Th scope="col">Paid</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {totals.charges.map((c) => (
            <Table.Tr key={`${c.license_request_id}-${c.description}-${c.amount_cents}-${c.paid}`}>
              <Table.Td>{c.license_name ?? 'Licence request'}</Table.Td>
              <Table.Td>{c.description}</Table.Td>
              <Table.Td>{formatCents(c.amount_cents)}</Table.Td>
              <Table.Td>{c.paid ? 'Paid' : 'Not paid'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row" colSpan={2}>
              Charges
            </Table.Th>
            <Table.Td colSpan={2}>{formatCents(totals.charges_cents)}</Table.Td>
          </Table.Tr>
          {totals.paid_cents > 0 ? (
            <Table.Tr>
              <Table.Th scope="row" colSpan={2}>
                Already paid
              </Table.Th>
              <Table.Td colSpan={2}>-{formatCents(totals.paid_cents)}</Table.Td>
            </Table.Tr>
          ) : null}
          {totals.voucher_cents > 0 ? (
            <Table.Tr>
              <Table.Th scope="row" colSpan={2}>
                Vouchers
              </Table.Th>
              <Table.Td colSpan={2}>-{formatCents(totals.voucher_cents)}</Table.Td>
            </Table.Tr>
          ) : null}
          <Table.Tr>
            <Table.Th scope="row" colSpan={2}>
              Total to pay
            </Table.Th>
            <Table.Td colSpan={2} fw={700}>
              {formatCents(totals.due_cents)}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Which of the requests waiting for payment go in this payment (all, or those named in the address). */
function useBasket(session: SessionDataForPayment | undefined, named: readonly string[]) {
  const payable = session?.payable ?? [];
  const initial =
    named.length > 0 ? named.filter((id) => payable.some((p) => p.license_request_id === id)) : null;
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const selected = chosen ?? new Set(initial ?? payable.map((p) => p.license_request_id));
  const items = payable.map((p) => p.license_request_id).filter((id) => selected.has(id));
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setChosen(next);
  };
  return { payable, items, toggle };
}

/**
 * `/portal/payments/checkout`: the requests waiting for payment (those in `?items=` if given), their
 * charges, vouchers, the total, and paying it through the enterprise's gateway's hosted page.
 */
export function PortalCheckoutPage() {
  const [search] = useSearchParams();
  const named = useMemo(() => basketFromSearch(search), [search]);
  const justSubmitted = search.get('submitted') === '1';
  const session = useQuery({
    queryKey: paymentsKeys.session(),
    queryFn: ({ signal }) => paymentsApi.session(signal),
  });
  const methods = useQuery({
    queryKey: paymentsKeys.methods(),
    queryFn: ({ signal }) => paymentsApi.methods(signal),
  });
  const { payable, items, toggle } = useBasket(session.data, named);
  const totals = useQuery({
    queryKey: paymentsKeys.totals(items),
    queryFn: ({ signal }) => paymentsApi.totals(items, signal),
    enabled: items.length > 0,
  });
  // One key per basket: a double click or a retry opens the same pending payment, never two.
  const keys = useRef(new Map<string, string>());
  const keyOf = (basket: readonly string[]) => {
    const k = [...basket].sort().join(',');
    if (!keys.current.has(k)) keys.current.set(k, newIdempotencyKey());
    return keys.current.get(k)!;
  };
  const pay = useMutation({
    mutationFn: async () => {
      if (session.data?.gateway === 'elavon') {
        // Elavon's hosted page takes a token obtained server-side: the browser just goes there.
        const hosted = await paymentsApi.elavonPay(items, keyOf(items));
        window.location.assign(hosted.url);
        return;
      }
      const form = await paymentsApi.preSave(items, keyOf(items));
      postToGateway(form.url, form.fields);
    },
  });

  if (session.isPending) return <LoadingState label="Loading the fees to pay…" />;
  if (session.isError)
    return (
      <ErrorState
        error={session.error}
        title="The fees could not be loaded"
        onRetry={() => void session.refetch()}
      />
    );
  const gatewayLabel = methods.data?.find((m) => m.value === session.data.gateway)?.label ?? 'Card';
  return (
    <Stack gap="md">
      <PageHeader
        title="Fees to pay"
        description="Pay the fees of your licence requests. Staff review a request once its fees are paid."
        actions={
          <Anchor component={Link} to="/portal/requests">
            My requests
          </Anchor>
        }
      />
      {session.data.test_payments ? <TestPaymentsNotice /> : null}
      {justSubmitted ? (
        <Alert color="blue" title="Your request was submitted" role="status">
          Its fees are due. Pay them now, or later from “Fees to pay”.
        </Alert>
      ) : null}
      {payable.length === 0 ? (
        <Section id="nothing-due" title="Nothing to pay">
          <Text>You have no fees to pay. Requests with unpaid fees appear here once submitted.</Text>
        </Section>
      ) : (
        <>
          <Section id="basket" title="Requests waiting for payment">
            <Stack gap="xs">
              {payable.map((p) => (
                <Checkbox
                  key={p.license_request_id}
                  checked={items.includes(p.license_request_id)}
                  onChange={(e) => toggle(p.license_request_id, e.currentTarget.checked)}
                  label={`${p.license_name ?? 'Licence request'}: ${formatCents(p.due_cents)} due`}
                />
              ))}
            </Stack>
          </Section>
          {items.length === 0 ? <Text>Choose at least one request to pay.</Text> : null}
          {items.length > 0 && totals.isPending ? <LoadingState label="Working out the total…" /> : null}
          {totals.isError ? (
            <ErrorState
              error={totals.error}
              title="The total could not be worked out"
              onRetry={() => void totals.refetch()}
            />
          ) : null}
          {items.length > 0 && totals.data ? (
            <>
              <Section id="charges" title="Charges">
                <BasketTable totals={totals.data} />
              </Section>
              <VoucherForm requests={payable.filter((p) => items.includes(p.license_request_id))} />
              <Section id="pay" title="Pay">
                {totals.data.due_cents > 0 && session.data.pay_otherwise ? (
                  <Alert color="blue" title="Card payments are not available" role="status">
                    <Text size="sm">{session.data.pay_otherwise.message}</Text>
                    {session.data.pay_otherwise.office ? (
                      <Text size="sm">Office: {session.data.pay_otherwise.office}</Text>
                    ) : null}
                  </Alert>
                ) : totals.data.due_cents > 0 ? (
                  <Stack gap="sm" align="flex-start">
                    <Text>
                      Pay by {gatewayLabel}. You go to the payment page to enter your card, then come back
                      here for your receipt.
                    </Text>
                    <Button onClick={() => pay.mutate()} loading={pay.isPending}>
                      Pay {formatCents(totals.data.due_cents)}
                    </Button>
                    {pay.isError ? (
                      <Alert color="red" title="The payment could not be started" role="alert">
                        {errorMessage(pay.error)}
                      </Alert>
                    ) : null}
                  </Stack>
                ) : (
                  <Text>Nothing is left to pay on these requests.</Text>
                )}
              </Section>
            </>
          ) : null}
        </>
      )}
    </Stack>
  );
}
