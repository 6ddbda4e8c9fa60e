import type { AccountMailResult, Person, UserFields } from '@licensure/contracts';
import { Alert, Button, Checkbox, Group, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage, fieldErrorsOf } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { requiredLabelProps } from '../../platform/components/required-mark';
import { ForbiddenPage } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { accountApi } from './account-section';
import { peopleApi } from './people-api';
import { PEOPLE_BASE } from './people-search-page';

const fields = [
  { name: 'first_name', label: 'First name', required: true, autoComplete: 'off' },
  { name: 'last_name', label: 'Last name', required: true, autoComplete: 'off' },
  { name: 'email', label: 'Email address', required: false, autoComplete: 'off', type: 'email' },
  { name: 'user_name', label: 'User name', required: false, autoComplete: 'off' },
  { name: 'phone', label: 'Phone', required: false, autoComplete: 'off', type: 'tel' },
  { name: 'national_ems_id', label: 'National EMS id', required: false, autoComplete: 'off' },
] as const;
type Name = (typeof fields)[number]['name'];

/** What an invitation needs that the form may lack; each message sits on its field. */
export function inviteProblems(values: Record<Name, string>): Partial<Record<Name, string>> {
  const problems: Partial<Record<Name, string>> = {};
  if (!values.email.trim()) problems.email = 'An invitation needs the email address.';
  if (!values.user_name.trim()) problems.user_name = 'An invitation needs a user name to sign in with.';
  return problems;
}

/** `/staff/people/new`: a person, and optionally an invitation to the portal mailed to them. */
export function NewPersonPage() {
  const { viewer } = useSignedIn();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<Name, string>>({
    first_name: '',
    last_name: '',
    email: '',
    user_name: '',
    phone: '',
    national_ems_id: '',
  });
  const [invite, setInvite] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const problemRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (attempt === 0) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? problemRef.current)?.focus();
  }, [attempt]);
  if (!hasPermission(viewer, 'users.write')) return <ForbiddenPage />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = invite ? { ...inviteProblems(values) } : {};
    if (!values.first_name.trim()) local.first_name = 'Enter the first name.';
    if (!values.last_name.trim()) local.last_name = 'Enter the last name.';
    setProblem(null);
    setErrors(local);
    if (Object.keys(local).length > 0) {
      setAttempt((n) => n + 1);
      return;
    }
    const body: UserFields = {
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
      email: values.email.trim() || null,
      user_name: values.user_name.trim() || null,
      phone: values.phone.trim() || null,
      national_ems_id: values.national_ems_id.trim() || null,
    };
    setBusy(true);
    let created: Person | null = null;
    try {
      created = await peopleApi.create(body);
      let mailed: AccountMailResult | null = null;
      if (invite) mailed = await accountApi.invite(created.id);
      void queryClient.invalidateQueries({ queryKey: ['people'] });
      navigate(`${PEOPLE_BASE}/${created.id}`, {
        state: {
          notice: mailed ? `${mailed.message} It went to ${mailed.sent_to}.` : 'The person was created.',
        },
      });
    } catch (error) {
      if (created) {
        // The person exists; only the invitation failed. Their page can send it again.
        navigate(`${PEOPLE_BASE}/${created.id}`, {
          state: {
            notice: `The person was created, but the invitation was not sent: ${errorMessage(error)}`,
          },
        });
        return;
      }
      const { fields: byField, other } = fieldErrorsOf(
        error,
        fields.map((f) => f.name),
      );
      setErrors(byField);
      if (Object.keys(byField).length === 0) setProblem(other[0] ?? errorMessage(error));
      setAttempt((n) => n + 1);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <PageHeader
        title="New person"
        description="A licence holder, applicant or other person on record."
        actions={
          <Button variant="default" component={Link} to={PEOPLE_BASE}>
            Back to people
          </Button>
        }
      />
      {problem ? (
        <Alert color="red" title="The person was not saved" ref={problemRef} tabIndex={-1}>
          {problem}
        </Alert>
      ) : null}
      <Paper withBorder p="lg" radius="md">
        <form ref={formRef} noValidate onSubmit={onSubmit}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              {fields.map((f) => (
                <TextInput
                  key={f.name}
                  label={f.label}
                  name={f.name}
                  type={'type' in f ? f.type : 'text'}
                  autoComplete={f.autoComplete}
                  {...requiredLabelProps(
                    f.required || (invite && (f.name === 'email' || f.name === 'user_name')),
                  )}
                  value={values[f.name]}
                  error={errors[f.name]}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setValues((v) => ({ ...v, [f.name]: value }));
                  }}
                />
              ))}
            </SimpleGrid>
            <Checkbox
              label="Invite to the portal: mail the user name and a link to choose a password"
              checked={invite}
              onChange={(event) => setInvite(event.currentTarget.checked)}
            />
            <Group>
              <Button type="submit" loading={busy}>
                {invite ? 'Create and invite' : 'Create person'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
