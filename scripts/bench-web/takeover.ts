// When the signed-in /feeds paints its first photo and when the app has taken the drawn page over
// (issue 22), as a phone sees them: Chromium slowed as Lighthouse's applied throttling slows it
// (its "slow 4G": 562.5 ms per request, 1.47 Mbit/s down; the CPU 4x), not simulated. The drawn
// page starts the app only once the photo has been painted (public/drawn-page.js): this shows what
// that costs the app's start, and what it gives the photo.
//
//   npm run bench:web-takeover -- [--dist DIR] [--data-from DIR] [--runs 5]
//
// --dist and --data-from as for bench:web. Prints each run and the medians; asserts nothing.
import { chromium } from 'playwright';
import { chromiumArgs, chromiumPath } from '../chromium.ts';
import { median, ms, section, table } from './format.ts';
import { runs } from './options.ts';
import { returningPhone } from './returning-phone.ts';
import { signIn, startServer } from './server.ts';

/** Lighthouse's mobile applied throttling (its `devtools` method's slow 4G and CPU slowdown). */
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };
const CPU_SLOWDOWN = 4;

const served = await startServer();
try {
  const cookie = await signIn(served.baseUrl, served.account);
  const figures: { lcp: number; tookOver: number }[] = [];
  for (let run = 0; run < runs; run++) {
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
    const context = await returningPhone(browser, served.baseUrl, cookie);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await page.addInitScript(() => {
      const seen = { lcp: -1, tookOver: -1 };
      Object.assign(window, { pitlaneBench: seen });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen.lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      // Taken over: React's own keys on the page's first component of ours (as the e2e tests' appTookOver).
      const poll = () => {
        const first = document.querySelector('#root [data-slot]');
        if (first && Object.keys(first).some((key) => key.startsWith('__reactFiber'))) seen.tookOver = performance.now();
        else setTimeout(poll, 10);
      };
      poll();
    });
    await page.goto(`${served.baseUrl}/feeds`, { waitUntil: 'load' });
    await page.waitForFunction(() => (window as unknown as { pitlaneBench: { tookOver: number } }).pitlaneBench.tookOver > 0, null, { timeout: 60_000 });
    const seen = await page.evaluate(() => (window as unknown as { pitlaneBench: { lcp: number; tookOver: number } }).pitlaneBench);
    figures.push(seen);
    console.log(`run ${run + 1}: LCP ${ms(seen.lcp)}, the app took over at ${ms(seen.tookOver)}`);
    await browser.close();
  }
  section(`/feeds signed in, applied throttling (slow 4G, CPU ${CPU_SLOWDOWN}x), ${runs} run(s), medians`);
  table(['LCP', 'app took over'], [[ms(median(figures.map((f) => f.lcp))), ms(median(figures.map((f) => f.tookOver)))]]);
} finally {
  await served.stop();
}
