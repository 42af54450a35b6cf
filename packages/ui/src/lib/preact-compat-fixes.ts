import { options } from 'preact';

/*
 * Where preact/compat (issue 22) runs our React code on a different schedule than React, put
 * back React's. Imported once, first thing, as `@pitlane/ui/renderer-fixes` by every entry that
 * renders the UI (apps/web/src/main.tsx, .storybook/preview.tsx); with PITLANE_RENDERER unset
 * that name is an empty module (scripts/renderer.ts), so React's build carries none of this.
 *
 * Passive effects (`useEffect`) run in the same task as the commit that queued them.
 *
 * Preact 11 runs them, and the cleanups of the components a commit unmounted, only after the
 * next frame (preact/hooks: `afterPaint`, a requestAnimationFrame raced with a 35 ms timeout,
 * then a setTimeout; longer on a busy or hidden page). React 19 runs them at the end of the
 * commit for an update from a click or a key, and for any other update in its next scheduler
 * task, in practice the same macrotask: before the browser paints and before any other script
 * (a MutationObserver, a test) looks at the page.
 *
 * Radix undoes a modal dialog's effects on the page in such cleanups: the `aria-hidden` that
 * `hideOthers` put on everything else (DialogContentModal), the body's scroll lock
 * (react-remove-scroll) and the focus guards. So under Preact a closed dialog's element was gone
 * while the rest of the page stayed hidden from assistive technology and unscrollable for a
 * frame or more: a screen reader found "no accessible roles", a click just after the close
 * missed. Effects that move the focus once a commit removed the focused element (EditCommunity-
 * Modal's members heading) ran after Radix's FocusScope had already caught the focus on <body>
 * and moved it to the dialog.
 *
 * Preact lets the app replace the scheduler of that flush (`options.requestAnimationFrame`, the
 * hook preact/test-utils' `act` uses too). Here it takes the flush and runs it:
 * - right after the render queue is processed (`options.debounceRendering`, the microtask in
 *   which every state update renders), in the same microtask, so before a MutationObserver
 *   callback or any other script sees the new DOM; effects that set state render in the next one;
 * - otherwise in a microtask, for commits outside that queue (the root `render`, `flushSync`).
 * Cleanups still run before new effects, and children's effects before their parents', as in
 * both renderers; only the moment changes.
 */

let pendingFlush: (() => void) | undefined;

function flushPassiveEffects() {
  const flush = pendingFlush;
  pendingFlush = undefined;
  flush?.();
}

// preact/hooks calls this with its flush when the first effect or unmount cleanup is queued.
options.requestAnimationFrame = (flush) => {
  pendingFlush = flush;
  queueMicrotask(flushPassiveEffects);
};

const scheduleRender = options.debounceRendering ?? queueMicrotask;
options.debounceRendering = (renderQueued) =>
  scheduleRender(() => {
    try {
      renderQueued();
    } finally {
      flushPassiveEffects();
    }
  });
