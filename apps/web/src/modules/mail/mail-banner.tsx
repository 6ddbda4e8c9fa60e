import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { hasPermission, type Viewer } from '../../platform/session/shell-state';
import { mailApi } from './mail-api';

/**
 * The administrators' banner of the staff frame: "Mail is not being sent: SMTP_URL is not set" while
 * production runs without a mail server (the server decides; nothing shows otherwise).
 */
export function MailBanner({ viewer }: { viewer: Viewer }) {
  const admin = hasPermission(viewer, 'mail.read') || hasPermission(viewer, 'security.admin');
  const status = useQuery({
    queryKey: ['mail', 'status'],
    queryFn: mailApi.status,
    enabled: admin,
    staleTime: 5 * 60_000,
    retry: false,
  });
  if (!admin || !status.data?.banner) return null;
  return (
    <Alert color="yellow" title={status.data.banner} mb="md">
      Password resets, registration links and letters are kept under Mail, and nobody receives them. Set
      SMTP_URL and restart the server.
    </Alert>
  );
}
