import { Alert, Button, Group, List, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../platform/api/errors';
import { Section } from '../../platform/components/section';
import { paymentsApi, paymentsKeys } from './payments-api';
import { formatCents, voucherValue } from './payments-format';

interface PayableRequest {
  license_request_id: string;
  license_name: string | null;
}

/**
 * A voucher code paying all or part of one request of the basket, once: it is saved against the
 * request (which checks it may be used there), then charged.
 */
export function VoucherForm({ requests }: { requests: readonly PayableRequest[] }) {
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [target, setTarget] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const requestId = target ?? requests[0]?.license_request_id ?? null;
  const mine = useQuery({
    queryKey: paymentsKeys.vouchers(),
    queryFn: ({ signal }) => paymentsApi.vouchers(signal),
  });
  const unused = (mine.data ?? []).filter((v) => !v.used && v.active);
  const apply = useMutation({
    mutationFn: async () => {
      if (!requestId) throw new Error('Choose the request the voucher pays.');
      await paymentsApi.saveVoucher(requestId, code.trim());
      return paymentsApi.chargeVoucher(requestId, code.trim());
    },
    onSuccess: () => {
      setCode('');
      void queryClient.invalidateQueries({ queryKey: paymentsKeys.all });
    },
  });
  if (requests.length === 0) return null;
  return (
    <Section id="voucher" title="Voucher">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!code.trim()) {
            setMissing(true);
            return;
          }
          apply.mutate();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            Have a voucher from the licensing office? It pays its amount towards one request, once.
          </Text>
          {unused.length > 0 ? (
            <>
              <Text size="sm">Your vouchers:</Text>
              <List size="sm">
                {unused.map((v) => (
                  <List.Item key={v.id}>
                    {v.code}: {voucherValue(v)}
                    {v.expires_on ? `, until ${v.expires_on}` : ''}
                  </List.Item>
                ))}
              </List>
            </>
          ) : null}
          <Group align="flex-end">
            <TextInput
              label="Voucher code"
              value={code}
              onChange={(e) => {
                setCode(e.currentTarget.value);
                setMissing(false);
              }}
              error={missing ? 'Enter the voucher code.' : undefined}
              maxLength={64}
              autoComplete="off"
            />
            {requests.length > 1 ? (
              <Select
                label="Pays towards"
                data={requests.map((r) => ({
                  value: r.license_request_id,
                  label: r.license_name ?? 'Licence request',
                }))}
                value={requestId}
                onChange={setTarget}
                allowDeselect={false}
              />
            ) : null}
            <Button type="submit" variant="outline" loading={apply.isPending}>
              Apply voucher
            </Button>
          </Group>
          {apply.isError ? (
            <Alert color="red" title="The voucher was not applied" role="alert">
              {errorMessage(apply.error)}
            </Alert>
          ) : null}
          {apply.data ? (
            <Alert color="green" title="Voucher applied" role="status">
              Voucher {apply.data.code} paid{' '}
              {formatCents(apply.data.charged_cents ?? apply.data.amount_cents ?? 0)}
              {apply.data.covers_all ? ': nothing more is owed on that request.' : ' towards the request.'}
            </Alert>
          ) : null}
        </Stack>
      </form>
    </Section>
  );
}
