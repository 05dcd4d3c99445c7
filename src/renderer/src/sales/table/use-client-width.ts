/**
 * The width inside an element's borders and scrollbar (its clientWidth), kept as state so rendering never has to
 * read the DOM. The observer watches the content box, which shrinks when a scrollbar appears: a border-box size
 * would not notice.
 */
import { useCallback, useState } from 'react';

/** A callback ref to put on the element, and its current client width (0 until measured). */
export function useClientWidth<T extends HTMLElement>(): [
  ref: (node: T | null) => (() => void) | undefined,
  width: number,
] {
  const [width, setWidth] = useState(0);
  const ref = useCallback((node: T | null) => {
    if (node === null) return undefined;
    let frame = 0;
    // Measured on the next frame, as Mantine's own size hooks do, so a resize caused by the new width is not a loop.
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setWidth(node.clientWidth));
    });
    observer.observe(node);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, []);
  return [ref, width];
}
