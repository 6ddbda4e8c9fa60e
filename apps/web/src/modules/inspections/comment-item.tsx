import { Badge, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One administrative comment as listed: its text, who wrote it and when, and its badges. */
export function CommentItem(props: {
  comment: string;
  byline: string;
  resolved: boolean;
  showOnPdf: boolean;
  /** A badge before the others (a comment still on this device says so). */
  state?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Stack gap={4}>
      <Text>{props.comment}</Text>
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {props.byline}
        </Text>
        {props.state}
        {props.resolved ? (
          <Badge color="gray" variant="light">
            Resolved
          </Badge>
        ) : null}
        {props.showOnPdf ? (
          <Badge color="blue" variant="light">
            On the report
          </Badge>
        ) : null}
      </Group>
      {props.children}
    </Stack>
  );
}
