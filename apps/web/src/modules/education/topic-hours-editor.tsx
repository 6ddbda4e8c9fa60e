import { Alert, Button, Group, NativeSelect, NumberInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { educationApi, educationKeys } from './education-api';

/** One line of a course's hours by topic, as typed (hours may be '' while the box is empty). */
export interface TopicRow {
  key: number;
  topic_id: string;
  hours: number | string;
}

/** The rows being edited: the course's topics, or one empty line for a new course. */
export function useTopicRows(initial: readonly { topic_id: string; hours: number }[] = []) {
  return useState<TopicRow[]>(() =>
    initial.length > 0
      ? initial.map((t, i) => ({ key: i + 1, topic_id: t.topic_id, hours: t.hours }))
      : [{ key: 1, topic_id: '', hours: 1 }],
  );
}

/** The `training_topics` a course is saved with: the lines that name a topic. */
export const trainingTopicsOf = (rows: TopicRow[]) =>
  rows.filter((r) => r.topic_id).map((r) => ({ topic_id: r.topic_id, hours: Number(r.hours) }));

/** "Hours by topic": a topic and its hours per line, lines added and removed by button. */
export function TopicHoursEditor({
  rows,
  setRows,
  error,
}: {
  rows: TopicRow[];
  setRows: (update: (rows: TopicRow[]) => TopicRow[]) => void;
  error?: string;
}) {
  const topics = useQuery({
    queryKey: educationKeys.refs('EducationModule/Topics'),
    queryFn: ({ signal }) => educationApi.refs('EducationModule/Topics', signal),
  });
  const topicOptions = [
    { value: '', label: 'Choose…' },
    ...(topics.data?.items ?? []).map((t) => ({ value: t.id, label: t.label })),
  ];
  const change = (key: number, patch: Partial<TopicRow>) =>
    setRows((s) => s.map((x) => (x.key === key ? { ...x, ...patch } : x)));
  return (
    <>
      <Title order={2} size="h3">
        Hours by topic
      </Title>
      {rows.map((r, i) => (
        <Group key={r.key} align="flex-end" gap="sm">
          <NativeSelect
            label={`Topic ${i + 1}`}
            value={r.topic_id}
            onChange={(e) => change(r.key, { topic_id: e.currentTarget.value })}
            data={topicOptions}
            w={260}
          />
          <NumberInput
            label={`Hours of topic ${i + 1}`}
            min={0}
            step={0.5}
            decimalScale={2}
            value={r.hours}
            onChange={(hours) => change(r.key, { hours })}
            w={160}
          />
          {rows.length > 1 ? (
            <Button
              variant="subtle"
              onClick={() => setRows((s) => s.filter((x) => x.key !== r.key))}
              aria-label={`Remove topic ${i + 1}`}
            >
              Remove
            </Button>
          ) : null}
        </Group>
      ))}
      {error ? <Alert color="red">{error}</Alert> : null}
      <div>
        <Button
          variant="default"
          onClick={() => setRows((s) => [...s, { key: Date.now(), topic_id: '', hours: 1 }])}
        >
          Add a topic
        </Button>
      </div>
    </>
  );
}
