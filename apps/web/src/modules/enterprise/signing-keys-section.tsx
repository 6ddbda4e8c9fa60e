import type { CredentialSigningKeyOutput } from '@licensure/contracts';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../platform/api/client';
import { errorMessage } from '../../platform/api/errors';
import { Section } from '../../platform/components/section';
import { LoadFailure, LoadingState } from '../../platform/components/status';
import { formatDate } from '../../platform/display/format';
import { DataTable } from '../../platform/list/data-table';

const keysKey = ['enterprise', 'credential-signing-keys'];

const stateOf = (k: CredentialSigningKeyOutput) => {
  if (k.current) return 'Current: signs new cards';
  if (!k.published) return 'Retired, no longer published';
  return k.published_until
    ? `Retired, published until ${formatDate(k.published_until)}`
    : 'Retired, published while cards it signed have no expiration';
};

/**
 * The keys that sign the statements in licence cards' QR codes (docs/verifying-credentials.md). Rotating
 * makes a new key for new cards; the old one stays published until the cards it signed expire.
 */
export function SigningKeysSection({ canWrite }: { canWrite: boolean }) {
  const queryClient = useQueryClient();
  const keys = useQuery({
    queryKey: keysKey,
    queryFn: ({ signal }) =>
      api.get<CredentialSigningKeyOutput[]>('/api/credential-signing-keys', { signal }),
  });
  const [confirming, setConfirming] = useState(false);
  const rotate = useMutation({
    mutationFn: () => api.post<CredentialSigningKeyOutput[]>('/api/credential-signing-keys/rotate', {}),
    onSuccess: (rows) => {
      queryClient.setQueryData(keysKey, rows);
      setConfirming(false);
    },
  });
  return (
    <Section id="signing-keys" title="Credential signing keys">
      <Text size="sm">
        Licence cards’ QR codes carry a statement signed with the current key. Employers and other states
        check it with the public keys at /.well-known/jwks.json.
      </Text>
      {keys.isPending ? <LoadingState label="Loading the signing keys…" /> : null}
      {keys.isError ? (
        <LoadFailure error={keys.error} what="the signing keys" onRetry={() => void keys.refetch()} />
      ) : null}
      {keys.data ? (
        <DataTable
          caption="Signing keys"
          rows={keys.data}
          rowKey={(k) => k.kid}
          columns={[
            { key: 'kid', header: 'Key id', render: (k) => <code>{k.kid.slice(0, 16)}…</code> },
            { key: 'created', header: 'Made', render: (k) => formatDate(k.created_at.slice(0, 10)) },
            { key: 'state', header: 'State', render: stateOf },
          ]}
        />
      ) : null}
      {rotate.isError ? (
        <Alert color="red" title="The key was not rotated" role="alert">
          {errorMessage(rotate.error)}
        </Alert>
      ) : null}
      {rotate.isSuccess ? <Text role="status">A new signing key signs new cards from now on.</Text> : null}
      {canWrite && !confirming ? (
        <Group>
          <Button variant="default" onClick={() => setConfirming(true)}>
            Rotate the signing key
          </Button>
        </Group>
      ) : null}
      {canWrite && confirming ? (
        <Group>
          <Text id="rotate-confirm">
            New cards will be signed with a new key; cards already printed stay valid. Rotate now?
          </Text>
          <Button
            onClick={() => rotate.mutate()}
            loading={rotate.isPending}
            aria-describedby="rotate-confirm"
          >
            Rotate now
          </Button>
          <Button variant="default" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </Group>
      ) : null}
    </Section>
  );
}
