import type { VoucherIssueInput } from '@licensure/contracts';
import { Alert, Button, Group, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, fieldErrorsOf } from '../../platform/api/errors';
import { requiredLabelProps } from '../../platform/components/required-mark';
import { personName } from '../../platform/display/format';
import { PersonFinder } from '../people/person-finder';
import { paymentsApi, paymentsKeys } from './payments-api';
import { parseDollars } from './payments-format';

const FIELDS = ['code', 'amount_cents', 'percent', 'max_uses', 'expires_on', 'user_id', 'note'] as const;
type Field = (typeof FIELDS)[number];
type Errors = Partial<Record<Field, string>>;

export interface VoucherDraft {
  code: string;
  pays: 'amount' | 'share';
  dollars: string;
  percent: string;
  uses: string;
  expires: string;
  person: { id: string; name: string } | null;
  note: string;
}

export const emptyVoucher: VoucherDraft = {
  code: '',
  pays: 'amount',
  dollars: '',
  percent: '',
  uses: '1',
  expires: '',
  person: null,
  note: '',
};

/**
 * The voucher as the API takes it, or what is wrong with it, field by field (the server checks the
 * same and answers 400 naming the field).
 */
export function voucherFromDraft(d: VoucherDraft): { voucher?: Partial<VoucherIssueInput>; errors: Errors } {
  const errors: Errors = {};
  const code = d.code.trim();
  if (!/^[A-Za-z0-9_-]{3,64}$/.test(code))
    errors.code = 'Enter a code of 3 to 64 letters, digits, - or _ (such as SPRING-25).';
  const cents = d.pays === 'amount' ? parseDollars(d.dollars) : null;
  if (d.pays === 'amount' && (cents === null || cents < 1))
    errors.amount_cents = 'Enter the amount in dollars and cents, such as 25.00.';
  const percent = Number(d.percent);
  if (d.pays === 'share' && !(Number.isInteger(percent) && percent >= 1 && percent <= 100))
    errors.percent = 'Enter a whole percent from 1 to 100.';
  const uses = Number(d.uses);
  if (!(Number.isInteger(uses) && uses >= 1 && uses <= 100_000))
    errors.max_uses = 'Enter how many times it may be used: 1 or more.';
  if (Object.keys(errors).length > 0) return { errors };
  return {
    errors,
    voucher: {
      code,
      ...(d.pays === 'amount' ? { amount_cents: cents ?? 0 } : { percent }),
      max_uses: uses,
      ...(d.expires ? { expires_on: d.expires } : {}),
      ...(d.person ? { user_id: d.person.id } : {}),
      ...(d.note.trim() ? { note: d.note.trim() } : {}),
    },
  };
}

/** Issue a voucher: code, an amount in dollars or a share in percent, uses, expiry, for whom. */
export function VoucherIssueForm({ onIssued }: { onIssued(code: string): void }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<VoucherDraft>(emptyVoucher);
  const [forWhom, setForWhom] = useState<'anyone' | 'person'>('anyone');
  const [errors, setErrors] = useState<Errors>({});
  const set = (patch: Partial<VoucherDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const issue = useMutation({
    mutationFn: (voucher: Partial<VoucherIssueInput>) => paymentsApi.issueVoucher(voucher),
    onSuccess: () => {
      onIssued(draft.code.trim());
      setDraft(emptyVoucher);
      setForWhom('anyone');
      void queryClient.invalidateQueries({ queryKey: paymentsKeys.all });
    },
    onError: (error) => setErrors(fieldErrorsOf(error, FIELDS).fields),
  });
  const submit = () => {
    const made = voucherFromDraft(forWhom === 'anyone' ? { ...draft, person: null } : draft);
    const next = { ...made.errors };
    if (forWhom === 'person' && !draft.person)
      next.user_id = 'Find and choose the person the voucher is for.';
    setErrors(next);
    if (made.voucher && Object.keys(next).length === 0) issue.mutate(made.voucher);
  };
  const other = issue.isError ? fieldErrorsOf(issue.error, FIELDS).other : [];
  return (
    <form
      noValidate
      aria-label="Issue a voucher"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm" maw={560}>
        <TextInput
          label="Code"
          description="What the applicant types at checkout; letters, digits, - and _."
          {...requiredLabelProps(true)}
          value={draft.code}
          onChange={(e) => set({ code: e.currentTarget.value })}
          error={errors.code}
          maxLength={64}
          autoComplete="off"
        />
        <Radio.Group
          label="It pays"
          value={draft.pays}
          onChange={(v) => set({ pays: v as VoucherDraft['pays'] })}
          name="pays"
        >
          <Group mt="xs">
            <Radio value="amount" label="An amount" />
            <Radio value="share" label="A share of what is owed" />
          </Group>
        </Radio.Group>
        {draft.pays === 'amount' ? (
          <TextInput
            label="Amount (dollars)"
            {...requiredLabelProps(true)}
            value={draft.dollars}
            onChange={(e) => set({ dollars: e.currentTarget.value })}
            error={errors.amount_cents}
            inputMode="decimal"
          />
        ) : (
          <TextInput
            label="Share (percent)"
            {...requiredLabelProps(true)}
            value={draft.percent}
            onChange={(e) => set({ percent: e.currentTarget.value })}
            error={errors.percent}
            inputMode="numeric"
          />
        )}
        <TextInput
          label="Number of uses"
          {...requiredLabelProps(true)}
          value={draft.uses}
          onChange={(e) => set({ uses: e.currentTarget.value })}
          error={errors.max_uses}
          inputMode="numeric"
        />
        <TextInput
          type="date"
          label="Expires on"
          description="Leave empty for a voucher that does not expire."
          value={draft.expires}
          onChange={(e) => set({ expires: e.currentTarget.value })}
          error={errors.expires_on}
        />
        <Radio.Group
          label="For whom"
          value={forWhom}
          onChange={(v) => setForWhom(v as 'anyone' | 'person')}
          name="for-whom"
          error={forWhom === 'anyone' ? errors.user_id : undefined}
        >
          <Group mt="xs">
            <Radio value="anyone" label="Anyone with the code" />
            <Radio value="person" label="One person" />
          </Group>
        </Radio.Group>
        {forWhom === 'person' ? (
          <Stack gap="xs">
            {draft.person ? (
              <Group gap="sm">
                <Text>
                  For <strong>{draft.person.name}</strong>
                </Text>
                <Button size="compact-sm" variant="subtle" onClick={() => set({ person: null })}>
                  Change the person
                </Button>
              </Group>
            ) : (
              <PersonFinder
                label="Find the person, by last name"
                purpose="voucher-person"
                nobody={(lastName) => `Nobody has a last name starting with “${lastName}”.`}
                action={(p) => (
                  <Button
                    size="compact-sm"
                    variant="outline"
                    onClick={() => set({ person: { id: p.id, name: personName(p) } })}
                    aria-label={`Issue to ${personName(p)}`}
                  >
                    Choose
                  </Button>
                )}
              />
            )}
            {errors.user_id ? (
              <Text c="var(--mantine-color-error)" size="sm" role="alert">
                {errors.user_id}
              </Text>
            ) : null}
          </Stack>
        ) : null}
        <Textarea
          label="Note"
          value={draft.note}
          onChange={(e) => set({ note: e.currentTarget.value })}
          maxLength={2000}
        />
        {issue.isError && other.length + Object.keys(errors).length === 0 ? (
          <Alert color="red" title="The voucher was not issued" role="alert">
            {errorMessage(issue.error)}
          </Alert>
        ) : null}
        {other.length > 0 ? (
          <Alert color="red" title="The voucher was not issued" role="alert">
            {other.join(' ')}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" loading={issue.isPending}>
            Issue voucher
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
