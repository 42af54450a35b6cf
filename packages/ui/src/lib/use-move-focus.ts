import * as React from 'react';

/**
 * Moves the focus to `target` in the same commit that shows it, each time `key` changes to a
 * value other than `null`, `undefined` or `false` (and on mount when it starts as one): a new
 * step's heading (`key`: the step), a field that appears (`key`: `true`), the field again when a
 * message about it appears (`key`: the message).
 *
 * A layout effect on purpose, not `useEffect`. The element that had the focus (the button that
 * was pressed, the form that was sent) is usually gone in that commit, so until the focus moves it
 * is on <body>: keys typed then are lost and a screen reader hears nothing of the new step.
 * `useEffect` leaves that gap open for as long as the renderer waits to run passive effects:
 * preact/compat (issue 22) runs them after the next frame (requestAnimationFrame, up to 35 ms
 * later), and React in a later task for an update that did not come from an event (a request's
 * answer, as most steps here), with a paint possibly in between. A layout effect runs in the
 * commit itself, after the refs are set, under both. (react-hook-form's `setFocus` cannot be
 * used here: it focuses in a `setTimeout` of its own.)
 */
export function useMoveFocus(key: unknown, target: React.RefObject<HTMLElement | null>): void {
  React.useLayoutEffect(() => {
    if (key === null || key === undefined || key === false) return;
    target.current?.focus();
    // Only a change of `key` moves the focus (a ref object is the same on every render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
