import type { FormDefinition } from '@licensure/contracts';
import { Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormRenderer } from '../../responses/renderer/form-renderer';

/** The form as the applicant (or staff) will see it, with the edits not saved yet; nothing is saved. */
export function FormPreview({ form }: { form: FormDefinition }) {
  const [staff, setStaff] = useState(false);
  const [round, setRound] = useState(0);
  return (
    <Stack gap="md">
      <Text size="sm">
        Try the form as it stands, including edits not saved yet. Answers given here are not saved or
        uploaded.
      </Text>
      <Group gap="lg">
        <Checkbox
          label="Preview as staff (shows spot-check groups)"
          checked={staff}
          onChange={(e) => setStaff(e.currentTarget.checked)}
        />
        <Button variant="default" size="sm" onClick={() => setRound((n) => n + 1)}>
          Clear the answers
        </Button>
      </Group>
      <Paper withBorder p="md">
        {form.pages.length === 0 ? (
          <Text>The form has no pages yet.</Text>
        ) : (
          <FormRenderer key={`${round}:${staff}`} form={form} mode="preview" staff={staff} />
        )}
      </Paper>
    </Stack>
  );
}
