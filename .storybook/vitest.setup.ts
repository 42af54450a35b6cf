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
  await imagesDecoded();
  await expect.element(page.elementLocator(document.body)).toMatchScreenshot();
});

/**
 * Avatars, covers and car photos finish decoding before the picture is taken. Lazy images
 * below the fold may never load, so they are left out, and nothing waits longer than 3 s.
 */
async function imagesDecoded() {
  const eager = [...document.images].filter((image) => image.loading !== 'lazy');
  const decoded = Promise.all(eager.map((image) => image.decode().catch(() => undefined)));
  await Promise.race([decoded, new Promise((resolve) => setTimeout(resolve, 3_000))]);
}
