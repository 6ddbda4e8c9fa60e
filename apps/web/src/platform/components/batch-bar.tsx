import { Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The actions on the rows chosen in a list: a named group that says how many are chosen (read out as it
 * changes), then the actions. Each action is off until a row is chosen.
 */
export function BatchBar({ label, count, children }: { label: string; count: number; children: ReactNode }) {
  return (
    <Group align="flex-end" role="group" aria-label={label}>
      <Text size="sm" aria-live="polite">{`${count} chosen`}</Text>
      {children}
    </Group>
  );
}

/** One action of a BatchBar: off while nothing is chosen (or while `disabled`). */
export function BatchButton({
  count,
  disabled = false,
  onClick,
  children,
}: {
  count: number;
  disabled?: boolean;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <Button variant="default" disabled={count === 0 || disabled} onClick={onClick}>
      {children}
    </Button>
  );
}

/** Activate and Deactivate for the chosen rows, named for what they are (`forms`: "Activate forms"). */
export function ActiveButtons({
  count,
  onSet,
  noun,
}: {
  count: number;
  onSet(active: boolean): void;
  noun?: string;
}) {
  const of = noun ? ` ${noun}` : '';
  return (
    <>
      <BatchButton count={count} onClick={() => onSet(true)}>{`Activate${of}`}</BatchButton>
      <BatchButton count={count} onClick={() => onSet(false)}>{`Deactivate${of}`}</BatchButton>
    </>
  );
}
