// A phone's browser that has run the app before, for the scripts that load /feeds in the page
// (profile.ts, takeover.ts): signed in (the Cookie header signIn returned) and with the cookie
// that says how it writes dates, without which the server does not draw the feed
// (apps/web/src/first-screen).
import type { Browser, BrowserContext } from 'playwright';

const dates = { locale: 'en-US', timezoneId: 'UTC' };

export async function returningPhone(browser: Browser, baseUrl: string, cookie: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, ...dates });
  await context.addCookies([
    ...cookie.split('; ').map((pair) => {
      const [name, ...value] = pair.split('=');
      return { name: name!, value: value.join('='), url: baseUrl };
    }),
    { name: 'pitlane_dates', value: encodeURIComponent(`${dates.locale} ${dates.timezoneId}`), url: baseUrl },
  ]);
  return context;
}
