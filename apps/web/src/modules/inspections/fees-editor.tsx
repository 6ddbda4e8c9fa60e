import { Button, Group, NumberInput, Select, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../responses/confirm-dialog';

interface Fee {
  ip_extra_fee_id: string;
  quantity?: number;
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** Extra fees charged on an inspection (payable by the service): listed, added, removed after asking. */
export function FeesEditor(props: {
  fees: readonly Fee[];
  choices: readonly { id: string; label: string; amount_cents: number }[];
  disabled?: boolean;
  onChange(fees: Fee[]): Promise<void>;
}) {
  const [fee, setFee] = useState<string | null>(null);
  const [quantity, setQuantity] = useState<number>(1);
  const [removing, setRemoving] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const byId = new Map(props.choices.map((c) => [c.id, c]));
  const change = async (next: Fee[]) => {
    setBusy(true);
    try {
      await props.onChange(next);
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const total = props.fees.reduce(
    (sum, f) => sum + (byId.get(f.ip_extra_fee_id)?.amount_cents ?? 0) * (f.quantity ?? 1),
    0,
  );
  return (
    <section aria-labelledby="fees-heading">
      <Title order={2} size="h3" id="fees-heading" mb="sm">
        Extra fees
      </Title>
      {props.fees.length === 0 ? <Text mb="sm">No extra fees.</Text> : null}
      {props.fees.length > 0 ? (
        <Table striped mb="sm" maw={560}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Fee</Table.Th>
              <Table.Th scope="col">Quantity</Table.Th>
              <Table.Th scope="col">Amount</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.fees.map((f, i) => {
              const c = byId.get(f.ip_extra_fee_id);
              return (
                <Table.Tr key={f.ip_extra_fee_id}>
                  <Table.Td>{c?.label ?? 'Fee'}</Table.Td>
                  <Table.Td>{f.quantity ?? 1}</Table.Td>
                  <Table.Td>{money((c?.amount_cents ?? 0) * (f.quantity ?? 1))}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      disabled={props.disabled}
                      onClick={() => setRemoving(i)}
                      aria-label={`Remove the fee ${c?.label ?? ''}`}
                    >
                      Remove
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      ) : null}
      {props.fees.length > 0 ? <Text mb="sm">{`Total: ${money(total)}`}</Text> : null}
      {error ? (
        <Text role="alert" c="red.8" size="sm">
          {error}
        </Text>
      ) : null}
      {!props.disabled ? (
        <Group align="flex-end">
          <Select
            label="Extra fee"
            placeholder="Choose a fee"
            data={props.choices.map((c) => ({ value: c.id, label: `${c.label} (${money(c.amount_cents)})` }))}
            value={fee}
            onChange={setFee}
          />
          <NumberInput
            label="Quantity"
            min={1}
            max={1000}
            value={quantity}
            onChange={(v) => setQuantity(Number(v) || 1)}
            w={120}
          />
          <Button
            variant="default"
            disabled={!fee}
            loading={busy}
            onClick={() => {
              if (!fee) return;
              // The same fee again adds to its quantity: a fee is listed once.
              const listed = props.fees.some((f) => f.ip_extra_fee_id === fee);
              const next = listed
                ? props.fees.map((f) =>
                    f.ip_extra_fee_id === fee ? { ...f, quantity: (f.quantity ?? 1) + quantity } : f,
                  )
                : [...props.fees, { ip_extra_fee_id: fee, quantity }];
              void change(next).then(() => setFee(null));
            }}
          >
            Add fee
          </Button>
        </Group>
      ) : null}
      <ConfirmDialog
        opened={removing !== null}
        title="Remove this fee?"
        message="The fee will no longer be charged to the service."
        confirmLabel="Remove"
        danger
        busy={busy}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const index = removing;
          setRemoving(null);
          if (index !== null) void change(props.fees.filter((_, n) => n !== index));
        }}
      />
    </section>
  );
}
