import type { ReimbursementRule } from '@licensure/contracts';
import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../platform/api/errors';
import { DeleteDialog } from '../../../platform/resources/delete-dialog';
import { errorsOf } from '../draft/field-errors';
import { newRule } from '../draft/form-draft';
import { questionName, questionsInOrder } from '../draft/form-tree';
import { formsApi, formsKeys, type PositionPermission } from '../forms-api';
import { choicesOf, useReferenceRows } from '../use-reference-data';
import { EditableFields, focusSoon, useBuilder } from './builder-context';
import { ItemButton } from './item-buttons';

/** Reimbursement rules (saved with the form) and position permissions (saved at once, per position). */
export function SettingsTab({ formId, onDeleted }: { formId: string | null; onDeleted(): void }) {
  const { readOnly } = useBuilder();
  return (
    <Stack gap="xl" pt="md">
      <EditableFields>
        <Stack gap="xl">
          <ReimbursementRules />
          <PositionPermissions formId={formId} />
        </Stack>
      </EditableFields>
      {formId && !readOnly ? <DeleteForm formId={formId} onDeleted={onDeleted} /> : null}
    </Stack>
  );
}

/** Deletes the form (the server keeps it, marked deleted, when it has responses). */
function DeleteForm({ formId, onDeleted }: { formId: string; onDeleted(): void }) {
  const { form } = useBuilder();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({ mutationFn: () => formsApi.remove(formId), onSuccess: onDeleted });
  return (
    <Stack gap="sm" component="section" aria-labelledby="fb-delete-heading">
      <Title order={2} size="h3" id="fb-delete-heading">
        Delete this form
      </Title>
      <Text size="sm">
        A form with responses is kept for its responses but no longer listed; one without responses is
        deleted.
      </Text>
      <Button
        color="red.9"
        variant="outline"
        onClick={() => setConfirming(true)}
        style={{ alignSelf: 'flex-start' }}
      >
        Delete form
      </Button>
      <DeleteDialog
        opened={confirming}
        singular="form"
        name={form.name}
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onCancel={() => {
          setConfirming(false);
          remove.reset();
        }}
        onConfirm={() => remove.mutate()}
      />
    </Stack>
  );
}

function amountOrNull(value: string): number | null {
  if (value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

function ReimbursementRules() {
  const { form, dispatch, errors, clearError, announce } = useBuilder();
  const rules = form.reimbursement_rules;
  const questions = questionsInOrder(form).map((p) => ({
    value: p.question.id,
    label: questionName(p.question),
  }));
  const add = () => {
    const rule = newRule();
    dispatch({ type: 'addRule', rule });
    announce(`Reimbursement rule ${rules.length + 1} added.`);
    focusSoon(`rule:${rule.id}:description`);
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby="fb-rules-heading">
      <Title order={2} size="h3" id="fb-rules-heading">
        Reimbursement rules
      </Title>
      <Text size="sm">What a response of this form may reimburse; saved with the form.</Text>
      {rules.length === 0 ? <Text size="sm">There are no reimbursement rules.</Text> : null}
      {rules.map((rule, index) => {
        const fieldErrors = errorsOf(errors, 'rule', rule.id);
        const n = index + 1;
        const set = (patch: Partial<Omit<ReimbursementRule, 'id'>>, field: string) => {
          dispatch({ type: 'updateRule', ruleId: rule.id, patch });
          clearError('rule', rule.id, field);
        };
        return (
          <Fieldset key={rule.id} legend={`Rule ${n}`}>
            <Stack gap="xs">
              <TextInput
                label={`Rule ${n} description`}
                value={rule.description}
                required
                error={fieldErrors.description}
                data-focus-key={`rule:${rule.id}:description`}
                onChange={(e) => set({ description: e.currentTarget.value }, 'description')}
              />
              <Group grow align="flex-start">
                <TextInput
                  label={`Rule ${n} amount`}
                  type="number"
                  min={0}
                  step="0.01"
                  value={rule.amount}
                  error={fieldErrors.amount}
                  onChange={(e) => set({ amount: amountOrNull(e.currentTarget.value) ?? 0 }, 'amount')}
                />
                <TextInput
                  label={`Rule ${n} maximum`}
                  description="Empty for no maximum."
                  type="number"
                  min={0}
                  step="0.01"
                  value={rule.max_amount ?? ''}
                  error={fieldErrors.max_amount}
                  onChange={(e) => set({ max_amount: amountOrNull(e.currentTarget.value) }, 'max_amount')}
                />
              </Group>
              <NativeSelect
                label={`Rule ${n} question`}
                description="The question whose answer the rule reads, if any."
                value={rule.question_id ?? ''}
                error={fieldErrors.question_id}
                data={[{ value: '', label: '(none)' }, ...questions]}
                onChange={(e) => set({ question_id: e.currentTarget.value || null }, 'question_id')}
              />
              <div>
                <ItemButton
                  context={`rule ${n}`}
                  focusKey={`rule:${rule.id}:remove`}
                  danger
                  onClick={() => {
                    const next = rules[index + 1] ?? rules[index - 1];
                    dispatch({ type: 'removeRule', ruleId: rule.id });
                    announce(`Reimbursement rule ${n} removed.`);
                    focusSoon(next ? `rule:${next.id}:description` : 'rule:add');
                  }}
                >
                  Remove
                </ItemButton>
              </div>
            </Stack>
          </Fieldset>
        );
      })}
      <Button variant="outline" onClick={add} data-focus-key="rule:add" style={{ alignSelf: 'flex-start' }}>
        Add reimbursement rule
      </Button>
    </Stack>
  );
}

function PositionPermissions({ formId }: { formId: string | null }) {
  const queryClient = useQueryClient();
  const positions = useReferenceRows('positions');
  const rows = useQuery({
    queryKey: formsKeys.positionPermissions(formId ?? ''),
    queryFn: ({ signal }) => formsApi.positionPermissions(formId ?? '', signal),
    enabled: !!formId,
  });
  const [positionId, setPositionId] = useState('');
  const [canView, setCanView] = useState(true);
  const [canEdit, setCanEdit] = useState(false);
  const [status, setStatus] = useState('');
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: formsKeys.positionPermissions(formId ?? '') });
  const positionName = (id: string) =>
    String(positions.data?.find((p) => p.id === id)?.label ?? 'A position that no longer exists');

  const add = useMutation({
    mutationFn: () =>
      formsApi.addPositionPermission({
        form_id: formId ?? '',
        position_id: positionId,
        can_view: canView,
        can_edit: canEdit,
      }),
    onSuccess: async () => {
      setStatus(`${positionName(positionId)} added.`);
      setPositionId('');
      await refresh();
    },
  });
  const update = useMutation({
    mutationFn: ({
      row,
      patch,
    }: {
      row: PositionPermission;
      patch: Partial<Pick<PositionPermission, 'can_view' | 'can_edit'>>;
    }) => formsApi.updatePositionPermission(row, patch),
    onSuccess: async (_saved, { row }) => {
      setStatus(`${positionName(row.position_id)} saved.`);
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (row: PositionPermission) => formsApi.removePositionPermission(row.id),
    onSuccess: async (_done, row) => {
      setStatus(`${positionName(row.position_id)} removed.`);
      focusSoon('positions:select');
      await refresh();
    },
  });
  const failure = add.error ?? update.error ?? remove.error;
  const taken = new Set((rows.data ?? []).map((r) => r.position_id));
  const available = choicesOf(positions.data).filter((c) => !taken.has(c.value));

  return (
    <Stack gap="sm" component="section" aria-labelledby="fb-positions-heading">
      <Title order={2} size="h3" id="fb-positions-heading">
        Position permissions
      </Title>
      <Text size="sm">
        Staff in these positions may view or edit responses of this form. Changes here are saved at once.
      </Text>
      <Text size="sm" role="status">
        {status}
      </Text>
      {failure ? (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {errorMessage(failure)}
        </Text>
      ) : null}
      {!formId ? (
        <Text size="sm">Save the form first; then positions can be given access to it.</Text>
      ) : (
        <>
          {rows.isError ? (
            <Text size="sm" c="var(--mantine-color-error)">
              The position permissions could not be loaded: {errorMessage(rows.error)}
            </Text>
          ) : null}
          {rows.data && rows.data.length === 0 ? <Text size="sm">No position has access yet.</Text> : null}
          {(rows.data ?? []).map((row) => {
            const name = positionName(row.position_id);
            return (
              <Fieldset key={row.id} legend={name}>
                <Group gap="lg">
                  <Checkbox
                    label={`May view: ${name}`}
                    checked={row.can_view}
                    disabled={update.isPending}
                    onChange={(e) => update.mutate({ row, patch: { can_view: e.currentTarget.checked } })}
                  />
                  <Checkbox
                    label={`May edit: ${name}`}
                    checked={row.can_edit}
                    disabled={update.isPending}
                    onChange={(e) => update.mutate({ row, patch: { can_edit: e.currentTarget.checked } })}
                  />
                  <ItemButton
                    context={name}
                    focusKey={`position:${row.id}:remove`}
                    danger
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(row)}
                  >
                    Remove
                  </ItemButton>
                </Group>
              </Fieldset>
            );
          })}
          <Fieldset legend="Add a position">
            <Group align="flex-end" gap="md" wrap="wrap">
              <NativeSelect
                label="Position"
                value={positionId}
                data-focus-key="positions:select"
                data={[
                  { value: '', label: available.length ? 'Choose…' : 'Every position is listed' },
                  ...available,
                ]}
                onChange={(e) => setPositionId(e.currentTarget.value)}
                w={260}
              />
              <Checkbox
                label="May view"
                checked={canView}
                onChange={(e) => setCanView(e.currentTarget.checked)}
              />
              <Checkbox
                label="May edit"
                checked={canEdit}
                onChange={(e) => setCanEdit(e.currentTarget.checked)}
              />
              <Button
                variant="outline"
                disabled={!positionId}
                loading={add.isPending}
                onClick={() => add.mutate()}
              >
                Add position
              </Button>
            </Group>
          </Fieldset>
        </>
      )}
    </Stack>
  );
}
