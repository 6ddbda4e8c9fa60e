import { Badge, MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from './theme';

afterEach(cleanup);

/** The text colour a filled badge of this colour gets under the app's theme. */
function textOf(color: string): string {
  render(
    <MantineProvider theme={theme}>
      <Badge color={color}>{color}</Badge>
    </MantineProvider>,
  );
  const root = screen.getByText(color).closest('.mantine-Badge-root') as HTMLElement;
  return root.style.getPropertyValue('--badge-color');
}

describe('filled colours keep 4.5:1', () => {
  it('puts black text on fills too light for white (orange 9, green 9) and white on dark ones', () => {
    expect(textOf('orange')).toBe('var(--mantine-color-black)');
    expect(textOf('green')).toBe('var(--mantine-color-black)');
    expect(textOf('blue')).toBe('var(--mantine-color-white)');
    expect(textOf('red')).toBe('var(--mantine-color-white)');
  });
});
