// The live stream across a restart (issue 16, item 4), in Debian's Chromium: a page's
// EventSource hears the server stop (SIGTERM ends every stream), reconnects by itself to the
// server started again on the same address after the stream's `retry:` delay, and hears what
// happens next, with no reload and no code of ours in the page.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { LIVE_PATH } from '@pitlane/api/contract';
import { RECONNECT_MS } from '../src/modules/live/routes.ts';
import { chromiumArgs, chromiumPath } from '../../../scripts/chromium.ts';
import { freePort } from '../../../scripts/free-port.ts';
import { useSmtpSink } from './harness.ts';
import { httpPerson } from './http-people.ts';
import { listeningUrl, PROCESS_TEST_MS, startServer } from './server-process.ts';

const sink = useSmtpSink();
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('the live stream across a restart', () => {
  it('a browser connected before a restart hears the server started again, by itself', { timeout: PROCESS_TEST_MS }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitlane-live-restart-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const env = { PORT: String(port), DATA_DIR: dataDir, SMTP_URL: sink.url, PUBLIC_URL: `http://127.0.0.1:${port}`, WEB_DIST_DIR: '/nonexistent' };
    const first = startServer(env);
    const url = await listeningUrl(first);
    const [maya, kenji] = [await httpPerson(url, sink, 'maya'), await httpPerson(url, sink, 'kenji')];

    const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
    cleanups.push(() => browser.close());
    const context = await browser.newContext();
    await context.addCookies(maya.cookie.split('; ').map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1), url })));
    const page = await context.newPage();
    await page.goto(`${url}/api/health`);
    await page.evaluate((livePath) => {
      const state = { events: [] as unknown[], errors: 0 };
      Object.assign(window, { live: state });
      const source = new EventSource(livePath);
      source.onmessage = (message) => state.events.push(JSON.parse(message.data));
      source.onerror = () => state.errors++;
    }, LIVE_PATH);
    const live = () => page.evaluate(() => (window as unknown as { live: { events: unknown[]; errors: number } }).live);
    await expect.poll(async () => (await live()).events).toEqual([{ type: 'unread', count: 0 }]);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    await expect.poll(async () => (await live()).errors).toBeGreaterThan(0);
    const second = startServer(env);
    await listeningUrl(second);

    // Reconnected (RECONNECT_MS after the error at the latest, plus its retries while the server
    // was starting), it hears the unread count again, then Kenji's follow.
    await expect.poll(async () => (await live()).events.length, { timeout: RECONNECT_MS * 4 + 20_000 }).toBe(2);
    expect((await kenji.at(url).request('PATCH', `/api/user/${maya.id}/follow`, {})).status).toBe(200);
    await expect.poll(async () => (await live()).events.at(-1)).toEqual({ type: 'unread', count: 1 });
    expect((await live()).events.slice(0, 2)).toEqual([
      { type: 'unread', count: 0 },
      { type: 'unread', count: 0 },
    ]);
  });
});
