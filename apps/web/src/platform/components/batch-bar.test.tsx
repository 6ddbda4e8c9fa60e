import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ActiveButtons, BatchBar, BatchButton } from './batch-bar';

afterEach(cleanup);

const show = (count: number, set: boolean[] = [], ready = true) =>
  render(
    <MantineProvider>
      <BatchBar label="Batch actions on the chosen forms" count={count}>
        <ActiveButtons count={count} noun="forms" onSet={(active) => set.push(active)} />
        <BatchButton count={count} disabled={!ready} onClick={() => set.push(true)}>
          Set category
        </BatchButton>
      </BatchBar>
    </MantineProvider>,
  );

const button = (name: string) =>
  within(screen.getByRole('group', { name: 'Batch actions on the chosen forms' })).getByRole('button', {
    name,
  }) as HTMLButtonElement;

describe('BatchBar', () => {
  it('says how many rows are chosen, and its actions are off until one is', () => {
    show(0);
    expect(screen.getByText('0 chosen')).toBeTruthy();
    expect(button('Activate forms').disabled).toBe(true);
    expect(button('Deactivate forms').disabled).toBe(true);
    expect(button('Set category').disabled).toBe(true);
  });

  it('runs an action on the chosen rows; one that needs more stays off until it has it', () => {
    const set: boolean[] = [];
    show(2, set, false);
    expect(screen.getByText('2 chosen')).toBeTruthy();
    fireEvent.click(button('Deactivate forms'));
    fireEvent.click(button('Activate forms'));
    expect(set).toEqual([false, true]);
    expect(button('Set category').disabled).toBe(true);
  });
});
