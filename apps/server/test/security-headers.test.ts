// The security headers a browser gets with every kind of answer (API, the web app's pages, the
// one page the server renders, assets, not-found), with the product on plain http (local use)
// and behind TLS (PUBLIC_URL https); and the session cookie's attributes in both.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../src/modules/auth/sessions.ts';
import { PLAIN_HTTP_WARNING } from '../src/plugins/security-headers.ts';
import { backends, useApp, useSmtpSink, useTempDir } from './harness.ts';
import { browser, person } from './browser.ts';

const pglite = { kind: 'pglite', name: 'PGlite' } as const;
const webIndexHtml = fileURLToPath(new URL('../../web/index.html', import.meta.url));
const builtIndexHtml = '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';

/** A dist folder shaped like Vite's output, for the production server to serve. */
function useWebDist() {
  const tmp = useTempDir('pitlane-headers-dist-');
  return {
    get dir() {
      const dir = tmp.path;
      if (!fs.existsSync(path.join(dir, 'index.html'))) {
        fs.mkdirSync(path.join(dir, 'assets'));
        fs.writeFileSync(path.join(dir, 'index.html'), builtIndexHtml);
        fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("pitlane")');
      }
      return dir;
    },
  };
}

/** A Content-Security-Policy as directive → its sources. */
function directives(header: unknown): Map<string, string[]> {
  const policy = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) policy.set(name, sources);
  }
  return policy;
}

const answers = [
  { what: 'an API answer', url: '/api/health', status: 200 },
  { what: 'an API refusal', url: '/api/auth/verify', status: 401 },
  { what: 'a page of the web app', url: '/feeds', status: 200 },
  { what: 'the page the server renders', url: '/api/docs', status: 200 },
  { what: 'a script of the web app', url: '/assets/index-abc123.js', status: 200 },
  { what: 'a missing asset', url: '/assets/gone.js', status: 404 },
];

describe.each([
  { name: 'http', publicUrl: 'http://localhost:3000', tls: false },
  { name: 'https', publicUrl: 'https://pitlane.example', tls: true },
])('security headers with PUBLIC_URL $name', ({ publicUrl, tls }) => {
  const dist = useWebDist();
  const t = useApp(pglite, {
    fresh: 'suite',
    get env() {
      return { NODE_ENV: 'production', LOG_LEVEL: 'silent', WEB_DIST_DIR: dist.dir, PUBLIC_URL: publicUrl };
    },
  });

  // One app per scheme (building one is the slow part), asked for every kind of answer.
  it('sends the CSP with no inline script and no framing with every kind of answer', async () => {
    for (const { what, url, status } of answers) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, what).toBe(status);
      const csp = directives(response.headers['content-security-policy']);
      expect(csp.get('script-src'), what).toEqual(["'self'"]);
      expect(csp.get('script-src-attr'), what).toEqual(["'none'"]);
      expect(csp.get('default-src'), what).toEqual(["'self'"]);
      expect(csp.get('object-src'), what).toEqual(["'none'"]);
      expect(csp.get('base-uri'), what).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
      expect(csp.get('form-action'), what).toEqual(["'self'"]);
      // On plain http the upgrade would send every asset request to an https nobody answers.
      expect(csp.has('upgrade-insecure-requests'), what).toBe(tls);
      expect(response.headers['x-frame-options'], what).toBe('DENY');
    }
  });

  it('sends HSTS only behind TLS, and the referrer, permissions and sniffing policies with every kind of answer', async () => {
    for (const { what, url } of answers) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['strict-transport-security'], what).toBe(tls ? 'max-age=31536000; includeSubDomains' : undefined);
      expect(response.headers['referrer-policy'], what).toBe('no-referrer');
      expect(response.headers['x-content-type-options'], what).toBe('nosniff');
      expect(response.headers['cross-origin-opener-policy'], what).toBe('same-origin');
      const permissions = String(response.headers['permissions-policy']).split(/,\s*/);
      for (const denied of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial', 'hid', 'display-capture', 'publickey-credentials-get']) {
        expect(permissions, what).toContain(`${denied}=()`);
      }
      // The share button's features stay with our origin (web-share by its default).
      expect(permissions, what).toContain('clipboard-write=(self)');
      expect(permissions.filter((feature) => feature.startsWith('web-share')), what).toEqual([]);
    }
  });
});

describe.each([
  { publicUrl: 'http://pitlane.example', warns: true },
  { publicUrl: 'https://pitlane.example', warns: false },
  { publicUrl: 'http://localhost:3000', warns: false },
])('a production server with PUBLIC_URL $publicUrl', ({ publicUrl, warns }) => {
  const lines: string[] = [];
  const dist = useWebDist();
  useApp(pglite, {
    fresh: 'suite',
    logStream: { write: (line: string) => lines.push(line) },
    get env() {
      return { NODE_ENV: 'production', LOG_LEVEL: 'warn', WEB_DIST_DIR: dist.dir, PUBLIC_URL: publicUrl };
    },
  });

  it(warns ? 'warns at start-up that it is not behind TLS' : 'says nothing about TLS at start-up', () => {
    const warnings = lines.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((line) => line.msg === PLAIN_HTTP_WARNING);
    expect(warnings).toEqual(warns ? [expect.objectContaining({ level: 40 })] : []);
  });
});

describe('the web app under a CSP without inline script', () => {
  it('has no inline script in its index.html, so script-src needs neither unsafe-inline nor a nonce', () => {
    const html = fs.readFileSync(webIndexHtml, 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc="/);
      expect(body!.trim()).toBe('');
    }
    // No inline event handlers either (script-src-attr 'none').
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });
});

const sink = useSmtpSink();

describe.each(backends)('the session cookie on $name', (backend) => {
  describe.each([
    { name: 'http', publicUrl: 'http://localhost:3000', tls: false },
    { name: 'https', publicUrl: 'https://pitlane.example', tls: true },
  ])('with PUBLIC_URL $name', ({ publicUrl, tls }) => {
    const t = useApp(backend, { sink, env: { PUBLIC_URL: publicUrl, LOG_LEVEL: 'silent' } });

    it(tls ? 'is Secure when set and when cleared' : 'is not Secure (it would never be sent over http)', async () => {
      const maya = await person(t.app, sink, 'maya');
      const phone = browser(t.app);
      const login = await phone.post('/api/auth/login', { email: maya.email, password: maya.password }, { headers: { origin: publicUrl } });
      expect(login.statusCode).toBe(200);
      const set = login.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
      expect(set).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(set?.secure ?? false).toBe(tls);

      const logout = await phone.post('/api/auth/logout', {}, { headers: { origin: publicUrl } });
      const cleared = logout.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
      expect(cleared?.value).toBe('');
      expect(cleared?.secure ?? false).toBe(tls);
    });
  });
});
