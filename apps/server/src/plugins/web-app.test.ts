import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useApp, useTempDir } from '../../test/harness.ts';
import { SESSION_COOKIE } from '../modules/auth/sessions.ts';

const pglite = { kind: 'pglite', name: 'PGlite' } as const;
const indexHtml = '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';
const script = 'console.log("pitlane")';

/** Writes a dist folder shaped like Vite's output before each test. */
function useWebDist() {
  const tmp = useTempDir('pitlane-dist-');
  return {
    get dir() {
      const dir = tmp.path;
      if (!fs.existsSync(path.join(dir, 'index.html'))) {
        fs.mkdirSync(path.join(dir, 'assets'));
        fs.writeFileSync(path.join(dir, 'index.html'), indexHtml);
        fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), script);
        // The build writes compressed copies beside scripts and styles (apps/web/vite.config.ts).
        fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
        fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
      }
      return dir;
    },
  };
}

describe('the built web app in production', () => {
  const dist = useWebDist();
  // The env getter runs per test (in beforeEach, after the temp dir exists).
  const t = useApp(pglite, {
    fresh: 'suite',
    get env() {
      return { NODE_ENV: 'production', LOG_LEVEL: 'silent', WEB_DIST_DIR: dist.dir };
    },
  });

  it('serves hashed assets for a year, immutable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(script);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the brotli copy of an asset to a browser that accepts it, and the plain file to one that does not', async () => {
    const compressed = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(script);
    expect(compressed.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(compressed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(compressed.headers.vary).toContain('accept-encoding');

    // No gzip copy here: a gzip-only browser gets the file as it is.
    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('serves index.html at / to be revalidated on every load, under the CSP', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(indexHtml);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).not.toContain('upgrade-insecure-requests'); // PUBLIC_URL is plain http here
  });

  it.each(['/feeds', '/profile/jane.doe', '/post/42/edit', '/feeds?page=2'])('answers the client route %s with index.html', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(indexHtml);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('preloads the session check and the first page of the feed with a signed-in load of /feeds, as the app will fetch them', async () => {
    const cookies = { [SESSION_COOKIE]: 'some-session' };
    const feeds = await t.app.inject({ method: 'GET', url: '/feeds', cookies });
    expect(feeds.statusCode).toBe(200);
    expect(feeds.body).toBe(indexHtml);
    // This build has no manifest: the API replies only (page-preloads.test.ts has the chunks).
    expect(feeds.headers.link).toBe(
      '</api/auth/verify>; rel=preload; as=fetch; crossorigin=use-credentials, </api/posts/feed?page=1>; rel=preload; as=fetch; crossorigin=use-credentials',
    );

    // Signed out, /feeds goes on to /login: the feed would only answer 401; the check still helps.
    expect((await t.app.inject({ method: 'GET', url: '/feeds' })).headers.link).toBe('</api/auth/verify>; rel=preload; as=fetch; crossorigin=use-credentials');
    // No page-modules.json in this build: no page but the feed is known.
    expect((await t.app.inject({ method: 'GET', url: '/profile/jane.doe', cookies })).headers.link).toBeUndefined();
  });

  it('serves other files of the build as they are', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset with 404, not with the page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-old999.js' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<html');
  });

  it('keeps /api answers JSON', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Not found.' });
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toEqual({ status: 'ok', database: 'pglite' });
  });

  it('does not answer other methods with the page', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/feeds' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found.' });
  });
});

describe('production without a built web app', () => {
  const tmp = useTempDir('pitlane-nodist-');
  const t = useApp(pglite, {
    fresh: 'suite',
    get env() {
      return { NODE_ENV: 'production', LOG_LEVEL: 'silent', WEB_DIST_DIR: path.join(tmp.path, 'missing') };
    },
  });

  it('answers pages with 503 telling to build, and the API as usual', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(503);
    expect(page.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(page.body).toContain('npm run build');

    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/x' })).json()).toEqual({ message: 'Not found.' });
  });
});

describe('development', () => {
  const dist = useWebDist();
  const t = useApp(pglite, {
    fresh: 'suite',
    get env() {
      return { NODE_ENV: 'development', LOG_LEVEL: 'silent', WEB_DIST_DIR: dist.dir };
    },
  });

  it('leaves the web app to Vite even when a build exists', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/feeds' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found.' });
  });
});
