import { Alert, Badge, Text } from '@mantine/core';
import { useOnline } from './use-field';

/** Says whether the device is online, and that field work is kept on it while it is not. */
export function OnlineStatus() {
  const online = useOnline();
  return online ? (
    <Badge color="green" variant="light" role="status" size="lg">
      Online
    </Badge>
  ) : (
    <Alert color="yellow" title="Working offline" role="status">
      <Text size="sm">
        There is no connection. Your work is kept on this device and uploaded, in order, when the connection
        returns.
      </Text>
    </Alert>
  );
}
