import type { CeAuditMemberOutput } from '@licensure/contracts';
import { Alert, Anchor, Button, Checkbox, Group, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { ErrorState, LoadingState } from '../../platform/components/status';
import { formatDate } from '../../platform/display/format';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { educationApi, educationKeys } from './education-api';

const statusText: Record<CeAuditMemberOutput['status'], string> = {
  requested: 'Awaiting proof',
  submitted: 'Proof sent',
  accepted: 'Accepted',
  deficient: 'Deficient',
};

/** `/staff/education/audits/:id`: the sampled licensees, their proof, and the decision on each. */
export function CeAuditPage() {
  const { id = '' } = useParams();
  const { viewer } = useSignedIn();
  const canWrite = hasPermission(viewer, 'education.write');
  const canComplain = hasPermission(viewer, 'complaints.write');
  const queryClient = useQueryClient();
  const audit = useQuery({
    queryKey: educationKeys.audit(id),
    queryFn: ({ signal }) => educationApi.audit(id, signal),
  });
  const [deficient, setDeficient] = useState<CeAuditMemberOutput | null>(null);
  const [note, setNote] = useState('');
  const [complain, setComplain] = useState(false);
  const decide = useMutation({
    mutationFn: (v: { member: CeAuditMemberOutput; status: 'accepted' | 'deficient' }) =>
      educationApi.decide(v.member.id, {
        status: v.status,
        ...(v.status === 'deficient' ? { note: note.trim() || undefined, open_complaint: complain } : {}),
      }),
    onSuccess: () => {
      setDeficient(null);
      setNote('');
      setComplain(false);
      void queryClient.invalidateQueries({ queryKey: educationKeys.all });
    },
  });

  if (audit.isPending) return <LoadingState label="Loading the audit…" />;
  if (audit.isError)
    return (
      <ErrorState
        error={audit.error}
        title="The audit could not be loaded"
        onRetry={() => void audit.refetch()}
      />
    );
  const a = audit.data;
  return (
    <Stack gap="md">
      <PageHeader
        title={a.label}
        documentTitle={`CE audit ${a.label}`}
        description={`${a.members.length} of ${a.population} licensees renewed from ${formatDate(a.renewed_from)} to ${formatDate(a.renewed_to)} (${a.percentage}%), proof due by ${formatDate(a.due_date)}.`}
        actions={
          <Anchor component={Link} to="/staff/education/audits">
            All audits
          </Anchor>
        }
      />
      {decide.isError && !deficient ? (
        <Alert color="red" role="alert" title="The decision could not be saved">
          {errorMessage(decide.error)}
        </Alert>
      ) : null}
      {a.members.length === 0 ? <Text>Nobody was sampled.</Text> : null}
      {a.members.length > 0 ? (
        <Table striped withTableBorder>
          <Table.Caption>Sampled licensees</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Licensee</Table.Th>
              <Table.Th scope="col">Status</Table.Th>
              <Table.Th scope="col">Proof</Table.Th>
              <Table.Th scope="col">Note</Table.Th>
              <Table.Th scope="col">Decision</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {a.members.map((m) => (
              <Table.Tr key={m.id}>
                <Table.Th scope="row">
                  <Anchor component={Link} to={`/staff/people/${m.user_id}`}>
                    {m.user_name ?? 'Unnamed'}
                  </Anchor>
                </Table.Th>
                <Table.Td>
                  {statusText[m.status]}
                  {m.complaint_id ? (
                    <>
                      {' '}
                      (
                      <Anchor component={Link} to={`/staff/complaints/${m.complaint_id}`}>
                        complaint
                      </Anchor>
                      )
                    </>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  {m.document_id ? (
                    <Anchor href={`/api/Documents/${m.document_id}/content`}>Open proof</Anchor>
                  ) : (
                    'None yet'
                  )}
                </Table.Td>
                <Table.Td>{m.note ?? '—'}</Table.Td>
                <Table.Td>
                  {canWrite && (m.status === 'requested' || m.status === 'submitted') ? (
                    <Group gap="xs">
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => decide.mutate({ member: m, status: 'accepted' })}
                        loading={decide.isPending && decide.variables?.member.id === m.id}
                        aria-label={`Accept ${m.user_name ?? 'licensee'}`}
                      >
                        Accept
                      </Button>
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        onClick={() => setDeficient(m)}
                        aria-label={`Mark ${m.user_name ?? 'licensee'} deficient`}
                      >
                        Deficient
                      </Button>
                    </Group>
                  ) : (
                    statusText[m.status]
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      <Modal.Root opened={!!deficient} onClose={() => setDeficient(null)} centered>
        <Modal.Overlay />
        <Modal.Content>
          <Modal.Header component="div">
            <Modal.Title>Mark {deficient?.user_name ?? 'this licensee'} deficient?</Modal.Title>
            <Modal.CloseButton aria-label="Close" />
          </Modal.Header>
          <Modal.Body>
            <Stack gap="sm">
              <Textarea
                label="What is missing"
                value={note}
                onChange={(e) => setNote(e.currentTarget.value)}
                maxLength={2000}
              />
              {canComplain ? (
                <Checkbox
                  label="Open a complaint about this licensee"
                  checked={complain}
                  onChange={(e) => setComplain(e.currentTarget.checked)}
                />
              ) : null}
              {decide.isError ? (
                <Text c="var(--mantine-color-error)" role="alert">
                  {errorMessage(decide.error)}
                </Text>
              ) : null}
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={() => setDeficient(null)} data-autofocus>
                  Cancel
                </Button>
                <Button
                  color="red"
                  loading={decide.isPending}
                  onClick={() => deficient && decide.mutate({ member: deficient, status: 'deficient' })}
                >
                  Mark deficient
                </Button>
              </Group>
            </Stack>
          </Modal.Body>
        </Modal.Content>
      </Modal.Root>
    </Stack>
  );
}
