/**
 * "Skip to content": the first thing Tab reaches, so keyboard users go past the header and the navbar in one step.
 * It moves focus to the screen's main working area — the sales table when it is shown, else the main region itself.
 */
import { Button } from '@mantine/core';
import type { MouseEvent } from 'react';
import classes from './skip-link.module.css';

/** The id of the element the skip link leads to (the shell's main region). */
export const MAIN_CONTENT_ID = 'main-content';

/** Where focus lands: the main region's grid (the sales table), or the region. */
function skipTarget(): HTMLElement | null {
  const main = document.getElementById(MAIN_CONTENT_ID);
  return main?.querySelector<HTMLElement>('[role="grid"]') ?? main;
}

/** The skip link; place it first in the shell. */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    skipTarget()?.focus();
  };
  return (
    <Button component="a" href={`#${MAIN_CONTENT_ID}`} className={classes.link} onClick={skip} size="sm">
      Skip to content
    </Button>
  );
}
