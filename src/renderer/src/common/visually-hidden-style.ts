/**
 * Style that hides an element from sight but not from screen readers, for elements (like a table
 * caption) that Mantine's VisuallyHidden span cannot replace.
 */
import type { CSSProperties } from 'react';

/** The classic visually-hidden recipe. */
export const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};
