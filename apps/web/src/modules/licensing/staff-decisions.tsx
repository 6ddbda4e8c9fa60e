import type { LicenseRequestDetail } from '@licensure/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { errorMessage, fieldErrorsOf } from '../../platform/api/errors';
import { formatDateTime } from '../responses/response-format';
import { DecisionEffects, useDecisionPreview } from './decision-effects';
import { licensingApi, licensingKeys } from './licensing-api';

type Detail = LicenseRequestDetail;

/** Stores the request answered by a change and refreshes the lists and counts that show it. */
export function useStoreDetail(id: string) {
  const queryClient = useQueryClient();
  return (detail: Detail) => {
    queryClient.setQueryData(licensingKeys.request(id), detail);
    void queryClient.invalidateQueries({ queryKey: ['licensing', 'queue'] });
    void queryClient.invalidateQueries({ queryKey: ['licensing', 'counts'] });
    void queryClient.invalidateQueries({ queryKey: ['shell'] });
  };
}

/** A decision's dialog: a titled form with Cancel and a confirm button. */
function DecisionDialog({
  title,
  opened,
  onClose,
  onSubmit,
  confirm,
  pending,
  error,
  children,
}: {
  title: string;
  opened: boolean;
  onClose(): void;
  onSubmit(): void;
  confirm: string;
  pending: boolean;
  error: unknown;
  children: ReactNode;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <Modal.Root opened={opened} onClose={onClose} centered>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>
          <form onSubmit={submit}>
            <Stack gap="md">
              {children}
              {error ? (
                <Text c="var(--mantine-color-error)" role="alert">
                  {errorMessage(error)}
                </Text>
              ) : null}
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={onClose}>
                  Cancel
                </Button>
                <Button type="submit" loading={pending}>
                  {confirm}
                </Button>
              </Group>
            </Stack>
          </form>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

type Open = null | 'return' | 'info' | 'deny';

/** Return for corrections, ask for more information, or deny: each with the message the applicant reads. */
export function DecisionButtons({ request }: { request: Detail }) {
  const store = useStoreDetail(request.id);
  const [open, setOpen] = useState<Open>(null);
  const [message, setMessage] = useState('');
  const [forms, setForms] = useState<string[]>([]);
  const [fields, setFields] = useState('');
  const [infoKind, setInfoKind] = useState<'document' | 'answer'>('document');
  const [done, setDone] = useState<string | null>(null);
  const denyPreview = useDecisionPreview(request.id, 'deny', open === 'deny');
  const decide = useMutation({
    mutationFn: (which: Exclude<Open, null>) => {
      if (which === 'deny') return licensingApi.deny(request.id, message);
      if (which === 'info') return licensingApi.requestInfo(request.id, message, infoKind);
      const names = fields
        .split(/\n|;/)
        .map((f) => f.trim())
        .filter(Boolean);
      return licensingApi.returnForCorrections(request.id, message, forms, names);
    },
    onSuccess: (detail, which) => {
      store(detail);
      setDone(
        which === 'deny'
          ? 'The request was denied; the applicant can read the reason.'
          : which === 'info'
            ? 'The applicant was asked for more information.'
            : 'The request was returned to the applicant for corrections.',
      );
      setOpen(null);
      setMessage('');
    },
  });
  const awaiting = request.review_state === 'submitted' || request.review_state === 'info_requested';
  if (!awaiting && !done) return null;
  const show = (which: Exclude<Open, null>) => {
    decide.reset();
    setDone(null);
    setOpen(which);
  };
  const { fields: errors } = decide.isError
    ? fieldErrorsOf(decide.error, ['reason', 'message', 'form_ids', 'fields'])
    : { fields: {} as Record<string, string> };
  return (
    <>
      {awaiting ? (
        <Group gap="sm" wrap="wrap">
          <Button variant="default" onClick={() => show('return')}>
            Return for corrections
          </Button>
          {request.review_state === 'submitted' ? (
            <Button variant="default" onClick={() => show('info')}>
              Request more information
            </Button>
          ) : null}
          <Button variant="default" color="red" onClick={() => show('deny')}>
            Deny
          </Button>
        </Group>
      ) : null}
      {done ? (
        <Alert color="green" title="Decision recorded" role="status">
          {done}
        </Alert>
      ) : null}
      <DecisionDialog
        title={
          open === 'deny'
            ? 'Deny this request?'
            : open === 'info'
              ? 'Request more information'
              : 'Return for corrections'
        }
        opened={open !== null}
        onClose={() => setOpen(null)}
        onSubmit={() => open && decide.mutate(open)}
        confirm={open === 'deny' ? 'Deny request' : open === 'info' ? 'Send request' : 'Return to applicant'}
        pending={decide.isPending}
        error={decide.isError && Object.keys(errors).length === 0 ? decide.error : null}
      >
        {open === 'deny' ? <DecisionEffects query={denyPreview} /> : null}
        <Text size="sm">The applicant reads this message in the portal.</Text>
        <Textarea
          label={open === 'deny' ? 'Reason for denial' : 'Message to the applicant'}
          required
          data-autofocus
          value={message}
          error={errors.reason ?? errors.message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          rows={4}
        />
        {open === 'return' ? (
          <>
            <Checkbox.Group
              label="Forms to fix"
              description="These forms reopen for the applicant; none chosen reopens every form."
              value={forms}
              onChange={setForms}
              error={errors.form_ids}
            >
              <Stack gap="xs" mt="xs">
                {request.forms.map((f) => (
                  <Checkbox key={f.form_id} value={f.form_id} label={f.form_name} />
                ))}
              </Stack>
            </Checkbox.Group>
            <TextInput
              label="Fields to fix"
              description="Names of the answers to correct, separated by semicolons"
              value={fields}
              error={errors.fields}
              onChange={(e) => setFields(e.currentTarget.value)}
            />
          </>
        ) : null}
        {open === 'info' ? (
          <Radio.Group
            label="What the applicant should send"
            value={infoKind}
            onChange={(v) => setInfoKind(v as 'document' | 'answer')}
          >
            <Group gap="md" mt="xs">
              <Radio value="document" label="A document" />
              <Radio value="answer" label="An answer" />
            </Group>
          </Radio.Group>
        ) : null}
      </DecisionDialog>
    </>
  );
}

/** Who has the request: check it out, release it, or hand it to another reviewer. */
export function AssignmentPanel({ request, userName }: { request: Detail; userName: string }) {
  const store = useStoreDetail(request.id);
  const [assignee, setAssignee] = useState('');
  const reviewers = useQuery({
    queryKey: licensingKeys.reviewers(),
    queryFn: ({ signal }) => licensingApi.reviewers(signal),
  });
  const change = useMutation({
    mutationFn: (to: 'me' | 'release' | string) =>
      to === 'me'
        ? licensingApi.checkout(request.id)
        : licensingApi.assign(request.id, to === 'release' ? null : to),
    onSuccess: store,
  });
  const open = !['approved', 'denied', 'withdrawn'].includes(request.review_state);
  return (
    <Stack gap="sm">
      <Text>
        {request.assigned_to_name
          ? `Checked out to ${request.assigned_to_name} since ${formatDateTime(request.assigned_at)}.`
          : 'No one has this request checked out.'}
      </Text>
      {open ? (
        <Group gap="sm" align="flex-end" wrap="wrap">
          {request.assigned_to_name !== userName ? (
            <Button variant="default" onClick={() => change.mutate('me')} loading={change.isPending}>
              Check out to me
            </Button>
          ) : null}
          {request.assigned_to ? (
            <Button variant="default" onClick={() => change.mutate('release')} loading={change.isPending}>
              Release
            </Button>
          ) : null}
          <NativeSelect
            label="Assign to"
            value={assignee}
            onChange={(e) => setAssignee(e.currentTarget.value)}
            data={[
              { value: '', label: 'Choose a reviewer' },
              ...(reviewers.data ?? []).map((r) => ({ value: r.id, label: r.name })),
            ]}
          />
          <Button
            variant="default"
            disabled={!assignee}
            onClick={() => change.mutate(assignee)}
            loading={change.isPending}
          >
            Assign
          </Button>
        </Group>
      ) : null}
      {change.isError ? (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {errorMessage(change.error)}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A staff note: internal by default; sent to the applicant only when chosen. */
export function NoteForm({ request }: { request: Detail }) {
  const store = useStoreDetail(request.id);
  const [note, setNote] = useState('');
  const [toApplicant, setToApplicant] = useState(false);
  const [concern, setConcern] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: () => licensingApi.addNote(request.id, note.trim(), toApplicant, !toApplicant && concern),
    onSuccess: (detail) => {
      store(detail);
      setDone(toApplicant ? 'The message was sent to the applicant.' : 'The internal note was added.');
      setNote('');
      setToApplicant(false);
      setConcern(false);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    add.mutate();
  };
  return (
    <form onSubmit={submit} aria-label="Add a note">
      <Stack gap="sm" maw={520}>
        <Textarea
          label="Note"
          description="Internal: only staff read it, unless you send it to the applicant."
          required
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          rows={3}
        />
        <Checkbox
          label="Send to the applicant as a message"
          checked={toApplicant}
          onChange={(e) => setToApplicant(e.currentTarget.checked)}
        />
        {toApplicant ? null : (
          <Checkbox
            label="Mark as a concern (listed when approving or denying)"
            checked={concern}
            onChange={(e) => setConcern(e.currentTarget.checked)}
          />
        )}
        <Group gap="sm">
          <Button type="submit" variant="default" loading={add.isPending} disabled={!note.trim()}>
            {toApplicant ? 'Send message' : 'Add internal note'}
          </Button>
          {done ? (
            <Text size="sm" role="status">
              {done}
            </Text>
          ) : null}
        </Group>
        {add.isError ? (
          <Text size="sm" c="var(--mantine-color-error)" role="alert">
            {errorMessage(add.error)}
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}
