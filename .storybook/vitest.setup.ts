import { afterEach, beforeAll, expect, inject } from 'vitest';
import { page } from 'vitest/browser';
import { configure } from 'storybook/test';
import type { MovedClock } from '../scripts/faketime.ts';
import { viewports } from './preview.tsx';
import { THEME_STORAGE_KEY } from '../packages/ui/src/lib/theme.ts';

// A story's first mocked answer can take more than testing-library's default 1 s on a busy 2-core
// CI machine (the server suite runs beside the stories); a wait that fails still fails, in 5 s.
configure({ asyncUtilTimeout: 5_000 });

// Stable pixels: no animations, transitions or blinking caret, and the bundled font loaded
// before anything is drawn.
beforeAll(async () => {
  const style = document.createElement('style');
  style.textContent = `*, *::before, *::after {
    animation-duration: 0s !important; animation-delay: 0s !important;
    transition-duration: 0s !important; transition-delay: 0s !important;
    caret-color: transparent !important;
  }`;
  document.head.append(style);
  await document.fonts.ready;
});

// The stories' Chromium runs with its clock and zone moved (vitest.config.ts): a story that reads
// the real date, hour or zone fails the day it is written. Checked here, so a launcher change that
// drops the moved clock fails every story instead of silently ending the guard.
beforeAll(() => {
  const clock = inject('storyClock');
  if (!clock) return;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const localDay = new Date().toLocaleDateString('en-CA'); // YYYY-MM-DD in the browser's zone
  expect(`${localDay} ${zone}`, 'the stories run with the browser clock moved').toBe(`${clock.start.slice(0, 10)} ${clock.timeZone}`);
});

declare module 'vitest' {
  export interface ProvidedContext {
    storyClock: MovedClock | null;
  }
}

// Every story tagged `visual` (all of them, unless a story opts out with '!visual') is compared
// with its committed baselines in __screenshots__/ beside the story file: as it is (light), then in
// the dark theme (issue 21: the same page with the `dark` class on <html> that the app's
// theme-init.js sets), then dark at the other of the two widths (a desktop story on a phone, a
// phone story on a desktop): "<Story>-1-chromium-linux.png", "<Story>-dark-chromium-linux.png" and
// "<Story>-dark-mobile-chromium-linux.png" (or "-dark-desktop-"). Each picture is of the whole
// story, however tall: Chromium paints only what lies in the viewport, so the viewport is grown to
// the story's height first. The next story sets its own viewport again (Storybook's test-utils).
afterEach(async (context) => {
  const story = (context as unknown as { story?: { tags: string[] } }).story;
  if (!story?.tags.includes('visual')) return;
  const width = window.innerWidth;
  const body = page.elementLocator(document.body);
  await document.fonts.ready;
  await fitViewport(width, window.innerHeight);
  await expect.element(body).toMatchScreenshot();
  const root = document.documentElement;
  // A story that chose dark itself (the ThemeSwitch's) is put back as it was. The preference is
  // dark meanwhile too, as a reader's would be: something that mounts during the pictures (the
  // sidebar's theme switch, drawn once the viewport is wide) applies it instead of undoing the class.
  const wasDark = root.classList.contains('dark');
  const storedPreference = localStorage.getItem(THEME_STORAGE_KEY);
  localStorage.setItem(THEME_STORAGE_KEY, 'dark');
  root.classList.add('dark');
  try {
    await nextFrame();
    await expect.element(body).toMatchScreenshot(`${context.task.name} dark`);
    const other = width < MOBILE_BELOW ? viewports.desktop : viewports.mobile;
    await fitViewport(parseInt(other.styles.width), parseInt(other.styles.height));
    await expect.element(body).toMatchScreenshot(`${context.task.name} dark ${other === viewports.mobile ? 'mobile' : 'desktop'}`);
  } finally {
    if (storedPreference === null) localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, storedPreference);
    root.classList.toggle('dark', wasDark);
  }
});

/** Spec §9: mobile is < 768 px. */
const MOBILE_BELOW = 768;
/** Taller than any story (the longest, a phone's full post list, is under 7,000 px). */
const MAX_HEIGHT = 12_000;

/**
 * The viewport at `width`, as tall as the story (at least `height`), its images decoded. Growing
 * it can bring more into view (an infinite list's next page), so it grows until the height holds.
 */
async function fitViewport(width: number, height: number) {
  await page.viewport(width, height);
  for (let round = 0; round < 5; round++) {
    await nextFrame();
    await imagesDecoded();
    const full = Math.min(document.documentElement.scrollHeight, MAX_HEIGHT);
    if (full <= window.innerHeight) return;
    await page.viewport(width, full);
  }
}

/** Two frames: the class change has been styled, laid out and painted. */
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

/**
 * Avatars, covers and car photos finish decoding before the picture is taken. Lazy images out of
 * view (a carousel's next photos) may never load, so they are left out, and nothing waits longer
 * than 3 s.
 */
async function imagesDecoded() {
  const inView = (image: HTMLImageElement) => {
    const box = image.getBoundingClientRect();
    return box.bottom > 0 && box.right > 0 && box.top < window.innerHeight && box.left < window.innerWidth;
  };
  const wanted = [...document.images].filter((image) => image.loading !== 'lazy' || inView(image));
  const decoded = Promise.all(wanted.map((image) => image.decode().catch(() => undefined)));
  await Promise.race([decoded, new Promise((resolve) => setTimeout(resolve, 3_000))]);
}
