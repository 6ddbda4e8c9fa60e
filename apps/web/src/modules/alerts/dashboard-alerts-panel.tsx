import { Anchor, Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorState } from '../../platform/components/status';
import { alertKeys, alertsApi, holderLink, severityColor, severityLabel } from './alerts-api';

/** The staff dashboard's alerts: open alerts by severity and the newest ones, linking to the list. */
export function DashboardAlertsPanel() {
  const q = useQuery({ queryKey: alertKeys.dashboard, queryFn: alertsApi.dashboard });
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="alerts-heading">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h3" id="alerts-heading">
            Alerts needing attention
          </Title>
          <Anchor component={Link} to="/staff/alerts">
            All alerts
          </Anchor>
        </Group>
        {q.isError ? <ErrorState title="The alerts could not be loaded" error={q.error} /> : null}
        {q.data ? (
          <>
            <Group gap="xs" aria-label="Open alerts by severity">
              <Text fw={700}>{`${q.data.total} open`}</Text>
              {q.data.bySeverity.map((s) => (
                <Badge key={s.severity} color={severityColor(s.severity)} variant="light">
                  {`${severityLabel(s.severity)}: ${s.count}`}
                </Badge>
              ))}
            </Group>
            {q.data.items.length === 0 ? (
              <Text>No open alerts.</Text>
            ) : (
              <List spacing="xs">
                {q.data.items.map((a) => {
                  const to = holderLink(a);
                  return (
                    <List.Item key={a.id}>
                      <Text
                        span
                        fw={600}
                      >{`${severityLabel(a.severity)} — ${a.alert_type ?? 'Alert'}: `}</Text>
                      {a.value}
                      {to ? (
                        <>
                          {' ('}
                          <Anchor component={Link} to={to}>
                            {a.holder_name ?? 'open'}
                          </Anchor>
                          {')'}
                        </>
                      ) : null}
                    </List.Item>
                  );
                })}
              </List>
            )}
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
