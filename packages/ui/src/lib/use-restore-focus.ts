import * as React from 'react';

/**
 * Focus goes back where it was when a Radix dialog closes, even without a Radix Trigger.
 *
 * Radix returns focus only to its own `Trigger`. Our confirmation dialogs are controlled (opened
 * from a sidebar button, a menu item, a post's menu), so without this focus would fall to
 * <body> on close and a keyboard user would lose their place. Pass both handlers to the
 * Radix `Content`.
 */
export function useRestoreFocus() {
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
      }
    },
  };
}
