import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled section of a page; its heading names the region. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={`${id}-heading`}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={`${id}-heading`}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
