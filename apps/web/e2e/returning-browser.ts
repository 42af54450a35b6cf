// A browser that has run the app before (issue 22, src/first-screen): the app has written how it
// writes dates into its cookie, so a signed-in feed arrives drawn by the server. One locale and
// zone for the browser and the cookie alike, so no test depends on the machine's. And the wait
// for the app to have taken such a page over.
import type { BrowserContext, BrowserContextOptions, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

export const RETURNING_BROWSER = { locale: 'en-US', timezoneId: 'UTC' } as const satisfies BrowserContextOptions;

/** Gives `context` the cookie the app writes (src/first-screen/state.ts, `rememberDateFormat`). */
export async function rememberDateFormat(context: BrowserContext, baseURL: string): Promise<void> {
  const value = encodeURIComponent(`${RETURNING_BROWSER.locale} ${RETURNING_BROWSER.timezoneId}`);
  await context.addCookies([{ name: 'pitlane_dates', value, url: baseURL }]);
}

/**
 * Waits until the app has the page: a page the server drew is the browser's to read at once, but
 * its buttons do nothing until React has hydrated it (a press before that is lost, as a person's
 * would be). React marks the elements it has taken over; a test that presses right after a full
 * page load of a signed-in page waits for that mark on the page's first component of ours (the
 * first child of #root may be a `<link>` React put there: the photo's preload).
 */
export async function appTookOver(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => Object.keys(document.querySelector('#root [data-slot]') ?? {}).some((key) => key.startsWith('__reactFiber'))))
    .toBe(true);
}
