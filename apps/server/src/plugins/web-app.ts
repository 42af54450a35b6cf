// In production this process also serves the built web app (apps/web/dist), so one origin
// serves the product and its API.
//
// - /assets/* are content-hashed by Vite: cached for a year, immutable;
// - scripts and styles go out brotli- or gzip-compressed, as the browser accepts: the build writes
//   `.br` and `.gz` files beside them (apps/web/vite.config.ts), so nothing is compressed per request;
// - index.html must be revalidated on every load, so a deploy reaches users at once;
// - SPA fallback: a GET for anything that is not /api and not /assets answers index.html,
//   and the client-side router takes over (/feeds, /profile/some.user, …);
// - a page load names what its first screen waits on (the session check, the page's lazy chunks,
//   a signed-in page's first API reply) in a `Link` header (page-preloads.ts), so the browser
//   fetches them beside the entry instead of after it has run;
// - a signed-in feed arrives drawn (first-screen.ts): its layout and first card in the HTML, the replies
//   they were drawn from beside them; private to that person (`private`, `Vary: Cookie`).
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { PAGE_PATTERNS } from '@pitlane/api/contract';
import { SESSION_COOKIE } from '../modules/auth/sessions.ts';
import { feedPhotoLink } from './feed-photo-preload.ts';
import { firstScreens } from './first-screen.ts';
import { isApiPath } from './errors.ts';
import { watchPagePreloadLinks } from './page-preloads.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

export const MISSING_BUILD_MESSAGE =
  'Pitlane: the web app has not been built yet. Run "npm run build", then restart the server.\n';

/** Whether a not-found request is a page load the web app answers (not /api, not a missing asset). */
export function isPageRequest(method: string, url: string): boolean {
  return (method === 'GET' || method === 'HEAD') && !isApiPath(url) && !url.startsWith('/assets/');
}

/** Answers a page request that matched no file or route. */
export type PageFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply>;

/** The signed-in home feed, whose first photo the page load names (feed-photo-preload.ts). */
const isFeedPage = (pathname: string) => pathname === PAGE_PATTERNS.feeds || pathname === `${PAGE_PATTERNS.feeds}/`;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * A drawn page compressed as the browser accepts: ~185 KB of HTML for the feed is ~18 KB. Brotli at
 * quality 5 (~3 ms for the feed here; 11, the build's level for files, takes ~100× that).
 */
async function compressedPage(html: string, acceptEncoding: string | undefined): Promise<{ encoding?: 'br' | 'gzip'; body: Buffer | string }> {
  const accepted = (acceptEncoding ?? '').split(',').map((part) => part.split(';')[0]!.trim().toLowerCase());
  if (accepted.includes('br')) return { encoding: 'br', body: await brotli(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }) };
  if (accepted.includes('gzip')) return { encoding: 'gzip', body: await gzipped(html, { level: 6 }) };
  return { body: html };
}

/**
 * Serves the files of `config.webDistDir` and returns the fallback for page requests that
 * match no file: index.html, or a 503 "run npm run build" when the build is missing.
 */
export async function registerWebApp(app: FastifyInstance, config: Pick<Config, 'webDistDir'>): Promise<PageFallback> {
  const root = config.webDistDir;
  const indexHtml = path.join(root, 'index.html');

  if (!fs.existsSync(indexHtml)) {
    app.log.warn(
      `The web app is not built: ${indexHtml} is missing. The API works; pages answer 503 until you run "npm run build".`,
    );
    return (_request, reply) =>
      reply.code(503).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(MISSING_BUILD_MESSAGE);
  }

  await app.register(fastifyStatic, {
    root,
    index: 'index.html',
    // Serve `file.br` / `file.gz` when present and accepted (Content-Encoding, Vary: Accept-Encoding).
    preCompressed: true,
    // Cache-Control is set here, per file, instead of @fastify/static's one max-age for all.
    cacheControl: false,
    // The build's own files are not the browser's: the server's drawing code (first-screen.ts)
    // and Vite's manifest (read by the Link preloads, page-preloads.ts).
    allowedPath: (pathName) => !/^\/\.(server|vite)\//.test(pathName),
    setHeaders(reply, filePath) {
      const relative = path.relative(root, filePath).split(path.sep).join('/');
      reply.header('cache-control', relative.startsWith('assets/') ? IMMUTABLE : REVALIDATE);
    },
  });

  const preloadLinks = watchPagePreloadLinks(root);
  const firstScreen = firstScreens(app, root);
  return async (request, reply) => {
    // Without a session cookie a signed-in page goes on to /login: its code, and no API reply but
    // the session check (the API would say 401). With one, most likely a valid session.
    const pathname = request.url.split('?')[0]!;
    const token = request.cookies[SESSION_COOKIE];
    const preloads = preloadLinks();
    const code = preloads.drawn(pathname);
    const drawn = await firstScreen(request, reply, code?.modules ?? []);
    if (drawn !== null) {
      // The replies are in the page, its photos in its HTML, and its code starts after the first
      // photo (render.tsx): the header names the style sheet only.
      if (code?.link) reply.header('link', code.link);
      const { encoding, body } = await compressedPage(drawn, request.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      return reply
        .code(200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'private, no-cache')
        .header('vary', 'cookie, accept-encoding')
        .send(body);
    }
    const photo = token && isFeedPage(pathname) ? await feedPhotoLink(app, token) : null;
    const links = preloads(pathname, Boolean(token), photo ? [photo] : []);
    if (links) reply.header('link', links);
    return reply.code(200).sendFile('index.html');
  };
}
