import * as React from 'react';

/**
 * Focus goes back where it was when a Radix dialog closes, even without a Radix Trigger.
 *
 * Radix returns focus only to its own `Trigger`. Our confirmation dialogs are controlled (opened
 * from a sidebar button, a menu item, a post's menu), so without this focus would fall to
 * <body> on close and a keyboard user would lose their place. Pass both handlers to the
 * Radix `Content`.
 *
 * When the opener is gone by then (the dialog deleted what it belonged to, say a comment and
 * its delete button), focus goes to `fallback()` instead, if given: the next sensible place.
 */
export function useRestoreFocus(fallback?: () => HTMLElement | null | undefined) {
  const previous = React.useRef<HTMLElement | null>(null);
  return {
    // Radix fires this before moving focus in, so the active element is still the opener.
    onOpenAutoFocus: () => {
      previous.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const opener = previous.current;
      previous.current = null;
      if (opener && opener !== document.body && opener.isConnected) {
        event.preventDefault();
        opener.focus();
        return;
      }
      const next = opener && opener !== document.body ? fallback?.() : null;
      if (next?.isConnected) {
        event.preventDefault();
        next.focus();
      }
    },
  };
}
