import { afterEach, beforeAll, expect, inject } from 'vitest';
import { page } from 'vitest/browser';
import { configure } from 'storybook/test';
import type { MovedClock } from '../scripts/faketime.ts';

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
// with its committed baselines in __screenshots__/ beside the story file: as it is (light), then
// in the dark theme (issue 21), the same page with the `dark` class on <html> that the app's
// theme-init.js sets: "<Story>-1-chromium-linux.png" and "<Story>-dark-chromium-linux.png".
afterEach(async (context) => {
  const story = (context as unknown as { story?: { tags: string[] } }).story;
  if (!story?.tags.includes('visual')) return;
  await document.fonts.ready;
  await imagesDecoded();
  const body = page.elementLocator(document.body);
  await expect.element(body).toMatchScreenshot();
  const root = document.documentElement;
  // A story that chose dark itself (the ThemeSwitch's) is put back as it was.
  const wasDark = root.classList.contains('dark');
  root.classList.add('dark');
  try {
    await nextFrame();
    await expect.element(body).toMatchScreenshot(`${context.task.name} dark`);
  } finally {
    root.classList.toggle('dark', wasDark);
  }
});

/** Two frames: the class change has been styled, laid out and painted. */
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

/**
 * Avatars, covers and car photos finish decoding before the picture is taken. Lazy images
 * below the fold may never load, so they are left out, and nothing waits longer than 3 s.
 */
async function imagesDecoded() {
  const eager = [...document.images].filter((image) => image.loading !== 'lazy');
  const decoded = Promise.all(eager.map((image) => image.decode().catch(() => undefined)));
  await Promise.race([decoded, new Promise((resolve) => setTimeout(resolve, 3_000))]);
}
