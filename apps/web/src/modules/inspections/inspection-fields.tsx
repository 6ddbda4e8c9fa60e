import type { FormQuestion, InspectionInput } from '@licensure/contracts';
import { Button, Group, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { SignatureField } from '../responses/renderer/signature-field';
import { resultChoices } from './inspections-api';

const signatureQuestion = {
  id: '00000000-0000-4000-8000-00000000519e',
  kind: 'signature',
  label: 'Signature of the person present for the service',
  help_text: null,
  required: false,
  options: [],
} as unknown as FormQuestion;

export type InspectionFieldValues = Pick<
  InspectionInput,
  'ip_status_id' | 'outcome' | 'notes' | 'signer_name' | 'signature'
>;

interface InspectionFieldsProps {
  initial: InspectionFieldValues;
  statuses: readonly { id: string; label: string }[];
  resultSet: string | null | undefined;
  disabled?: boolean;
  /** Says the inspection already holds a signature that is not shown (the server keeps it). */
  signedOnServer?: boolean;
  saveLabel?: string;
  onSave(values: InspectionFieldValues): Promise<void>;
}

/** Status, outcome, notes and the sign-off of an inspection, saved together. */
export function InspectionFields(props: InspectionFieldsProps) {
  const [values, setValues] = useState<InspectionFieldValues>(props.initial);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<InspectionFieldValues>) => setValues((v) => ({ ...v, ...patch }));
  const save = async () => {
    setBusy(true);
    try {
      await props.onSave(values);
      setMessage({ text: 'Saved.', error: false });
    } catch (e) {
      setMessage({ text: (e as Error).message, error: true });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="details-heading">
      <Title order={2} size="h3" id="details-heading" mb="sm">
        Outcome and sign-off
      </Title>
      <Stack gap="sm" maw={560}>
        <Select
          label="Status"
          clearable
          data={props.statuses.map((s) => ({ value: s.id, label: s.label }))}
          value={values.ip_status_id ?? null}
          onChange={(v) => set({ ip_status_id: v })}
          disabled={props.disabled}
        />
        <Select
          label="Outcome"
          clearable
          data={resultChoices(props.resultSet)}
          value={values.outcome ?? null}
          onChange={(v) => set({ outcome: v })}
          disabled={props.disabled}
        />
        <Textarea
          label="Inspection notes"
          autosize
          minRows={2}
          value={values.notes ?? ''}
          onChange={(e) => set({ notes: e.currentTarget.value })}
          disabled={props.disabled}
        />
        <TextInput
          label="Name of the person present for the service"
          value={values.signer_name ?? ''}
          onChange={(e) => set({ signer_name: e.currentTarget.value })}
          disabled={props.disabled}
        />
        {props.signedOnServer && !values.signature ? (
          <Text size="sm">A signature is on file; signing again replaces it.</Text>
        ) : null}
        <SignatureField
          question={signatureQuestion}
          signature={values.signature ?? null}
          disabled={props.disabled}
          onChange={(signature) => set({ signature })}
        />
        {message ? (
          <Text size="sm" role={message.error ? 'alert' : 'status'} c={message.error ? 'red.8' : undefined}>
            {message.text}
          </Text>
        ) : null}
        {!props.disabled ? (
          <Group>
            <Button onClick={() => void save()} loading={busy}>
              {props.saveLabel ?? 'Save outcome and sign-off'}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </section>
  );
}
