import type { AlertOutput } from '@licensure/contracts';
import { Alert, Badge, Group, List, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../platform/api/client';
import { alertKeys, alertsApi, severityLabel } from './alerts-api';

/** The portal's alert badge: how many open alerts are on the user (or what they speak for), and which. */
export function PortalAlertBadge() {
  const count = useQuery({ queryKey: alertKeys.count, queryFn: alertsApi.count });
  const mine = useQuery({
    queryKey: ['alerts', 'mine'],
    queryFn: () => api.get<AlertOutput[]>('/api/alerts/getalerts'),
    enabled: (count.data?.count ?? 0) > 0,
  });
  const n = count.data?.count ?? 0;
  if (n === 0) return null;
  return (
    <Alert
      color="orange"
      title={
        <Group gap="xs">
          <Text fw={700}>Alerts</Text>
          <Badge color="orange" aria-label={`${n} open alerts`}>
            {n}
          </Badge>
        </Group>
      }
    >
      <List spacing="xs">
        {(mine.data ?? []).map((a) => (
          <List.Item key={a.id}>{`${severityLabel(a.severity)}: ${a.value}`}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
