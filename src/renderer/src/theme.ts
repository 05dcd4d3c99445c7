/**
 * The app's Mantine theme, in one place so every screen shares the same colours, radius and type.
 */
import { createTheme } from '@mantine/core';

/** The theme passed to MantineProvider. */
export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  cursorType: 'pointer',
  headings: { fontWeight: '650' },
});
