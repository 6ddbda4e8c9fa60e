import { Button, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '../../platform/api/errors';
import { personName } from '../../platform/display/format';
import { PersonFinder } from '../people/person-finder';
import { educationApi } from './education-api';

/** Staff enrol a person in a course: find them by last name and add them to the roster. */
export function AddAttendee({
  trainingId,
  enrolled,
  onAdded,
}: {
  trainingId: string;
  enrolled: ReadonlySet<string>;
  onAdded(name: string): void;
}) {
  const add = useMutation({
    mutationFn: (p: { id: string; name: string }) => educationApi.enrol(trainingId, p.id),
    onSuccess: (_a, p) => onAdded(p.name),
  });
  return (
    <Stack gap="xs" component="section" aria-labelledby="add-attendee-title">
      <Title order={2} size="h3" id="add-attendee-title">
        Add an attendee
      </Title>
      <PersonFinder
        label="Find a person to enrol, by last name"
        purpose="course-attendee"
        nobody={(lastName) => `Nobody has a last name starting with “${lastName}”.`}
        action={(p) =>
          enrolled.has(p.id) ? (
            <Text size="sm">Enrolled</Text>
          ) : (
            <Button
              size="compact-sm"
              variant="outline"
              loading={add.isPending && add.variables?.id === p.id}
              onClick={() => add.mutate({ id: p.id, name: personName(p) })}
              aria-label={`Enrol ${personName(p)}`}
            >
              Enrol
            </Button>
          )
        }
      />
      {add.isError ? (
        <Text c="var(--mantine-color-error)" role="alert" size="sm">
          {errorMessage(add.error)}
        </Text>
      ) : null}
    </Stack>
  );
}
