import type { AccountMailResult, AccountStatus } from '@licensure/contracts';
import { Alert, Badge, Button, Group, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../platform/api/client';
import { errorMessage } from '../../platform/api/errors';
import { DetailList } from '../../platform/display/details';
import { ProfileSection } from '../../platform/list/profile-section';
import { peopleKeys } from './people-api';

const user = (id: string) => `/api/users/${encodeURIComponent(id)}`;
export const accountApi = {
  status: (id: string, signal?: AbortSignal) =>
    api.get<AccountStatus>(`${user(id)}/accountStatus`, { signal }),
  unlock: (id: string) => api.post<AccountStatus>(`${user(id)}/unlock`),
  sendResetLink: (id: string) => api.post<AccountMailResult>(`${user(id)}/sendResetLink`),
  invite: (id: string) => api.post<AccountMailResult>(`${user(id)}/invite`),
};
const statusKey = (id: string) => [...peopleKeys.one(id), 'account'] as const;

/** In words, never by colour alone: whether the person can sign in, and why not. */
function signInState(s: AccountStatus): { label: string; color: string; detail: string } {
  if (s.locked)
    return {
      label: 'Locked',
      color: 'red',
      detail: `Locked by the person's status${s.lock_message ? `: "${s.lock_message}"` : '.'}`,
    };
  if (s.throttled)
    return {
      label: 'Waiting after failed sign-ins',
      color: 'orange',
      detail: `Sign-in is refused until ${new Date(s.throttled_until!).toLocaleString()} after ${s.recent_failures} failed attempts.`,
    };
  if (!s.has_password)
    return { label: 'No password yet', color: 'gray', detail: 'The person has not chosen a password.' };
  return { label: 'Can sign in', color: 'green', detail: 'Nothing stops the person from signing in.' };
}

/** `Account` on a person's page: sign-in state, and (users.write) unlock, reset link, portal invitation. */
export function AccountSection({ id, canWrite }: { id: string; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: statusKey(id),
    queryFn: ({ signal }) => accountApi.status(id, signal),
  });
  const unlock = useMutation({
    mutationFn: () => accountApi.unlock(id),
    onSuccess: (next) => {
      queryClient.setQueryData(statusKey(id), next);
      void queryClient.invalidateQueries({ queryKey: peopleKeys.one(id), exact: true });
    },
  });
  const resetLink = useMutation({ mutationFn: () => accountApi.sendResetLink(id) });
  const invite = useMutation({ mutationFn: () => accountApi.invite(id) });
  const s = status.data;
  const state = s ? signInState(s) : null;
  const failed = [unlock, resetLink, invite].find((m) => m.isError);
  const sent = [resetLink, invite].find((m) => m.isSuccess);
  return (
    <ProfileSection id="account-heading" title="Account">
      {status.isError ? (
        <Text role="alert" c="red.8">
          The account could not be loaded: {errorMessage(status.error)}
        </Text>
      ) : null}
      {s && state ? (
        <>
          <DetailList
            items={[
              {
                label: 'Sign-in',
                value: (
                  <Group gap="xs">
                    <Badge color={state.color} variant="light">
                      {state.label}
                    </Badge>
                    <Text size="sm">{state.detail}</Text>
                  </Group>
                ),
              },
              { label: 'Failed sign-ins (last day)', value: String(s.recent_failures) },
            ]}
          />
          {canWrite ? (
            <Group gap="sm">
              {s.locked || s.throttled ? (
                <Button variant="outline" loading={unlock.isPending} onClick={() => unlock.mutate()}>
                  Unlock account
                </Button>
              ) : null}
              <Button
                variant="outline"
                loading={resetLink.isPending}
                disabled={!s.email || !s.user_name}
                onClick={() => resetLink.mutate()}
              >
                Send password reset link
              </Button>
              <Button
                variant="outline"
                loading={invite.isPending}
                disabled={!s.email || !s.user_name}
                onClick={() => invite.mutate()}
              >
                Invite to the portal
              </Button>
            </Group>
          ) : null}
          {canWrite && (!s.email || !s.user_name) ? (
            <Text size="sm">Mailing a link needs the person's email address and user name.</Text>
          ) : null}
        </>
      ) : null}
      <div aria-live="polite">
        {unlock.isSuccess && !failed ? (
          <Alert color="green" role="status">
            The account is unlocked: the person can sign in now.
          </Alert>
        ) : null}
        {sent?.data ? (
          <Alert color="green" role="status">
            {sent.data.message} It went to {sent.data.sent_to}.
          </Alert>
        ) : null}
        {failed ? (
          <Alert color="red" role="alert">
            {errorMessage(failed.error)}
          </Alert>
        ) : null}
      </div>
    </ProfileSection>
  );
}
