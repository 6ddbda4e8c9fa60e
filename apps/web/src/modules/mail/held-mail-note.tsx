import { Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { mailApi } from './mail-api';

/**
 * Under "Check your email" on this computer, outside production, when no mail server is configured:
 * where the message is (the dev mail viewer). The server says so only to a request from this computer,
 * so a visitor from elsewhere never learns of it, let alone reads the link.
 */
export function HeldMailNote() {
  const status = useQuery({ queryKey: ['mail', 'status'], queryFn: mailApi.status, retry: false });
  const viewer = status.data?.dev_viewer;
  if (!viewer) return null;
  return (
    <Text size="sm" mt="xs">
      No mail server is configured here, so the message was not sent: read it in the{' '}
      <Anchor href={viewer}>mail viewer of this computer</Anchor>.
    </Text>
  );
}
