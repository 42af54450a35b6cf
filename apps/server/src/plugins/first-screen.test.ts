// The server's part of a page drawn on the server (first-screen.ts): loading the build's drawing
// module, answering its calls in-process as the visitor, and sending what it drew. The drawing
// itself (React) is the web app's, tested in apps/web/src/first-screen; here a small module of
// the same shape stands in for it, so these tests see exactly what the server hands it.
import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useApp, useSmtpSink, useTempDir } from '../../test/harness.ts';
import { browser, person, type Browser } from '../../test/browser.ts';
import { newPost } from '../../test/posts.ts';
import { SESSION_COOKIE } from '../modules/auth/sessions.ts';
import { FIRST_SCREEN_MODULE } from './first-screen.ts';

const pglite = { kind: 'pglite', name: 'PGlite' } as const;
const indexHtml = '<!doctype html><html><head><title>Pitlane</title></head><body><div id="root"></div></body></html>';

/**
 * Draws who is signed in and their feed's titles, from the API's replies; asks to write when the
 * address says `?write`, and fails when it says `?fail`, as a broken build would.
 */
const drawingModule = (label: string) => `
export async function renderFirstScreen({ url, template, fetch, cookies }) {
  if (url.includes('?fail')) throw new TypeError('the drawing broke');
  if (url.includes('?write')) await fetch('/api/posts/create', { method: 'POST' });
  const verify = await fetch('/api/auth/verify');
  const { user } = await verify.json();
  if (!user) return null;
  const feed = await (await fetch('/api/posts/feed?page=1')).json();
  const titles = feed.posts.map((post) => post.title).join(' | ');
  return template.replace('<div id="root"></div>', () => '<div id="root">${label} ' + user.username + ': ' + titles + ' (' + (cookies.pitlane_dates ?? 'no dates') + ')</div>');
}
`;

function useDrawingDist() {
  const tmp = useTempDir('pitlane-dist-');
  return {
    get dir() {
      const dir = tmp.path;
      if (!fs.existsSync(path.join(dir, 'index.html'))) {
        fs.writeFileSync(path.join(dir, 'index.html'), indexHtml);
        fs.mkdirSync(path.join(dir, '.server'));
        fs.writeFileSync(path.join(dir, FIRST_SCREEN_MODULE), drawingModule('drawn for'));
      }
      return dir;
    },
  };
}

describe('a signed-in page drawn on the server', () => {
  const dist = useDrawingDist();
  const sink = useSmtpSink();
  const t = useApp(pglite, {
    sink,
    get env() {
      return { NODE_ENV: 'production', LOG_LEVEL: 'silent', WEB_DIST_DIR: dist.dir };
    },
  });

  async function readerOfOnePost(): Promise<{ reader: Browser; username: string; title: string }> {
    const author = await person(t.app, sink, 'drawn.author');
    const reader = await person(t.app, sink, 'drawn.reader');
    const post = await newPost(author.browser, { title: 'Golden hour at the Nordschleife' });
    expect((await reader.browser.patch(`/api/user/${author.id}/follow`)).statusCode).toBe(200);
    return { reader: reader.browser, username: reader.username, title: post.title };
  }

  it("arrives drawn from the API's replies to that person, compressed, private to them", async () => {
    const { reader, username, title } = await readerOfOnePost();

    const page = await reader.get('/feeds', { headers: { 'accept-encoding': 'gzip, deflate, br' } });

    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(
      indexHtml.replace('<div id="root"></div>', `<div id="root">drawn for ${username}: ${title} (no dates)</div>`),
    );
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(String(page.headers.vary)).toMatch(/cookie/);
    // The replies are in the page: the Link header names no API reply to fetch again.
    expect(page.headers.link ?? '').not.toContain('/api/');

    const gzipped = await reader.get('/feeds', { headers: { 'accept-encoding': 'gzip', cookie: `${SESSION_COOKIE}=${reader.cookies.get(SESSION_COOKIE)!.value}; pitlane_dates=en-GB%20Europe%2FBerlin` } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toContain(`${title} (en-GB Europe/Berlin)`);
    const plain = await reader.get('/feeds');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain(`drawn for ${username}`);
  });

  it('is index.html as built for a visitor without a session, or with one that has ended (whose cookie then goes)', async () => {
    const anonymous = await browser(t.app).get('/feeds');
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.body).toBe(indexHtml);
    expect(anonymous.headers['cache-control']).toBe('no-cache');

    const ended = await t.app.inject({ method: 'GET', url: '/feeds', cookies: { [SESSION_COOKIE]: 'ended-or-made-up' } });
    expect(ended.statusCode).toBe(200);
    expect(ended.body).toBe(indexHtml);
    expect(ended.cookies).toContainEqual(expect.objectContaining({ name: SESSION_COOKIE, value: '' }));
  });

  it('goes out as index.html when the drawing fails, and a drawing may not write', async () => {
    const { reader } = await readerOfOnePost();
    const postsBefore = (await reader.get('/api/posts/feed?page=1')).json<{ posts: unknown[] }>().posts.length;

    const broken = await reader.get('/feeds?fail');
    expect(broken.statusCode).toBe(200);
    expect(broken.body).toBe(indexHtml);

    const writing = await reader.get('/feeds?write');
    expect(writing.statusCode).toBe(200);
    expect(writing.body).toBe(indexHtml);
    expect((await reader.get('/api/posts/feed?page=1')).json<{ posts: unknown[] }>().posts).toHaveLength(postsBefore);
  });

  it("is drawn by the build there now, and the build's own files (the drawing code, the manifest) are never served", async () => {
    const { reader, username } = await readerOfOnePost();
    expect((await reader.get('/feeds')).body).toContain(`drawn for ${username}`);

    // A build made while the server runs: the next page load draws with it.
    const file = path.join(dist.dir, FIRST_SCREEN_MODULE);
    fs.writeFileSync(file, drawingModule('rebuilt for'));
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(file, later, later);
    expect((await reader.get('/feeds')).body).toContain(`rebuilt for ${username}`);

    const code = await reader.get('/.server/first-screen.js');
    expect(code.body).not.toContain('renderFirstScreen');
    fs.mkdirSync(path.join(dist.dir, '.vite'), { recursive: true });
    fs.writeFileSync(path.join(dist.dir, '.vite', 'manifest.json'), '{"index.html":{"file":"assets/index.js"}}');
    expect((await reader.get('/.vite/manifest.json')).body).not.toContain('assets/index.js');
  });
});
