import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { api } from '../../../platform/api/client';
import { requiredLabelProps } from '../../../platform/components/required-mark';
import { HeldMailNote } from '../../mail/held-mail-note';
import {
  AccountFormCard,
  AccountPage,
  DoneMessage,
  emailLooksValid,
  type FieldErrors,
  useAccountForm,
} from './account-form';

type Answer = { message: string };

/** `/forgot-password`: mails a reset link to the account's address (the answer never says whether it exists). */
export function ForgotPasswordPage() {
  const [userName, setUserName] = useState('');
  const form = useAccountForm<Answer>(['user_name']);
  const onSubmit = form.submit(
    (): FieldErrors => (userName.trim() ? {} : { user_name: 'Enter your user name.' }),
    () =>
      api.post<Answer>(
        '/api/users/forgotpassword',
        { user_name: userName.trim() },
        { skipAuthRedirect: true },
      ),
  );
  return (
    <AccountPage
      title="Forgot password"
      description="We mail a link to choose a new password to the email address of your account."
    >
      {form.done ? (
        <DoneMessage title="Check your email">
          {form.done.message}
          <HeldMailNote />
        </DoneMessage>
      ) : (
        <AccountFormCard form={form} onSubmit={onSubmit} submitLabel="Send the reset link">
          <TextInput
            label="User name"
            name="user_name"
            autoComplete="username"
            {...requiredLabelProps(true)}
            value={userName}
            error={form.errors.user_name}
            onChange={(event) => setUserName(event.currentTarget.value)}
          />
        </AccountFormCard>
      )}
    </AccountPage>
  );
}

/** `/forgot-user-name`: mails the user names of an email address to it. */
export function ForgotUserNamePage() {
  const [email, setEmail] = useState('');
  const form = useAccountForm<Answer>(['email']);
  const onSubmit = form.submit(
    (): FieldErrors =>
      emailLooksValid(email) ? {} : { email: 'Enter your email address, such as name@example.org.' },
    () => api.post<Answer>('/api/users/lookupUsername', { email: email.trim() }, { skipAuthRedirect: true }),
  );
  return (
    <AccountPage title="Forgot user name" description="We mail the user names of your email address to it.">
      {form.done ? (
        <DoneMessage title="Check your email">
          {form.done.message}
          <HeldMailNote />
        </DoneMessage>
      ) : (
        <AccountFormCard form={form} onSubmit={onSubmit} submitLabel="Send my user name">
          <TextInput
            label="Email address"
            name="email"
            type="email"
            autoComplete="email"
            {...requiredLabelProps(true)}
            value={email}
            error={form.errors.email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
        </AccountFormCard>
      )}
    </AccountPage>
  );
}
