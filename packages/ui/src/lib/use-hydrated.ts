import * as React from 'react';

const subscribe = () => () => {};

/**
 * False while a page is drawn on the server (apps/web/src/first-screen) and while the browser
 * hydrates what it drew; true from the render after, and from the very first render of a page
 * drawn in the browser. The parts whose code comes later (the post card's menu, the theme switch,
 * the suggestions column) draw their stand-in until then: the server and the hydrating browser
 * must draw the same, and only the browser can fetch the code.
 */
export function useHydrated(): boolean {
  return React.useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
