import type { LevelProgress } from '@licensure/contracts';
import { Anchor, Button, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate } from '../../platform/display/format';
import { hoursText } from './education-api';

const percent = (earned: number, required: number) =>
  required <= 0 ? 100 : Math.min(100, Math.round((earned / required) * 100));

/** One bar with its values in words: the colour only repeats what the text says. */
export function HoursBar({ label, earned, required }: { label: string; earned: number; required: number }) {
  const met = earned >= required;
  const missing = Math.max(0, required - earned);
  return (
    <div>
      <Text size="sm" fw={500}>
        {label}: {hoursText(Math.min(earned, required))} of {hoursText(required)} hours
        {met ? ' — requirement met' : ` — ${hoursText(missing)} still needed`}
      </Text>
      <Progress.Root size="lg">
        <Progress.Section
          value={percent(earned, required)}
          color={met ? 'green' : 'blue'}
          aria-label={`${label}: ${percent(earned, required)}% of the requirement`}
        />
      </Progress.Root>
    </div>
  );
}

/** A level's progress toward renewal: by topic, then the what-if courses that cover what is missing. */
export function LevelProgressCard({
  level,
  onEnrol,
  enrolling,
}: {
  level: LevelProgress;
  onEnrol(trainingId: string): void;
  enrolling: string | null;
}) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={`level-${level.level_id}`}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={`level-${level.level_id}`}>
          {level.level}
        </Title>
        <Text size="sm">
          Cycle {formatDate(level.cycle_start)} to {formatDate(level.cycle_end)}.{' '}
          {level.met ? 'Your continuing education for renewal is complete.' : 'Some hours are still missing.'}
        </Text>
        <HoursBar label="All topics" earned={level.earned} required={level.required} />
        {level.topics.map((t) => (
          <HoursBar key={t.topic_id} label={t.topic} earned={t.earned} required={t.required} />
        ))}
        {!level.met ? (
          <>
            <Title order={3} size="h4">
              Courses that would cover what is missing
            </Title>
            {level.upcoming.length === 0 ? (
              <Text size="sm">No upcoming course covers the missing topics yet.</Text>
            ) : (
              <Table striped withTableBorder>
                <Table.Caption>What-if: upcoming courses for {level.level}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Course</Table.Th>
                    <Table.Th scope="col">Starts</Table.Th>
                    <Table.Th scope="col">Would cover</Table.Th>
                    <Table.Th scope="col">Enrolment</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {level.upcoming.map((u) => (
                    <Table.Tr key={u.training_id}>
                      <Table.Th scope="row">
                        <Anchor component={Link} to={`/portal/education/courses/${u.training_id}`}>
                          {u.name}
                        </Anchor>
                      </Table.Th>
                      <Table.Td>{formatDate(u.start_date)}</Table.Td>
                      <Table.Td>
                        {u.covers.map((c) => `${hoursText(c.hours)} h of ${c.topic}`).join(', ')}
                      </Table.Td>
                      <Table.Td>
                        {u.enrolled ? (
                          <Text size="sm">Enrolled</Text>
                        ) : (
                          <Button
                            size="xs"
                            onClick={() => onEnrol(u.training_id)}
                            loading={enrolling === u.training_id}
                            aria-label={`Enrol in ${u.name}`}
                          >
                            Enrol
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
