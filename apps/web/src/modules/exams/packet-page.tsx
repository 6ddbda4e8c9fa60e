import { type ExamFormOutput, type ExamPacketOutput, examMessages } from '@licensure/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  List,
  NumberInput,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ApiError, errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { requiredLabelProps } from '../../platform/components/required-mark';
import { LoadFailure, LoadingState } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { ConfirmDialog } from '../responses/confirm-dialog';
import { examKeys, examsApi } from './exams-api';
import { packetErrorMessage } from './packets-page';

type Flash = { text: string; error: boolean } | null;

/** The spec's group messages: a taken name as the API says it; anything else, the generic one. */
const groupErrorMessage = (e: unknown) =>
  e instanceof ApiError && (e.status === 409 || e.status === 400) ? e.message : examMessages.groupSaveFailed;

/** `/staff/exams/packets/:id`: a packet's settings, its forms in order and its passing requirement groups. */
export function PacketPage() {
  const { id = '' } = useParams();
  const { viewer } = useSignedIn();
  const packet = useQuery({ queryKey: examKeys.one('ExamPackets', id), queryFn: () => examsApi.packet(id) });
  if (packet.isPending) return <LoadingState label="Loading the packet…" />;
  if (packet.isError)
    return <LoadFailure error={packet.error} what="packet" onRetry={() => void packet.refetch()} />;
  const canWrite = hasPermission(viewer, 'exams.write');
  return (
    <Stack gap="md">
      <PageHeader title={packet.data.name} description={packet.data.description ?? 'Exam packet'} />
      {canWrite ? <PacketSettings packet={packet.data} key={packet.data.updated_at} /> : null}
      <PacketForms packet={packet.data} canWrite={canWrite} />
      <PassingGroups packet={packet.data} canWrite={canWrite} />
    </Stack>
  );
}

function PacketSettings({ packet }: { packet: ExamPacketOutput }) {
  const client = useQueryClient();
  const [name, setName] = useState(packet.name);
  const [maxFailed, setMaxFailed] = useState<number | string>(packet.max_failed_attempts);
  const [active, setActive] = useState(packet.active);
  const [level, setLevel] = useState<string | null>(packet.license_category_level_id);
  const [flash, setFlash] = useState<Flash>(null);
  const levels = useQuery({
    queryKey: examKeys.list('licensecategorylevels'),
    queryFn: () => examsApi.list('licensecategorylevels', { sortBy: 'label' }),
  });
  const save = useMutation({
    mutationFn: () =>
      examsApi.savePacket(packet.id, {
        name: name.trim(),
        max_failed_attempts: Number(maxFailed),
        active,
        license_category_level_id: level,
        updated_at: packet.updated_at,
      }),
    onSuccess: () => {
      setFlash({ text: 'Packet saved.', error: false });
      void client.invalidateQueries({ queryKey: examKeys.all });
    },
    onError: (e) => setFlash({ text: packetErrorMessage(e), error: true }),
  });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="settings-title">
      <Title order={2} size="h3" id="settings-title" mb="sm">
        Settings
      </Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="sm">
          <Group align="flex-end" grow>
            <TextInput
              label="Name"
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
            <Select
              label="Licence level"
              clearable
              data={(levels.data?.items ?? []).map((l) => ({ value: l.id, label: l.label }))}
              value={level}
              onChange={setLevel}
            />
          </Group>
          <Switch label="Active" checked={active} onChange={(e) => setActive(e.currentTarget.checked)} />
          {flash ? (
            <Alert color={flash.error ? 'red' : 'green'} role={flash.error ? 'alert' : 'status'}>
              {flash.text}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={save.isPending}>
              Save packet
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function PacketForms({ packet, canWrite }: { packet: ExamPacketOutput; canWrite: boolean }) {
  const client = useQueryClient();
  const [formId, setFormId] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const [flash, setFlash] = useState<Flash>(null);
  const forms = useQuery({
    queryKey: examKeys.list('EXForms', { active: true }),
    queryFn: () => examsApi.list<ExamFormOutput>('EXForms', { active: true, sortBy: 'name' }),
    enabled: canWrite,
  });
  const inPacket = new Set(packet.exam_packet_forms.map((f) => f.exam_form_id));
  const refresh = () => void client.invalidateQueries({ queryKey: examKeys.all });
  const add = useMutation({
    mutationFn: (id: string) => examsApi.addFormToPacket(packet.id, id),
    onSuccess: () => {
      setFormId(null);
      setFlash({ text: 'Form added to the packet.', error: false });
      refresh();
    },
    onError: (e) => setFlash({ text: errorMessage(e), error: true }),
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      examsApi.savePacket(packet.id, {
        exam_form_ids: packet.exam_packet_forms.map((f) => f.exam_form_id).filter((f) => f !== id),
      }),
    onSuccess: () => {
      setRemoving(null);
      setFlash({ text: 'Form removed from the packet.', error: false });
      refresh();
    },
    onError: (e) => setFlash({ text: errorMessage(e), error: true }),
  });
  const removingName = packet.exam_packet_forms.find((f) => f.exam_form_id === removing)?.name ?? '';
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="packet-forms-title">
      <Title order={2} size="h3" id="packet-forms-title" mb="sm">
        Forms of the packet
      </Title>
      {packet.exam_packet_forms.length === 0 ? <Text>This packet has no form yet.</Text> : null}
      <List type="ordered">
        {packet.exam_packet_forms.map((f) => (
          <List.Item key={f.exam_form_id}>
            <Group gap="sm">
              <Text>{f.name}</Text>
              {canWrite ? (
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => setRemoving(f.exam_form_id)}
                  aria-label={`Remove ${f.name}`}
                >
                  Remove
                </Button>
              ) : null}
            </Group>
          </List.Item>
        ))}
      </List>
      {canWrite ? (
        <Group align="flex-end" mt="md">
          <Select
            label="Add a form"
            placeholder="Choose an exam form"
            searchable
            data={(forms.data?.items ?? [])
              .filter((f) => !inPacket.has(f.id))
              .map((f) => ({ value: f.id, label: f.name }))}
            value={formId}
            onChange={setFormId}
          />
          <Button disabled={!formId} loading={add.isPending} onClick={() => formId && add.mutate(formId)}>
            Add form
          </Button>
        </Group>
      ) : null}
      {flash ? (
        <Alert mt="sm" color={flash.error ? 'red' : 'green'} role={flash.error ? 'alert' : 'status'}>
          {flash.text}
        </Alert>
      ) : null}
      <ConfirmDialog
        opened={removing !== null}
        title="Remove the form?"
        message={`${removingName} leaves this packet and its passing requirement groups.`}
        confirmLabel="Remove form"
        danger
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing)}
      />
    </Paper>
  );
}

function PassingGroups({ packet, canWrite }: { packet: ExamPacketOutput; canWrite: boolean }) {
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [min, setMin] = useState<number | string>(1);
  const [formIds, setFormIds] = useState<string[]>([]);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [flash, setFlash] = useState<Flash>(null);
  const formName = (id: string) =>
    packet.exam_packet_forms.find((f) => f.exam_form_id === id)?.name ?? 'a removed form';
  const refresh = () => void client.invalidateQueries({ queryKey: examKeys.all });
  const create = useMutation({
    mutationFn: () =>
      examsApi.saveGroup({
        exam_packet_id: packet.id,
        name: name.trim(),
        min_passed_forms: Number(min),
        exam_form_ids: formIds,
      }),
    onSuccess: (g) => {
      setName('');
      setFormIds([]);
      setFlash({ text: `Group ${g.name} added.`, error: false });
      refresh();
    },
    onError: (e) => setFlash({ text: groupErrorMessage(e), error: true }),
  });
  const remove = useMutation({
    mutationFn: examsApi.deleteGroup,
    onSuccess: () => {
      setDeleting(null);
      setFlash({ text: 'Group deleted.', error: false });
      refresh();
    },
    onError: (e) => setFlash({ text: groupErrorMessage(e), error: true }),
  });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="groups-title">
      <Title order={2} size="h3" id="groups-title" mb="sm">
        Passing requirement groups
      </Title>
      <Text size="sm" mb="sm">
        A candidate passes the packet when every group has at least its minimum of passed forms.
      </Text>
      {packet.passing_requirements.length === 0 ? <Text>No group: every form must be passed.</Text> : null}
      <List>
        {packet.passing_requirements.map((g) => (
          <List.Item key={g.id}>
            <Group gap="sm">
              <Text>
                {g.name}: at least {g.min_passed_forms} of{' '}
                {g.exam_form_ids.map(formName).join(', ') || 'no form'}
              </Text>
              {canWrite ? (
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => setDeleting(g.id)}
                  aria-label={`Delete group ${g.name}`}
                >
                  Delete
                </Button>
              ) : null}
            </Group>
          </List.Item>
        ))}
      </List>
      {canWrite ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim()) create.mutate();
            else setFlash({ text: 'Give the group a name.', error: true });
          }}
        >
          <Stack gap="sm" mt="md">
            <Group align="flex-end">
              <TextInput
                label="Group name"
                {...requiredLabelProps(true)}
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
              />
              <NumberInput label="Forms to pass" min={1} max={50} value={min} onChange={setMin} />
            </Group>
            <Checkbox.Group label="Forms of the group" value={formIds} onChange={setFormIds}>
              <Stack gap={6} mt="xs">
                {packet.exam_packet_forms.map((f) => (
                  <Checkbox key={f.exam_form_id} value={f.exam_form_id} label={f.name} />
                ))}
              </Stack>
            </Checkbox.Group>
            <Group>
              <Button type="submit" loading={create.isPending}>
                Add group
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
      {flash ? (
        <Alert mt="sm" color={flash.error ? 'red' : 'green'} role={flash.error ? 'alert' : 'status'}>
          {flash.text}
        </Alert>
      ) : null}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete the group?"
        message="Candidates are no longer held to this group's minimum."
        confirmLabel="Delete group"
        danger
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </Paper>
  );
}
