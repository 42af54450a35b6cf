import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:4100';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const viewport of [{ width: 412, height: 823 }, { width: 1280, height: 800 }]) {
  const context = await browser.newContext({ viewport });
  await context.request.post(`${base}/api/auth/login`, { data: { email: 'demo@pitlane.example', password: 'Pitlane@2026' } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => {
    (window as any).__log = [];
    (window as any).__cls = 0;
    new PerformanceObserver((list) => { for (const e of list.getEntries() as any[]) if (!e.hadRecentInput) (window as any).__cls += e.value; }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => { for (const e of list.getEntries() as any[]) (window as any).__lcp = [e.startTime, e.element?.tagName, e.url?.slice(-30)]; }).observe({ type: 'largest-contentful-paint', buffered: true });
    document.addEventListener('DOMContentLoaded', () => {
      const root = document.getElementById('root')!;
      const note = () => (window as any).__log.push([Math.round(performance.now()), !!root.querySelector('[data-slot="dashboard-layout"]'), root.querySelectorAll('article').length]);
      note();
      new MutationObserver(note).observe(root, { childList: true, subtree: false });
    });
  });
  const requests: string[] = [];
  page.on('request', (r) => { if (r.url().includes('/api/')) requests.push(r.url().replace(base, '')); });
  await page.goto(`${base}/feeds`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  console.log(viewport.width, await page.evaluate(() => ({ log: (window as any).__log, cls: (window as any).__cls, lcp: (window as any).__lcp })), requests);
  await context.close();
}
await browser.close();
