import { type ExamPacketOutput, packetSaveFailedMessage } from '@licensure/contracts';
import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '../../platform/api/errors';
import { ActiveButtons, BatchBar } from '../../platform/components/batch-bar';
import { PageHeader } from '../../platform/components/page-header';
import { requiredLabelProps } from '../../platform/components/required-mark';
import { ForbiddenPage, LoadingState } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { type Flash, FlashAlert, useChosen } from './batch-choice';
import { ExamFormsSection } from './exam-forms-section';
import { examKeys, examsApi, type ListItem } from './exams-api';

/** The spec's packet save messages: a taken name as the API says it, anything else naming its type. */
export function packetErrorMessage(e: unknown): string {
  if (e instanceof ApiError && (e.status === 409 || e.status === 400)) return e.message;
  return packetSaveFailedMessage(e instanceof ApiError ? e.code : e instanceof Error ? e.name : 'unknown');
}

/** `/staff/exams/packets`: packets and exam forms, each with batch activation, copies and creation. */
export function PacketsPage() {
  const { viewer } = useSignedIn();
  if (!hasPermission(viewer, 'exams.read')) return <ForbiddenPage />;
  const canWrite = hasPermission(viewer, 'exams.write');
  return (
    <Stack gap="lg">
      <PageHeader
        title="Exam packets and forms"
        description="A packet is the set of exam forms a candidate for a licence level takes; each form scores skills."
        actions={
          <Button variant="default" component={Link} to="/staff/exams">
            Sessions
          </Button>
        }
      />
      <PacketsSection canWrite={canWrite} />
      <ExamFormsSection canWrite={canWrite} />
    </Stack>
  );
}

function PacketsSection({ canWrite }: { canWrite: boolean }) {
  const client = useQueryClient();
  const { chosen, toggle, clear } = useChosen();
  const [flash, setFlash] = useState<Flash>(null);
  const [name, setName] = useState('');
  const [maxFailed, setMaxFailed] = useState<number | string>(3);
  const [level, setLevel] = useState<string | null>(null);
  const packets = useQuery({
    queryKey: examKeys.list('ExamPackets'),
    queryFn: () => examsApi.list<ExamPacketOutput>('ExamPackets', { sortBy: 'name' }),
  });
  const levels = useQuery({
    queryKey: examKeys.list('licensecategorylevels'),
    queryFn: () =>
      examsApi.list<ListItem & { license_id: string | null }>('licensecategorylevels', { sortBy: 'label' }),
    enabled: canWrite,
  });
  // Licences name their levels alike ("EMT"): each level is offered with its licence's name.
  const licences = useQuery({
    queryKey: examKeys.list('licenses'),
    queryFn: () => examsApi.list<{ id: string; name: string }>('licenses'),
    enabled: canWrite,
  });
  const licenceName = new Map((licences.data?.items ?? []).map((l) => [l.id, l.name]));
  const levelOptions = (levels.data?.items ?? []).map((l) => {
    const licence = l.license_id ? licenceName.get(l.license_id) : undefined;
    return { value: l.id, label: licence ? `${l.label} (${licence})` : l.label };
  });
  const done = (text: string) => {
    setFlash({ text, error: false });
    clear();
    void client.invalidateQueries({ queryKey: examKeys.all });
  };
  const statuses = useMutation({
    mutationFn: (active: boolean) => examsApi.packetStatuses([...chosen], active),
    onSuccess: (r, active) =>
      done(`${r.updated} packet${r.updated === 1 ? '' : 's'} ${active ? 'activated' : 'deactivated'}.`),
    onError: (e) => setFlash({ text: errorMessage(e), error: true }),
  });
  const copy = useMutation({
    mutationFn: examsApi.copyPacket,
    onSuccess: (r) => done(`${r.message}: ${r.name}.`),
    onError: (e) => setFlash({ text: errorMessage(e), error: true }),
  });
  const create = useMutation({
    mutationFn: () =>
      examsApi.savePacket(null, {
        name: name.trim(),
        max_failed_attempts: Number(maxFailed),
        license_category_level_id: level,
      }),
    onSuccess: (p) => {
      setName('');
      done(`Packet ${p.name} created.`);
    },
    onError: (e) => setFlash({ text: packetErrorMessage(e), error: true }),
  });
  const items = packets.data?.items ?? [];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="packets-title">
      <Title order={2} size="h3" id="packets-title" mb="sm">
        Packets
      </Title>
      {packets.isPending ? <LoadingState label="Loading packets…" /> : null}
      {packets.data && items.length === 0 ? <Text>No packet yet.</Text> : null}
      {items.length ? (
        <Table>
          <Table.Caption>Exam packets</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {canWrite ? <Table.Th>Choose</Table.Th> : null}
              <Table.Th>Packet</Table.Th>
              <Table.Th>Level</Table.Th>
              <Table.Th>Forms</Table.Th>
              <Table.Th>Failed attempts allowed</Table.Th>
              <Table.Th>Status</Table.Th>
              {canWrite ? <Table.Th>Copy</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((p) => (
              <Table.Tr key={p.id}>
                {canWrite ? (
                  <Table.Td>
                    <Checkbox
                      aria-label={`Choose ${p.name}`}
                      checked={chosen.has(p.id)}
                      onChange={(e) => toggle(p.id, e.currentTarget.checked)}
                    />
                  </Table.Td>
                ) : null}
                <Table.Td>
                  <Anchor component={Link} to={`/staff/exams/packets/${p.id}`}>
                    {p.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{p.license_category_level ?? 'Any'}</Table.Td>
                <Table.Td>{p.exam_packet_forms.length}</Table.Td>
                <Table.Td>{p.max_failed_attempts === 0 ? 'No limit' : p.max_failed_attempts}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={p.active ? 'green' : 'gray'}>
                    {p.active_status}
                  </Badge>
                </Table.Td>
                {canWrite ? (
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => copy.mutate(p.id)}
                      aria-label={`Copy ${p.name}`}
                    >
                      Copy
                    </Button>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      {canWrite ? (
        <Stack gap="sm" mt="md">
          <BatchBar label="Batch actions on the chosen packets" count={chosen.size}>
            <ActiveButtons count={chosen.size} onSet={(active) => statuses.mutate(active)} />
          </BatchBar>
          <FlashAlert flash={flash} />
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (name.trim()) create.mutate();
              else setFlash({ text: 'Give the packet a name.', error: true });
            }}
          >
            <Group align="flex-end">
              <TextInput
                label="New packet name"
                {...requiredLabelProps(true)}
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
              />
              <NumberInput
                label="Failed attempts allowed"
                description="0: no limit"
                min={0}
                max={100}
                value={maxFailed}
                onChange={setMaxFailed}
              />
              <Select label="Licence level" clearable data={levelOptions} value={level} onChange={setLevel} />
              <Button type="submit" loading={create.isPending}>
                Create packet
              </Button>
            </Group>
          </form>
          <Text size="xs" c="dimmed">
            A copy is named "Copy of" the packet and keeps its forms and passing requirement groups.
          </Text>
        </Stack>
      ) : null}
    </Paper>
  );
}
