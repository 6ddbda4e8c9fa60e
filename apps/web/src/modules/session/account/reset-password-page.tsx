import { Alert, Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../../platform/api/client';
import { LoadingState } from '../../../platform/components/status';
import { AccountFormCard, AccountPage, DoneMessage, useAccountForm } from './account-form';
import { checkNewPassword, NewPasswordFields } from './password-fields';

type Answer = { message: string };

/**
 * `/reset-password?token=`: the link of a reset mail or of a portal invitation. Checks the link first,
 * then sets the new password (which ends the person's sessions and clears the sign-in waits).
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const link = useQuery({
    queryKey: ['users', 'reset-token', token],
    queryFn: ({ signal }) =>
      api.get<{ valid: boolean; expires_at: string | null }>('/api/users/getresettoken', {
        query: { token },
        signal,
        skipAuthRedirect: true,
      }),
    enabled: token !== '',
    retry: false,
  });
  const form = useAccountForm<Answer>(['password', 'token']);
  const onSubmit = form.submit(
    () => checkNewPassword(password, repeat),
    () => api.post<Answer>('/api/users/resetpassword', { token, password }, { skipAuthRedirect: true }),
  );

  let content: React.ReactNode;
  if (form.done)
    content = (
      <DoneMessage title="Password changed">
        {form.done.message}{' '}
        <Anchor component={Link} to="/signin">
          Sign in
        </Anchor>
      </DoneMessage>
    );
  else if (token && link.isPending) content = <LoadingState label="Checking the link…" />;
  else if (!token || link.isError || !link.data?.valid || form.errors.token)
    content = (
      <Alert color="red" title="This link cannot be used" role="alert">
        <Text size="sm">
          {form.errors.token ?? 'The reset link is invalid or has expired. Ask for a new one.'}{' '}
          <Anchor component={Link} to="/forgot-password">
            Ask for a new link
          </Anchor>
        </Text>
      </Alert>
    );
  else
    content = (
      <AccountFormCard form={form} onSubmit={onSubmit} submitLabel="Save the new password">
        <NewPasswordFields
          password={password}
          repeat={repeat}
          errors={form.errors}
          onPassword={setPassword}
          onRepeat={setRepeat}
        />
      </AccountFormCard>
    );
  return (
    <AccountPage title="Choose a new password" description="Then sign in with it.">
      {content}
    </AccountPage>
  );
}
