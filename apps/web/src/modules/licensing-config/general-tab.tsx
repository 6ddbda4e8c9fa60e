import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../platform/api/errors';
import { resourceApi } from '../../platform/resources/resource-api';
import { allReferenceRows, formsApi, formsKeys, referenceSpec } from '../forms/forms-api';
import { useEditor, useField } from './editor-context';
import { holderKindLabels, type LicenseFields, licenseEntities } from './license-draft';

const autonumbersKey = ['licensing-config', 'autonumbers'] as const;

/** "EMT-000123": what the next number of a pattern looks like. */
function patternExample(row: Record<string, unknown>): string {
  const digits = typeof row.padding === 'number' ? row.padding : 6;
  const next = typeof row.next_number === 'number' ? row.next_number : 1;
  return `${row.prefix ?? ''}${String(next).padStart(digits, '0')}${row.suffix ?? ''}`;
}

/** The licence itself: name, holder kind, flags, form package and number pattern. */
export function GeneralTab() {
  const { draft, change, canWrite } = useEditor();
  const l = draft.license;
  const set = (patch: Partial<LicenseFields>) =>
    change((d) => ({ ...d, license: { ...d.license, ...patch } }));
  const name = useField('license.name');
  const code = useField('license.code');
  const description = useField('license.description');
  const entity = useField('license.entity');
  const renewal = useField('license.renewal_window_days');
  const pkg = useField('license.form_package_id');
  const autonumber = useField('license.autonumber_id');

  const packages = useQuery({
    queryKey: formsKeys.packages,
    queryFn: ({ signal }) => formsApi.packages(signal),
  });
  const patterns = useQuery({
    queryKey: autonumbersKey,
    queryFn: ({ signal }) => allReferenceRows('autonumbers', signal),
  });
  const [creating, setCreating] = useState(false);

  const packageChoices = (packages.data ?? [])
    .filter((p) => p.active || p.id === l.form_package_id)
    .map((p) => ({ value: p.id, label: p.name }));
  const patternChoices = (patterns.data ?? [])
    .filter((p) => p.active !== false || p.id === l.autonumber_id)
    .map((p) => ({ value: p.id, label: `${String(p.label)} (${patternExample(p)})` }));

  return (
    <Stack gap="md" maw={640}>
      <TextInput
        {...name}
        label="Licence name"
        required
        value={l.name}
        disabled={!canWrite}
        onChange={(e) => set({ name: e.currentTarget.value })}
      />
      <TextInput
        {...code}
        label="Code"
        value={l.code}
        disabled={!canWrite}
        onChange={(e) => set({ code: e.currentTarget.value })}
        maw={240}
      />
      <Textarea
        {...description}
        label="Description"
        description="Shown to applicants when they choose what to apply for."
        value={l.description}
        disabled={!canWrite}
        autosize
        minRows={2}
        onChange={(e) => set({ description: e.currentTarget.value })}
      />
      <NativeSelect
        {...entity}
        label="Held by"
        description="Who holds this licence: a person, a service or a vehicle."
        value={l.entity}
        disabled={!canWrite}
        data={licenseEntities.map((e) => ({ value: e, label: holderKindLabels[e] ?? e }))}
        onChange={(e) => set({ entity: e.currentTarget.value as LicenseFields['entity'] })}
        maw={240}
      />
      <Checkbox
        label="Active (open for applications)"
        checked={l.active}
        disabled={!canWrite}
        onChange={(e) => set({ active: e.currentTarget.checked })}
      />
      <Checkbox
        label="Shown in the public lookup"
        checked={l.public_lookup}
        disabled={!canWrite}
        onChange={(e) => set({ public_lookup: e.currentTarget.checked })}
      />
      <TextInput
        {...renewal}
        label="Renewal window (days)"
        description="How many days before expiration a holder may renew."
        inputMode="numeric"
        value={l.renewal_window_days}
        disabled={!canWrite}
        onChange={(e) => set({ renewal_window_days: e.currentTarget.value })}
        maw={240}
      />
      <NativeSelect
        {...pkg}
        label="Form package"
        description={
          packages.isError
            ? `The form packages could not be loaded: ${errorMessage(packages.error)}`
            : 'The forms an applicant fills in for this licence.'
        }
        value={l.form_package_id}
        disabled={!canWrite}
        data={[
          { value: '', label: packages.isPending ? 'Loading…' : '(none)' },
          ...packageChoices,
          ...(l.form_package_id && !packageChoices.some((c) => c.value === l.form_package_id)
            ? [{ value: l.form_package_id, label: 'A package not listed' }]
            : []),
        ]}
        onChange={(e) => set({ form_package_id: e.currentTarget.value })}
        maw={420}
      />
      <Group align="flex-end" gap="sm">
        <NativeSelect
          {...autonumber}
          label="Number pattern"
          description="How the numbers of credentials issued under this licence are made."
          value={l.autonumber_id}
          disabled={!canWrite}
          data={[
            { value: '', label: patterns.isPending ? 'Loading…' : '(none)' },
            ...patternChoices,
            ...(l.autonumber_id && !patternChoices.some((c) => c.value === l.autonumber_id)
              ? [{ value: l.autonumber_id, label: 'A pattern not listed' }]
              : []),
          ]}
          onChange={(e) => set({ autonumber_id: e.currentTarget.value })}
          w={420}
        />
        {canWrite && !creating ? (
          <Button variant="default" onClick={() => setCreating(true)}>
            New number pattern
          </Button>
        ) : null}
      </Group>
      {creating ? (
        <NewPatternForm
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            set({ autonumber_id: id });
            setCreating(false);
          }}
        />
      ) : null}
    </Stack>
  );
}

/** Creates an autonumber inline and chooses it for the licence. */
function NewPatternForm({ onClose, onCreated }: { onClose(): void; onCreated(id: string): void }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ label: '', prefix: '', next_number: '1', padding: '6', suffix: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useMutation({
    mutationFn: () =>
      resourceApi.create(referenceSpec('autonumbers'), {
        label: values.label.trim(),
        prefix: values.prefix.trim() || null,
        next_number: Number(values.next_number),
        padding: Number(values.padding),
        suffix: values.suffix.trim() || null,
        active: true,
      }),
    onSuccess: async (row) => {
      await queryClient.invalidateQueries({ queryKey: autonumbersKey });
      onCreated(row.id);
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        const byName: Record<string, string> = {};
        for (const [k, v] of Object.entries(error.fields)) byName[k.split('.').at(-1) ?? k] = v;
        setErrors(byName);
      } else setErrors({ _: errorMessage(error) });
    },
  });
  const submit = () => {
    const found: Record<string, string> = {};
    if (!values.label.trim()) found.label = 'Give the pattern a name.';
    if (!/^\d+$/.test(values.next_number.trim()) || Number(values.next_number) < 1)
      found.next_number = 'Enter a whole number of 1 or more.';
    if (!/^\d+$/.test(values.padding.trim()) || Number(values.padding) < 1 || Number(values.padding) > 12)
      found.padding = 'Enter a number of digits from 1 to 12.';
    setErrors(found);
    if (Object.keys(found).length === 0) create.mutate();
  };
  const field = (name: keyof typeof values) => ({
    id: `lc-autonumber-${name}`,
    value: values[name],
    error: errors[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const v = e.currentTarget.value;
      setValues((s) => ({ ...s, [name]: v }));
    },
  });
  const example = patternExample({
    prefix: values.prefix,
    suffix: values.suffix,
    next_number: Number(values.next_number) || 1,
    padding: Number(values.padding) || 6,
  });
  return (
    <Fieldset legend="New number pattern" maw={640}>
      <Stack gap="sm">
        <TextInput {...field('label')} label="Pattern name" required />
        <Group gap="sm" align="flex-start">
          <TextInput {...field('prefix')} label="Prefix" w={140} />
          <TextInput {...field('next_number')} label="Next number" inputMode="numeric" w={140} />
          <TextInput {...field('padding')} label="Digits" inputMode="numeric" w={100} />
          <TextInput {...field('suffix')} label="Suffix" w={140} />
        </Group>
        <Text size="sm">The next credential number would be {example}.</Text>
        {errors._ ? (
          <Text c="red.8" size="sm" role="alert">
            {errors._}
          </Text>
        ) : null}
        <Group gap="sm">
          <Button onClick={submit} loading={create.isPending}>
            Create number pattern
          </Button>
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
