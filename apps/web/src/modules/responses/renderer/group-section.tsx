import type { FormGroup } from '@licensure/contracts';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';

const populateLabels = { user: 'your record', service: 'the service record', vehicle: 'the vehicle record' };

/** A group of questions: a titled section, with "Fill in from your record" when it can be populated. */
export function GroupSection({
  group,
  children,
  onPopulate,
  disabled,
}: {
  group: FormGroup;
  children: React.ReactNode;
  onPopulate?: () => Promise<void>;
  disabled?: boolean;
}) {
  const headingId = `group-${group.id}`;
  const [filling, setFilling] = useState(false);
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby={group.title ? headingId : undefined}
      aria-label={group.title ? undefined : 'Questions'}
    >
      <Stack gap="md">
        {group.title ? (
          <Title order={3} size="h4" id={headingId}>
            {group.title}
          </Title>
        ) : null}
        {group.description ? <Text className="pre-line">{group.description}</Text> : null}
        {onPopulate && group.populate_entity ? (
          <Button
            variant="default"
            size="xs"
            w="fit-content"
            loading={filling}
            disabled={disabled}
            aria-label={`Fill in from ${populateLabels[group.populate_entity]}${group.title ? `: ${group.title}` : ''}`}
            onClick={async () => {
              setFilling(true);
              try {
                await onPopulate();
              } finally {
                setFilling(false);
              }
            }}
          >
            Fill in from {populateLabels[group.populate_entity]}
          </Button>
        ) : null}
        {group.spot_check ? (
          <Text size="sm" c="dimmed">
            Spot check: answered by staff, not shown to applicants.
          </Text>
        ) : null}
        {children}
      </Stack>
    </Paper>
  );
}
