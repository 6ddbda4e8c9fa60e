import type { CertificationOutput, ComplaintOutput } from '@licensure/contracts';
import { Button, Group, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { errorMessage } from '../../platform/api/errors';
import { complaintKeys, complaintsApi } from './complaints-api';

const kinds: Record<string, string> = { user: 'Person', service: 'Service', vehicle: 'Vehicle' };

/**
 * What the complaint is about: the linked person, service or vehicle and credential. Staff link a
 * complaint filed in words (the public gives a name and perhaps a licence number) to a credential found
 * by its number; a disciplinary outcome then reaches that credential.
 */
export function ComplaintSubject({ complaint, canWrite }: { complaint: ComplaintOutput; canWrite: boolean }) {
  const headingId = useId();
  const client = useQueryClient();
  const [number, setNumber] = useState('');
  const [search, setSearch] = useState('');
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const found = useQuery({
    queryKey: ['complaints', 'credential-search', search],
    queryFn: ({ signal }) => complaintsApi.credentials(search, signal),
    enabled: search.length > 0,
  });
  const link = useMutation({
    mutationFn: (c: CertificationOutput) =>
      complaintsApi.update(complaint, {
        certification_id: c.id,
        user_id: c.user_id,
        service_id: c.service_id,
        vehicle_id: c.vehicle_id,
      }),
    onSuccess: (_saved, c) => {
      setMessage({ text: `Linked to credential ${c.number}.`, error: false });
      setSearch('');
      setNumber('');
      void client.invalidateQueries({ queryKey: complaintKeys.one(complaint.id) });
    },
    onError: (e) => setMessage({ text: errorMessage(e), error: true }),
  });
  const linked = complaint.subject_kind
    ? `${kinds[complaint.subject_kind] ?? complaint.subject_kind}: ${complaint.linked_subject_name ?? ''}`
    : 'Not linked to a record yet';
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        Subject
      </Title>
      <Text>{linked}</Text>
      {complaint.certification_id ? (
        <Text size="sm">A disciplinary outcome acts on the linked credential.</Text>
      ) : null}
      {canWrite ? (
        <form
          aria-label="Link to a credential"
          onSubmit={(e) => {
            e.preventDefault();
            setMessage(null);
            setSearch(number.trim());
          }}
        >
          <Group align="flex-end">
            <TextInput
              label="Credential number"
              description="Find the credential the complaint is about"
              value={number}
              onChange={(e) => setNumber(e.currentTarget.value)}
            />
            <Button type="submit" variant="default" disabled={!number.trim()} loading={found.isFetching}>
              Find credential
            </Button>
          </Group>
        </form>
      ) : null}
      {found.isError ? (
        <Text c="red.8" role="alert">
          {errorMessage(found.error)}
        </Text>
      ) : null}
      {search && found.data?.items.length === 0 ? <Text>{`No credential numbered ${search}.`}</Text> : null}
      {search && found.data && found.data.items.length > 0 ? (
        <Table>
          <Table.Caption>Credentials found</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Number</Table.Th>
              <Table.Th>Holder</Table.Th>
              <Table.Th>Credential</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>
                <VisuallyHidden>Action</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {found.data.items.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>{c.number}</Table.Td>
                <Table.Td>{c.holder_name ?? '—'}</Table.Td>
                <Table.Td>{c.title}</Table.Td>
                <Table.Td>{c.status_label}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="default"
                    loading={link.isPending && link.variables?.id === c.id}
                    onClick={() => link.mutate(c)}
                    aria-label={`Link the complaint to ${c.number}`}
                  >
                    Link
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      {message ? (
        <Text c={message.error ? 'red.8' : undefined} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </Text>
      ) : null}
    </Stack>
  );
}
