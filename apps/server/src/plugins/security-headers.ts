// The security headers of every answer (API, pages, assets, media, errors), through
// @fastify/helmet plus a Permissions-Policy, which helmet does not send.
//
// What depends on PUBLIC_URL being https (the product behind TLS): Strict-Transport-Security and
// the CSP's upgrade-insecure-requests. On plain http (local use, `npm start`) both would break the
// product: HSTS would pin localhost to https in the browser, and the upgrade would turn every asset
// request into an https one nobody answers. The session and sign-in cookies get `Secure` by the
// same rule (modules/auth/sessions.ts, oidc.ts).
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/** Whether people reach the product over TLS: PUBLIC_URL is https. */
export function servedOverTls(config: Pick<Config, 'publicUrl'>): boolean {
  return config.publicUrl.startsWith('https:');
}

/** One year, as browsers' preload lists ask; sent only when servedOverTls. */
export const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Powerful browser features the product never uses, turned off for its pages and anything they
 * embed: a script that got in (or a hostile frame) cannot ask for the camera, the position, a
 * payment… `()` is "nobody"; `(self)` keeps a feature for our own origin only.
 * - The share button (ui ShareButton) uses navigator.share, and copies the link where that is
 *   missing: clipboard-write stays ours, and web-share is left out, so it keeps its default (our
 *   own origin only). Chromium logs "Unrecognized feature: 'web-share'" for `web-share=(self)`.
 * - geolocation: the later meets feature may want `geolocation=(self)` to find meets nearby;
 *   change it here then, and its test.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
  'browsing-topics=()',
  'clipboard-write=(self)',
].join(', ');

function contentSecurityPolicy(config: Config) {
  const imageSources = ["'self'", 'data:', 'blob:'];
  // Media from S3 load from its public URL (a CDN or the bucket); without one, through /media ('self').
  if (config.s3?.publicUrl) imageSources.push(new URL(config.s3.publicUrl).origin);
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      // No inline script anywhere: the built index.html loads its entry by URL, and no page the
      // server renders (/api/docs) has a script. So no 'unsafe-inline', no nonce to manage.
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      // 'unsafe-inline' for styles only: Radix dialogs (react-remove-scroll) inject <style> tags.
      styleSrc: ["'self'", "'unsafe-inline'"],
      // data: for inline SVG/placeholder images, blob: for previews of photos being uploaded.
      imgSrc: imageSources,
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      // No site may frame ours (clickjacking); X-Frame-Options DENY says it to older browsers.
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      ...(servedOverTls(config) ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Said once at start-up when a production server on a real host is reached over plain http. */
export const PLAIN_HTTP_WARNING =
  'PUBLIC_URL is not https: the session cookie is not Secure and no Strict-Transport-Security is sent. Put the product behind TLS and set PUBLIC_URL to its https address (DEPLOY.md).';

export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  // Local production runs (`npm start` on localhost) are plain http on purpose: no warning there.
  if (config.env === 'production' && !servedOverTls(config) && !LOOPBACK_HOSTS.has(new URL(config.publicUrl).hostname)) {
    app.log.warn(PLAIN_HTTP_WARNING);
  }
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: contentSecurityPolicy(config),
    strictTransportSecurity: servedOverTls(config) ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true } : false,
    // No Referer at all, to any site: paths name people, posts and communities. Stricter than
    // strict-origin-when-cross-origin and nothing needs more: the cross-site check
    // (modules/auth/sessions.ts) reads Origin, which browsers still send on the app's fetch()
    // calls (mode "cors") under no-referrer. An HTML form POST would carry `Origin: null` and be
    // refused, but the product has none (every form submits through fetch).
    referrerPolicy: { policy: 'no-referrer' },
    // The SPA loads avatars and post photos from the media store, possibly another origin.
    crossOriginResourcePolicy: { policy: 'same-site' },
    frameguard: { action: 'deny' },
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}
