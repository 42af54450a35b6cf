// public/drawn-page.js holds the presses made on a drawn page before the app has it;
// early-presses.ts presses those buttons again once it has. The two halves, together.
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { replayEarlyPresses } from './early-presses.ts';

// The unit project runs from the repository's root.
const script = readFileSync('apps/web/public/drawn-page.js', 'utf8');

let root: HTMLElement;
let removeListeners: () => void;

beforeEach(() => {
  document.body.innerHTML = [
    '<div id="root"><article>',
    '<button type="button">0 Likes</button>',
    '<button type="button" aria-label="More actions"></button>',
    '<a href="#profile">Ines</a>',
    '</article></div>',
    '<button type="button" id="outside">Outside</button>',
  ].join('');
  root = document.getElementById('root')!;
  // The script listens on the document for the page's lifetime; each test gets a fresh one.
  const added: [string, EventListenerOrEventListenerObject, boolean | AddEventListenerOptions | undefined][] = [];
  const add = document.addEventListener.bind(document);
  vi.spyOn(document, 'addEventListener').mockImplementation((type, listener, options) => {
    added.push([type, listener, options]);
    add(type, listener, options);
  });
  new Function(script)();
  vi.mocked(document.addEventListener).mockRestore();
  removeListeners = () => added.forEach(([type, listener, options]) => document.removeEventListener(type, listener, options));
});

afterEach(() => {
  removeListeners();
  delete window.pitlaneEarlyPresses;
});

/** Counts the clicks that reach each element's own handler. */
function countClicks(...elements: Element[]): Map<Element, number> {
  const counts = new Map(elements.map((element) => [element, 0]));
  for (const element of elements) element.addEventListener('click', () => counts.set(element, counts.get(element)! + 1));
  return counts;
}

/**
 * Presses "More actions" while the page is drawn, then does what the app's hydration does
 * (`alsoChange`, and a new "More actions" in the stand-in's place); how often the new one was pressed.
 */
function pressedAfterRedrawing(alsoChange: () => void = () => {}): number {
  const more = root.querySelector<HTMLButtonElement>('[aria-label="More actions"]')!;
  more.click();
  alsoChange();
  const redrawn = document.createElement('button');
  redrawn.setAttribute('aria-label', 'More actions');
  more.replaceWith(redrawn);
  const clicks = countClicks(redrawn);
  replayEarlyPresses(root);
  return clicks.get(redrawn)!;
}

describe('early presses', () => {
  it('holds a press on a drawn button, and the app presses it again, in order, once it has the page', () => {
    const [like, more] = root.querySelectorAll('button');
    const clicks = countClicks(like!, more!);
    const pressed: string[] = [];
    like!.addEventListener('click', () => pressed.push('like'));
    more!.addEventListener('click', () => pressed.push('more'));

    expect(like!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))).toBe(false); // default prevented
    more!.click();
    like!.click();
    expect([...clicks.values()]).toEqual([0, 0]);

    replayEarlyPresses(root);
    expect(pressed).toEqual(['like', 'more', 'like']);
    // From then on the page's presses are the app's.
    like!.click();
    expect(clicks.get(like!)).toBe(3);
  });

  it('leaves links, and buttons outside the drawn page, alone', () => {
    const link = root.querySelector('a')!;
    const outside = document.getElementById('outside')!;
    const clicks = countClicks(link, outside);
    expect(link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))).toBe(true);
    outside.click();
    expect([...clicks.values()]).toEqual([1, 1]);
    expect(window.pitlaneEarlyPresses?.()).toEqual([]);
  });

  it('presses the button the app drew in its place, when it is the same button', () => {
    // The app drew its own "More actions" where the stand-in was.
    expect(pressedAfterRedrawing()).toBe(1);
  });

  it('presses as a pointer does, so a control that opens on the pointer going down opens too', () => {
    // A Radix menu trigger, as the card's "More actions" is once its code has come: it opens on
    // pointerdown and ignores the click.
    const more = root.querySelector<HTMLButtonElement>('[aria-label="More actions"]')!;
    let opened = 0;
    more.addEventListener('pointerdown', (event) => {
      if (event.button === 0 && !event.ctrlKey) opened++;
    });
    more.click();
    replayEarlyPresses(root);
    expect(opened).toBe(1);
  });

  it('finds the redrawn button from the card around it, when the app has also removed what came before the card', () => {
    root.innerHTML = [
      '<nav><button type="button">Logout</button></nav>',
      '<article aria-labelledby="post-1"><h2 id="post-1">Sunrise</h2><div><button type="button" aria-label="More actions"></button></div></article>',
    ].join('');
    // Hydrated on a phone: the sidebar is gone, the card's stand-in replaced by the app's button.
    expect(pressedAfterRedrawing(() => root.querySelector('nav')!.remove())).toBe(1);
  });

  it('presses nothing in the place of a button that is gone', () => {
    const like = root.querySelector('button')!;
    like.click();
    const other = document.createElement('button');
    other.textContent = 'Follow';
    like.replaceWith(other);
    const clicks = countClicks(other);
    replayEarlyPresses(root);
    expect(clicks.get(other)).toBe(0);
  });

  it('does nothing on a page drawn in the browser (no script, nothing held)', () => {
    removeListeners();
    delete window.pitlaneEarlyPresses;
    expect(() => replayEarlyPresses(root)).not.toThrow();
  });
});
