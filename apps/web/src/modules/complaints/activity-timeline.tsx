import type { ComplaintActivityOutput } from '@licensure/contracts';
import { Button, Group, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../platform/api/errors';
import { complaintKeys, complaintsApi, todayIso } from './complaints-api';

interface Props {
  complaintId: string;
  investigationId?: string;
  activities: ComplaintActivityOutput[];
  canLog: boolean;
  onLogged(): void;
}

/** The activity timeline (oldest first) and a form to log one more. */
export function ActivityTimeline({ complaintId, investigationId, activities, canLog, onLogged }: Props) {
  const types = useQuery({
    queryKey: complaintKeys.list_('ComplaintActivityTypes'),
    queryFn: () => complaintsApi.list('ComplaintActivityTypes'),
  });
  const [type, setType] = useState<string | null>(null);
  const [date, setDate] = useState(todayIso());
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const log = useMutation({
    mutationFn: () =>
      complaintsApi.logActivity({
        complaint_id: complaintId,
        investigation_id: investigationId ?? null,
        complaint_activity_type_id: type,
        activity_date: date,
        description,
      }),
    onSuccess: () => {
      setDescription('');
      setError(null);
      onLogged();
    },
    onError: (e) => setError(errorMessage(e)),
  });
  return (
    <Stack gap="sm" component="section" aria-labelledby="activity-heading">
      <Title order={2} size="h3" id="activity-heading">
        Activities
      </Title>
      {activities.length === 0 ? <Text>No activity logged yet.</Text> : null}
      <ol className="complaint-timeline">
        {activities.map((a) => (
          <li key={a.id}>
            <Text
              fw={600}
            >{`${a.activity_date} · ${a.activity_type ?? 'Activity'}${a.investigation_id ? ' (investigation)' : ''}`}</Text>
            <Text>{a.description}</Text>
            {a.performed_by_name ? <Text size="sm">{`By ${a.performed_by_name}`}</Text> : null}
          </li>
        ))}
      </ol>
      {canLog ? (
        <form
          aria-label="Log an activity"
          onSubmit={(e) => {
            e.preventDefault();
            log.mutate();
          }}
        >
          <Stack gap="xs">
            <Group align="flex-end">
              <Select
                label="Activity type"
                placeholder="Choose a type"
                data={(types.data?.items ?? []).map((t) => ({ value: t.id, label: t.label }))}
                value={type}
                onChange={setType}
              />
              <TextInput
                label="Date"
                type="date"
                value={date}
                onChange={(e) => setDate(e.currentTarget.value)}
                required
              />
            </Group>
            <Textarea
              label="What was done"
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value)}
              required
              autosize
              minRows={2}
            />
            {error ? (
              <Text c="red.8" role="alert">
                {error}
              </Text>
            ) : null}
            <Group>
              <Button type="submit" loading={log.isPending}>
                Log activity
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Stack>
  );
}
