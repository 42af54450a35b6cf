// The presses public/early-presses.js held on a drawn page before the app had taken it over,
// pressed again now that it has (main.tsx, once the hydration has been committed).

/** One press held by public/early-presses.js. */
interface EarlyPress {
  button: HTMLButtonElement;
  /** Child positions from #root: where the button was drawn. */
  path: number[];
  /** Its aria-label, or its text: the same button, if the app has drawn it anew. */
  label: string | null;
}

declare global {
  interface Window {
    /** Set by public/early-presses.js on a page drawn on the server: the presses it held, once. */
    pitlaneEarlyPresses?: () => EarlyPress[];
  }
}

const labelOf = (button: Element) => button.getAttribute('aria-label') || button.textContent;

/**
 * The button of `press` as the page is now: the one pressed, or where it was drawn when the app
 * has drawn a new one in its place (a part whose code came later: its stand-in is replaced) with
 * the same label. Null when it is gone.
 */
function buttonNow(root: HTMLElement, press: EarlyPress): HTMLButtonElement | null {
  if (press.button.isConnected) return press.button;
  let node: Element | undefined = root;
  for (const index of press.path) node = node?.children[index];
  return node instanceof HTMLButtonElement && labelOf(node) === press.label ? node : null;
}

/** Presses again, in order, the buttons pressed before the app had the page; stops the holding. */
export function replayEarlyPresses(root: HTMLElement): void {
  const presses = window.pitlaneEarlyPresses?.() ?? [];
  for (const press of presses) {
    const button = buttonNow(root, press);
    if (button && !button.disabled) button.click();
  }
}
