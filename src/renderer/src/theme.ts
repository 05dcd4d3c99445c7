/**
 * The app's Mantine theme, in one place so every screen shares the same colours, radius and type.
 *
 * Three of Mantine's defaults are below the 4.5:1 contrast WCAG asks of body text, and axe-core flags them on every
 * screen: dimmed text (gray 6 on white, 3.3:1; dark 2 on dark 6, 3.5:1) and white on the light scheme's filled
 * primary (indigo 6, 4.3:1). So the two greys that Mantine uses for dimmed text are a little darker (light) and lighter
 * (dark), and filled colours use shade 7 in the light scheme.
 *
 * Light badges and the active navbar entry put shade 9 on shade 1 (2 when hovered) in the light scheme: 2.5:1 for
 * yellow, 3.4:1 for green, 4.1:1 for indigo. {@link cssVariablesResolver} darkens that text by 30 %, which brings
 * every Mantine colour to at least 4.7:1 on shade 2.
 */
import {
  createTheme,
  darken,
  DEFAULT_THEME,
  Drawer,
  Menu,
  Modal,
  Notification,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';
import { DatePickerInput, MonthLevel } from '@mantine/dates';
import classes from './theme.module.css';

/** `tuple` with `shade` replaced by `value`. */
function withShade(tuple: MantineColorsTuple, shade: number, value: string): MantineColorsTuple {
  return tuple.map((color, index) => (index === shade ? value : color)) as unknown as MantineColorsTuple;
}

/** The theme passed to MantineProvider. */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 8 },
  colors: {
    // Dimmed text in the light scheme: 4.8:1 on indigo 1 (a selected row), more on gray 1 and white.
    gray: withShade(DEFAULT_THEME.colors.gray, 6, '#5c636a'),
    // Dimmed text in the dark scheme: 4.6:1 on dark 5 (a checked menu item), more on cards, inputs and the body.
    dark: withShade(DEFAULT_THEME.colors.dark, 2, '#b0b0b0'),
  },
  // Keyboard focus always shows Mantine's ring; a mouse click does not (the ring follows :focus-visible).
  focusRing: 'auto',
  defaultRadius: 'md',
  cursorType: 'pointer',
  headings: { fontWeight: '650' },
  // A dialog's or notification's close button shows only an ×: it needs a name for screen readers (screens may give a more precise one).
  components: {
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } } }),
    // A menu's first focus goes to its first item, not to an unnamed placeholder a menu may not hold.
    Menu: Menu.extend({ defaultProps: { withInitialFocusPlaceholder: false }, classNames: { item: classes.menuItem } }),
    // The calendar's days take their colours from theme.module.css; its month and year selects need a name.
    DatePickerInput: DatePickerInput.extend({ classNames: { day: classes.day } }),
    MonthLevel: MonthLevel.extend({ defaultProps: { levelControlAriaLabel: 'Month and year shown' } }),
  },
});

/** How much the light scheme's light-variant text (shade 9) is darkened; yellow, the lightest, needs all of it. */
const LIGHT_TEXT_DARKEN = 0.3;

/**
 * Passed to MantineProvider: light-variant text dark enough for 4.5:1 on its own background, and placeholders (an
 * empty date range says "All cached sales") as readable as dimmed text: Mantine's gray 5 and dark 3 are near 2:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    ...Object.fromEntries(
      Object.entries(resolved.colors).map(([name, shades]) => [
        `--mantine-color-${name}-light-color`,
        darken(shades[9], LIGHT_TEXT_DARKEN),
      ]),
    ),
    // Coloured text (a red menu item, teal "saved", a weekend): Mantine uses the filled shade, 3.1:1 for teal and
    // 3.3:1 for red on white; the light variant's darkened text reads at 4.5:1 and more.
    ...Object.fromEntries(
      Object.entries(resolved.colors).map(([name, shades]) => [
        `--mantine-color-${name}-text`,
        darken(shades[9], LIGHT_TEXT_DARKEN),
      ]),
    ),
    // Form errors: Mantine's red 6 is 3.3:1 on white.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-dimmed)',
  },
  // Form errors: Mantine's red 8 is below 4.5:1 on the dark body; red 4 is the dark scheme's red text.
  dark: {
    '--mantine-color-placeholder': 'var(--mantine-color-dimmed)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
});
