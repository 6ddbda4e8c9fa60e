import { type CSSVariablesResolver, createTheme } from '@mantine/core';

// Mantine's default blue 6 with white text is 3.6:1; shade 9 is 6.1:1 (hover uses shade 8, 5.0:1).
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 9, dark: 8 },
  focusRing: 'auto',
  defaultRadius: 'sm',
  // Filled colours (shade 9, the primaryShade) pick black or white text by their own lightness. White
  // reaches 4.5:1 only on a fill of relative luminance 0.18 or less: orange 9 (0.19) had white at 4.3:1
  // on the portal's alert badge, and now gets black (4.9:1); blue 9 and red 9 keep white.
  autoContrast: true,
  luminanceThreshold: 0.18,
  cursorType: 'pointer',
  // Dialogs and menus appear without motion for people whose system asks for less of it.
  respectReducedMotion: true,
  components: {
    // Links are told apart from text by more than colour.
    Anchor: { defaultProps: { underline: 'always' } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
  },
});

// Text colours that must reach 4.5:1 on white: dimmed text, error messages and placeholders.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    // Light (tinted) backgrounds one step lighter, so that shade-9 text keeps 4.5:1 also on hover.
    '--mantine-color-blue-light': 'var(--mantine-color-blue-0)',
    '--mantine-color-blue-light-hover': 'var(--mantine-color-blue-1)',
    '--mantine-color-green-light-color': '#1e5e2c',
    '--mantine-color-teal-light-color': '#0b5c44',
    '--mantine-color-yellow-light-color': '#6b4500',
    '--mantine-color-orange-light-color': '#8a3a0b',
  },
  dark: {},
});
