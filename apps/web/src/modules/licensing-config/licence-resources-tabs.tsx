import type { LicenseOutput } from '@licensure/contracts';
import { Button, Checkbox, Fieldset, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ApiError, errorMessage } from '../../platform/api/errors';
import { type Entity, resourceApi } from '../../platform/resources/resource-api';
import { allReferenceRows, referenceSpec } from '../forms/forms-api';
import { centsToDollars, dollarsToCents, formatCents } from './license-draft';
import { licenceRows, licensingConfigApi, licensingConfigKeys } from './licensing-config-api';

type Errors = Record<string, string>;

const typesKey = (licenseId: string) => ['licensing-config', 'application-types', licenseId] as const;
const chargesKey = (licenseId: string) => ['licensing-config', 'charges', licenseId] as const;

/** The levels of the saved licence, named with their category ("Clinical: EMT"). */
function savedLevels(license: LicenseOutput): { value: string; label: string }[] {
  const categories = new Map(license.license_categories.map((c) => [c.id as string, String(c.label)]));
  return license.license_category_levels.map((l) => ({
    value: l.id as string,
    label: `${categories.get(l.license_category_id as string) ?? ''}: ${String(l.label)}`,
  }));
}

/** Field errors of a failed save by plain field name, or the message under `_`. */
function errorsOf(error: unknown): Errors {
  if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
    const out: Errors = {};
    for (const [k, v] of Object.entries(error.fields)) out[k.split('.').at(-1) ?? k] ??= v;
    return out;
  }
  return { _: errorMessage(error) };
}

/** Saves or deletes one record of a licence's resource and refreshes the list. */
function useRecordSave(resource: string, listKey: readonly unknown[], onSaved?: () => void) {
  const queryClient = useQueryClient();
  const spec = referenceSpec(resource);
  const [errors, setErrors] = useState<Errors>({});
  const [saved, setSaved] = useState('');
  const save = useMutation({
    mutationFn: ({ id, input }: { id?: string; input: Record<string, unknown> }) =>
      id ? resourceApi.update(spec, id, input) : resourceApi.create(spec, input),
    onSuccess: async () => {
      setErrors({});
      setSaved('Saved.');
      await queryClient.invalidateQueries({ queryKey: listKey });
      onSaved?.();
    },
    onError: (error) => {
      setSaved('');
      setErrors(errorsOf(error));
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => resourceApi.remove(spec, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey }),
    onError: (error) => setErrors(errorsOf(error)),
  });
  return { errors, setErrors, saved, save, remove };
}

function RecordFooter(props: {
  what: string;
  isNew: boolean;
  saving: boolean;
  removing: boolean;
  saved: string;
  error?: string;
  onSave(): void;
  onRemove(): void;
}): ReactNode {
  return (
    <Stack gap={4}>
      {props.error ? (
        <Text c="red.8" size="sm" role="alert">
          {props.error}
        </Text>
      ) : null}
      <Group gap="sm">
        <Button onClick={props.onSave} loading={props.saving}>
          {props.isNew ? `Add ${props.what}` : `Save ${props.what}`}
        </Button>
        {props.isNew ? null : (
          <Button variant="default" color="red" onClick={props.onRemove} loading={props.removing}>
            Delete {props.what}
          </Button>
        )}
        <Text size="sm" role="status">
          {props.saved}
        </Text>
      </Group>
    </Stack>
  );
}

interface ApplicationType extends Entity {
  label: string;
  license_category_levels: string[] | null;
}

/** Application types of the licence (such as "Initial" and "Reciprocity"), each for some of its levels. */
export function ApplicationTypesTab({ license, canWrite }: { license: LicenseOutput; canWrite: boolean }) {
  const types = useQuery({
    queryKey: typesKey(license.id),
    queryFn: ({ signal }) => licenceRows<ApplicationType>('ApplicationTypes', license.id, signal),
  });
  const levels = savedLevels(license);
  return (
    <Stack gap="md">
      <Text size="sm">
        Application types are saved on their own, each with its own button. They offer the levels saved with
        the licence; save the licence first after adding levels.
      </Text>
      {types.isPending ? <Text role="status">Loading application types…</Text> : null}
      {types.isError ? (
        <Text c="red.8">The application types could not be loaded: {errorMessage(types.error)}</Text>
      ) : null}
      {types.data?.length === 0 ? <Text>This licence has no application types yet.</Text> : null}
      {types.data?.map((t, i) => (
        <ApplicationTypeForm
          key={t.id}
          record={t}
          legend={`Application type ${i + 1}: ${t.label}`}
          license={license}
          levels={levels}
          canWrite={canWrite}
        />
      ))}
      {canWrite ? (
        <ApplicationTypeForm
          key={`new-${types.data?.length ?? 0}`}
          legend="New application type"
          license={license}
          levels={levels}
          canWrite={canWrite}
        />
      ) : null}
    </Stack>
  );
}

function ApplicationTypeForm(props: {
  record?: ApplicationType;
  legend: string;
  license: LicenseOutput;
  levels: { value: string; label: string }[];
  canWrite: boolean;
}) {
  const { record, license } = props;
  const prefix = record ? `Application type ${record.label}` : 'New application type';
  const [label, setLabel] = useState(record?.label ?? '');
  const [chosen, setChosen] = useState<string[]>(record?.license_category_levels ?? []);
  const { errors, setErrors, saved, save, remove } = useRecordSave('application_types', typesKey(license.id));
  const submit = () => {
    if (!label.trim()) return setErrors({ label: 'Give the application type a name.' });
    save.mutate({
      id: record?.id,
      input: {
        ...(record
          ? { code: record.code, description: record.description, sort_order: record.sort_order }
          : {}),
        label: label.trim(),
        active: record ? record.active !== false : true,
        license_id: license.id,
        license_category_levels: chosen,
      },
    });
  };
  return (
    <Fieldset legend={props.legend}>
      <Stack gap="sm">
        <TextInput
          label={`${prefix} name`}
          required
          value={label}
          error={errors.label}
          disabled={!props.canWrite}
          onChange={(e) => setLabel(e.currentTarget.value)}
          maw={320}
        />
        <Checkbox.Group
          label={`${prefix} levels`}
          description={
            props.levels.length ? 'The levels this application type applies to.' : 'No saved levels yet.'
          }
          value={chosen}
          onChange={setChosen}
          error={errors.license_category_levels}
        >
          <Group gap="md" mt={4}>
            {props.levels.map((l) => (
              <Checkbox key={l.value} value={l.value} label={l.label} disabled={!props.canWrite} />
            ))}
          </Group>
        </Checkbox.Group>
        {props.canWrite ? (
          <RecordFooter
            what="application type"
            isNew={!record}
            saving={save.isPending}
            removing={remove.isPending}
            saved={saved}
            error={errors._}
            onSave={submit}
            onRemove={() => record && remove.mutate(record.id)}
          />
        ) : null}
      </Stack>
    </Fieldset>
  );
}

interface Charge extends Entity {
  label: string;
  amount_cents: number;
  calculated_field: string;
  application_type_id: string | null;
  license_category_level_id: string | null;
  license_charge_type_id: string | null;
  max_cents: number | null;
}

/** The fees of the licence: an amount, perhaps multiplied by a quantity of the request, perhaps capped. */
export function ChargesTab({ license, canWrite }: { license: LicenseOutput; canWrite: boolean }) {
  const charges = useQuery({
    queryKey: chargesKey(license.id),
    queryFn: ({ signal }) => licenceRows<Charge>('licensecharges', license.id, signal),
  });
  const types = useQuery({
    queryKey: typesKey(license.id),
    queryFn: ({ signal }) => licenceRows<ApplicationType>('ApplicationTypes', license.id, signal),
  });
  const calculated = useQuery({
    queryKey: licensingConfigKeys.calculatedFields,
    queryFn: ({ signal }) => licensingConfigApi.calculatedFields(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const chargeTypes = useQuery({
    queryKey: ['licensing-config', 'charge-types'],
    queryFn: ({ signal }) => allReferenceRows('license_charge_types', signal),
  });
  const choices = {
    calculated: (calculated.data ?? []).map((c) => ({ value: c.key, label: c.label })),
    types: (types.data ?? []).map((t) => ({ value: t.id, label: t.label })),
    levels: savedLevels(license),
    chargeTypes: (chargeTypes.data ?? []).map((t) => ({ value: t.id, label: String(t.label) })),
  };
  return (
    <Stack gap="md">
      <Text size="sm">Charges are saved on their own, each with its own button. Amounts are in dollars.</Text>
      {charges.isPending ? <Text role="status">Loading charges…</Text> : null}
      {charges.isError ? (
        <Text c="red.8">The charges could not be loaded: {errorMessage(charges.error)}</Text>
      ) : null}
      {charges.data?.length === 0 ? <Text>This licence has no charges yet.</Text> : null}
      {charges.data?.map((c, i) => (
        <ChargeForm
          key={c.id}
          record={c}
          legend={`Charge ${i + 1}: ${c.label} (${formatCents(c.amount_cents)})`}
          license={license}
          choices={choices}
          canWrite={canWrite}
        />
      ))}
      {canWrite ? (
        <ChargeForm
          key={`new-${charges.data?.length ?? 0}`}
          legend="New charge"
          license={license}
          choices={choices}
          canWrite={canWrite}
        />
      ) : null}
    </Stack>
  );
}

type Choices = Record<'calculated' | 'types' | 'levels' | 'chargeTypes', { value: string; label: string }[]>;

function ChargeForm(props: {
  record?: Charge;
  legend: string;
  license: LicenseOutput;
  choices: Choices;
  canWrite: boolean;
}) {
  const { record, license, choices } = props;
  const prefix = record ? `Charge ${record.label}` : 'New charge';
  const [values, setValues] = useState({
    label: record?.label ?? '',
    amount: centsToDollars(record?.amount_cents),
    calculated_field: record?.calculated_field ?? 'flat',
    application_type_id: record?.application_type_id ?? '',
    license_category_level_id: record?.license_category_level_id ?? '',
    license_charge_type_id: record?.license_charge_type_id ?? '',
    max: centsToDollars(record?.max_cents),
  });
  const { errors, setErrors, saved, save, remove } = useRecordSave('license_charges', chargesKey(license.id));
  const set = (name: keyof typeof values) => (e: { currentTarget: { value: string } }) => {
    const v = e.currentTarget.value;
    setValues((s) => ({ ...s, [name]: v }));
  };
  const submit = () => {
    const found: Errors = {};
    const amount = dollarsToCents(values.amount);
    const max = values.max.trim() ? dollarsToCents(values.max) : null;
    if (!values.label.trim()) found.label = 'Give the charge a name.';
    if (amount === null) found.amount_cents = 'Enter an amount in dollars, such as 25 or 25.50.';
    if (values.max.trim() && max === null) found.max_cents = 'Enter an amount in dollars, or leave it empty.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate({
      id: record?.id,
      input: {
        ...(record
          ? { code: record.code, description: record.description, sort_order: record.sort_order }
          : {}),
        label: values.label.trim(),
        active: record ? record.active !== false : true,
        license_id: license.id,
        amount_cents: amount,
        max_cents: max,
        calculated_field: values.calculated_field,
        application_type_id: values.application_type_id || null,
        license_category_level_id: values.license_category_level_id || null,
        license_charge_type_id: values.license_charge_type_id || null,
      },
    });
  };
  const optional = (list: { value: string; label: string }[], none: string) => [
    { value: '', label: none },
    ...list,
  ];
  const disabled = !props.canWrite;
  return (
    <Fieldset legend={props.legend}>
      <Stack gap="sm">
        <Group gap="sm" align="flex-start" wrap="wrap">
          <TextInput
            label={`${prefix} name`}
            required
            value={values.label}
            error={errors.label}
            disabled={disabled}
            onChange={set('label')}
            w={260}
          />
          <TextInput
            label={`${prefix} amount (dollars)`}
            required
            inputMode="decimal"
            value={values.amount}
            error={errors.amount_cents}
            disabled={disabled}
            onChange={set('amount')}
            w={200}
          />
          <NativeSelect
            label={`${prefix} multiplied by`}
            value={values.calculated_field}
            data={
              choices.calculated.length ? choices.calculated : [{ value: 'flat', label: 'Once per request' }]
            }
            error={errors.calculated_field}
            disabled={disabled}
            onChange={set('calculated_field')}
            w={320}
          />
          <TextInput
            label={`${prefix} at most (dollars)`}
            inputMode="decimal"
            value={values.max}
            error={errors.max_cents}
            disabled={disabled}
            onChange={set('max')}
            w={200}
          />
        </Group>
        <Group gap="sm" align="flex-start" wrap="wrap">
          <NativeSelect
            label={`${prefix} application type`}
            value={values.application_type_id}
            data={optional(choices.types, 'Every application type')}
            error={errors.application_type_id}
            disabled={disabled}
            onChange={set('application_type_id')}
            w={260}
          />
          <NativeSelect
            label={`${prefix} level`}
            value={values.license_category_level_id}
            data={optional(choices.levels, 'Every level')}
            error={errors.license_category_level_id}
            disabled={disabled}
            onChange={set('license_category_level_id')}
            w={260}
          />
          <NativeSelect
            label={`${prefix} charge type`}
            value={values.license_charge_type_id}
            data={optional(choices.chargeTypes, '(none)')}
            error={errors.license_charge_type_id}
            disabled={disabled}
            onChange={set('license_charge_type_id')}
            w={260}
          />
        </Group>
        {props.canWrite ? (
          <RecordFooter
            what="charge"
            isNew={!record}
            saving={save.isPending}
            removing={remove.isPending}
            saved={saved}
            error={errors._}
            onSave={submit}
            onRemove={() => record && remove.mutate(record.id)}
          />
        ) : null}
      </Stack>
    </Fieldset>
  );
}
