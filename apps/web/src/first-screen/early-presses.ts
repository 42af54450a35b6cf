// The presses public/drawn-page.js held on a drawn page before the app had taken it over,
// pressed again now that it has (main.tsx, once the hydration has been committed).

/** One press held by public/drawn-page.js. */
interface EarlyPress {
  button: HTMLButtonElement;
  /** The nearest element around it with an id or an aria-labelledby (null: #root itself). */
  anchor: { name: 'id' | 'aria-labelledby' | null; value: string | null };
  /** Child positions from the anchor: where the button was drawn. */
  path: number[];
  /** Its aria-label, or its text: the same button, if the app has drawn it anew. */
  label: string | null;
}

declare global {
  interface Window {
    /** Set by public/drawn-page.js on a page drawn on the server: the presses it held, once. */
    pitlaneEarlyPresses?: () => EarlyPress[];
  }
}

const labelOf = (button: Element) => button.getAttribute('aria-label') || button.textContent;

/** The anchor of a press as the page is now. */
function anchorNow(root: HTMLElement, { name, value }: EarlyPress['anchor']): Element | undefined {
  if (name === null) return root;
  return [...root.querySelectorAll(`[${name}]`)].find((element) => element.getAttribute(name) === value);
}

/**
 * The button of `press` as the page is now: the one pressed, or where it was drawn when the app
 * has drawn a new one in its place (a part whose code came later: its stand-in is replaced) with
 * the same label. Null when it is gone.
 */
function buttonNow(root: HTMLElement, press: EarlyPress): HTMLButtonElement | null {
  if (press.button.isConnected) return press.button;
  let node = anchorNow(root, press.anchor);
  for (const index of press.path) node = node?.children[index];
  return node instanceof HTMLButtonElement && labelOf(node) === press.label ? node : null;
}

/**
 * A primary press on `button` as a pointer makes one: down, up, then the click. Some controls act
 * on the pointer going down (Radix's menu triggers: the card's "More actions" once its code has
 * come), the others on the click; a click alone would leave the first kind shut.
 */
function pressLikeAPointer(button: HTMLButtonElement): void {
  const down = { bubbles: true, cancelable: true, composed: true, button: 0, buttons: 1, isPrimary: true, pointerType: 'mouse' };
  const up = { ...down, buttons: 0 };
  button.dispatchEvent(new PointerEvent('pointerdown', down));
  button.dispatchEvent(new MouseEvent('mousedown', down));
  button.dispatchEvent(new PointerEvent('pointerup', up));
  button.dispatchEvent(new MouseEvent('mouseup', up));
  button.click();
}

/** Presses again, in order, the buttons pressed before the app had the page; stops the holding. */
export function replayEarlyPresses(root: HTMLElement): void {
  const presses = window.pitlaneEarlyPresses?.() ?? [];
  for (const press of presses) {
    const button = buttonNow(root, press);
    if (button && !button.disabled) pressLikeAPointer(button);
  }
}
