import type { RegistrationTokenStatus } from '@licensure/contracts';
import { Alert, Anchor, Paper, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../../platform/api/client';
import { requiredLabelProps } from '../../../platform/components/required-mark';
import { LoadingState } from '../../../platform/components/status';
import { HeldMailNote } from '../../mail/held-mail-note';
import {
  AccountFormCard,
  AccountPage,
  DoneMessage,
  emailLooksValid,
  type FieldErrors,
  useAccountForm,
} from './account-form';
import { checkNewPassword, NewPasswordFields } from './password-fields';

type Answer = { message: string };

/** The enterprise's text against second accounts, word for word (Core/DuplicatePreventionText). */
function DuplicatePreventionText() {
  const text = useQuery({
    queryKey: ['enterprise', 'duplicate-prevention-text'],
    queryFn: ({ signal }) =>
      api.get<{ text: string }>('/api/Core/DuplicatePreventionText', { signal, skipAuthRedirect: true }),
    staleTime: 5 * 60_000,
  });
  if (!text.data?.text) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Before you register">
      <Text size="sm" className="pre-line" data-testid="duplicate-prevention-text">
        {text.data.text}
      </Text>
    </Paper>
  );
}

/** Step 1: the email address, to which the registration link is mailed. */
function AskForLink() {
  const [email, setEmail] = useState('');
  const form = useAccountForm<Answer>(['email']);
  const onSubmit = form.submit(
    (): FieldErrors =>
      emailLooksValid(email) ? {} : { email: 'Enter your email address, such as name@example.org.' },
    () => api.post<Answer>('/api/users/register', { email: email.trim() }, { skipAuthRedirect: true }),
  );
  if (form.done)
    return (
      <DoneMessage title="Check your email">
        {form.done.message}
        <HeldMailNote />
      </DoneMessage>
    );
  return (
    <AccountFormCard form={form} onSubmit={onSubmit} submitLabel="Email me a registration link">
      <TextInput
        label="Email address"
        name="email"
        type="email"
        autoComplete="email"
        description="We mail a link to this address to prove it is yours."
        {...requiredLabelProps(true)}
        value={email}
        error={form.errors.email}
        onChange={(event) => setEmail(event.currentTarget.value)}
      />
    </AccountFormCard>
  );
}

const fieldNames = ['first_name', 'last_name', 'user_name', 'password', 'token'] as const;

/** Step 2: with the mailed link, the person's name, user name and password. */
function CreateAccount({ token, email }: { token: string; email: string }) {
  const [values, setValues] = useState({ first_name: '', last_name: '', user_name: '' });
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const form = useAccountForm<Answer>(fieldNames);
  const set = (key: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [key]: value }));
  };
  const check = (): FieldErrors => {
    const errors: FieldErrors = checkNewPassword(password, repeat);
    if (!values.first_name.trim()) errors.first_name = 'Enter your first name.';
    if (!values.last_name.trim()) errors.last_name = 'Enter your last name.';
    if (!/^[A-Za-z0-9][A-Za-z0-9._@-]{2,63}$/.test(values.user_name.trim()))
      errors.user_name =
        'User names are 3 to 64 characters: letters, digits, dot, underscore, hyphen or @, starting with a letter or digit.';
    return errors;
  };
  const onSubmit = form.submit(check, () =>
    api.post<Answer>(
      '/api/users/register/complete',
      { token, ...values, user_name: values.user_name.trim(), password },
      { skipAuthRedirect: true },
    ),
  );
  if (form.done)
    return (
      <DoneMessage title="Account created">
        {form.done.message}{' '}
        <Anchor component={Link} to="/signin?portal=1">
          Sign in to the portal
        </Anchor>
      </DoneMessage>
    );
  if (form.errors.token) return <BadLink message={form.errors.token} />;
  return (
    <AccountFormCard form={form} onSubmit={onSubmit} submitLabel="Create my account">
      <Text size="sm">
        Email address (verified): <strong>{email}</strong>
      </Text>
      <TextInput
        label="First name"
        name="first_name"
        autoComplete="given-name"
        {...requiredLabelProps(true)}
        value={values.first_name}
        error={form.errors.first_name}
        onChange={set('first_name')}
      />
      <TextInput
        label="Last name"
        name="last_name"
        autoComplete="family-name"
        {...requiredLabelProps(true)}
        value={values.last_name}
        error={form.errors.last_name}
        onChange={set('last_name')}
      />
      <TextInput
        label="User name"
        name="user_name"
        autoComplete="username"
        description="You sign in with it: 3 to 64 letters, digits, dots, hyphens, underscores or @."
        {...requiredLabelProps(true)}
        value={values.user_name}
        error={form.errors.user_name}
        onChange={set('user_name')}
      />
      <NewPasswordFields
        password={password}
        repeat={repeat}
        errors={form.errors}
        onPassword={setPassword}
        onRepeat={setRepeat}
      />
    </AccountFormCard>
  );
}

function BadLink({ message }: { message: string }) {
  return (
    <Alert color="red" title="This link cannot be used" role="alert">
      <Text size="sm">
        {message}{' '}
        <Anchor component={Link} to="/register">
          Ask for a new link
        </Anchor>
      </Text>
    </Alert>
  );
}

/** `/register`: self-registration of applicants, with a verified email (a link mailed to it). */
export function RegisterPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useQuery({
    queryKey: ['users', 'registration-token', token],
    queryFn: ({ signal }) =>
      api.get<RegistrationTokenStatus>('/api/users/register/token', {
        query: { token },
        signal,
        skipAuthRedirect: true,
      }),
    enabled: token !== '',
    retry: false,
  });
  let content: React.ReactNode;
  if (!token) content = <AskForLink />;
  else if (link.isPending) content = <LoadingState label="Checking the link…" />;
  else if (link.isError || !link.data?.valid || !link.data.email)
    content = <BadLink message="The registration link is invalid or has expired. Ask for a new one." />;
  else content = <CreateAccount token={token} email={link.data.email} />;
  return (
    <AccountPage
      title="Register"
      description="Create an account in the applicant portal to apply for and renew licences."
    >
      <DuplicatePreventionText />
      {content}
    </AccountPage>
  );
}
