import { Alert, Anchor, Button, Paper, Stack, Text } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { fieldErrorsOf } from '../../../platform/api/errors';
import { PageHeader } from '../../../platform/components/page-header';

export type FieldErrors = Record<string, string>;

/**
 * The state of a one-shot account form (forgot password, register...): field errors from the API or
 * from the page's own checks, one message for other failures, and the answer once it succeeded. After a
 * failed submit, focus goes to the first invalid field, or to the message.
 */
export function useAccountForm<T>(fieldNames: readonly string[]) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const problemRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (attempt === 0) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? problemRef.current)?.focus();
  }, [attempt]);

  /** Runs `check` (local field errors) then `send`; keeps the answer or shows why it failed. */
  const submit = (check: () => FieldErrors, send: () => Promise<T>) => async (event: FormEvent) => {
    event.preventDefault();
    const local = check();
    setProblem(null);
    if (Object.keys(local).length > 0) {
      setErrors(local);
      setAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      setDone(await send());
    } catch (error) {
      const { fields, other } = fieldErrorsOf(error, fieldNames);
      setErrors(fields);
      if (Object.keys(fields).length === 0)
        setProblem(other[0] ?? (error instanceof Error ? error.message : 'Something went wrong. Try again.'));
      setAttempt((n) => n + 1);
    } finally {
      setBusy(false);
    }
  };
  return { errors, problem, done, busy, submit, formRef, problemRef };
}

interface AccountPageProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** The frame of the public account pages: heading, content and the way back to sign-in. */
export function AccountPage({ title, description, children }: AccountPageProps) {
  return (
    <Stack gap="md" maw={520} mx="auto" mt="lg">
      <PageHeader title={title} description={description} />
      {children}
      <Text size="sm">
        <Anchor component={Link} to="/signin">
          Back to sign in
        </Anchor>
      </Text>
    </Stack>
  );
}

/** A form in a card, with its failure message above it. */
export function AccountFormCard(props: {
  form: {
    problem: string | null;
    busy: boolean;
    formRef: React.RefObject<HTMLFormElement | null>;
    problemRef: React.RefObject<HTMLDivElement | null>;
  };
  onSubmit(event: FormEvent): void;
  submitLabel: string;
  children: ReactNode;
}) {
  const { form } = props;
  return (
    <>
      {form.problem ? (
        <Alert color="red" title="That did not work" ref={form.problemRef} tabIndex={-1}>
          {form.problem}
        </Alert>
      ) : null}
      <Paper withBorder p="lg" radius="md">
        <form ref={form.formRef} noValidate onSubmit={props.onSubmit}>
          <Stack gap="md">
            {props.children}
            <Button type="submit" loading={form.busy} fullWidth>
              {props.submitLabel}
            </Button>
          </Stack>
        </form>
      </Paper>
    </>
  );
}

/** The answer of a successful request, announced to screen readers and focused. */
export function DoneMessage({ title, children }: { title: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Alert color="green" title={title} role="status" ref={ref} tabIndex={-1}>
      {children}
    </Alert>
  );
}

export const emailLooksValid = (s: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s.trim());
