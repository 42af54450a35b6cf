// A browser that has run the app before (issue 22, src/first-screen): the app has written how it
// writes dates into its cookie, so a signed-in feed arrives drawn by the server. One locale and
// zone for the browser and the cookie alike, so no test depends on the machine's.
import type { BrowserContext, BrowserContextOptions } from '@playwright/test';

export const RETURNING_BROWSER = { locale: 'en-US', timezoneId: 'UTC' } as const satisfies BrowserContextOptions;

/** Gives `context` the cookie the app writes (src/first-screen/state.ts, `rememberDateFormat`). */
export async function rememberDateFormat(context: BrowserContext, baseURL: string): Promise<void> {
  const value = encodeURIComponent(`${RETURNING_BROWSER.locale} ${RETURNING_BROWSER.timezoneId}`);
  await context.addCookies([{ name: 'pitlane_dates', value, url: baseURL }]);
}
