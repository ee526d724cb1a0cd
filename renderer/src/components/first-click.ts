import type { MouseEvent } from 'react';

/**
 * A click handler that ignores the second click of a double click. A button that starts work (a run,
 * an import) is disabled while the work starts, but work that starts faster than the user's second
 * click would be started twice; the browser counts the clicks (`detail`), so that second one is told
 * apart whatever the timing. Keyboard presses (detail 0) always act.
 */
export function firstClickOnly<E extends Element>(act: (event: MouseEvent<E>) => void) {
  return (event: MouseEvent<E>) => {
    if (event.detail > 1) return;
    act(event);
  };
}
