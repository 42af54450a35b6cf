import { afterEach, beforeAll, expect } from 'vitest';
import { page } from 'vitest/browser';

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

// Every story tagged `visual` (all of them, unless a story opts out with '!visual') is compared
// with its committed baseline in __screenshots__/ beside the story file.
afterEach(async (context) => {
  const story = (context as unknown as { story?: { tags: string[] } }).story;
  if (!story?.tags.includes('visual')) return;
  await document.fonts.ready;
  await expect.element(page.elementLocator(document.body)).toMatchScreenshot();
});
