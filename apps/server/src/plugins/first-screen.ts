// A page's first screen, drawn here into index.html (issue 22).
//
// The web build writes the drawing code beside the app (apps/web/src/first-screen/render.tsx,
// built to dist/.server/first-screen.js, which is not served): this module loads it, and for a
// page load asks it for the page (a signed-in page for a session's owner, the login page for
// someone signed out; it answers null for the rest). It draws from the API's own
// replies, asked in-process (`app.inject`) with the visitor's cookie and address, so every rule
// of the API (the session, blocks and mutes, rate limits) holds as if the browser had asked.
// Whatever goes wrong, the page goes out as index.html, drawn by the browser as before.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable, postgresErrorCode } from '../db/errors.ts';

/** What dist/.server/first-screen.js exports (its source: apps/web/src/first-screen/render.tsx). */
interface FirstScreenModule {
  renderFirstScreen(request: {
    url: string;
    template: string;
    fetch: typeof fetch;
    cookies: Record<string, string | undefined>;
    modules: readonly string[];
  }): Promise<string | null>;
}

export const FIRST_SCREEN_MODULE = path.join('.server', 'first-screen.js');

/**
 * Draws the page `request` asks for, or answers null (nothing to draw, or no build to draw with).
 * `modules`: the files that page loads first beyond the entry's (page-preloads.ts), for the page
 * to fetch when its code starts.
 */
export type FirstScreen = (request: FastifyRequest, reply: FastifyReply, modules: readonly string[]) => Promise<string | null>;

/** A file read again whenever a build replaces it (by its modification time), or null while it is missing. */
function watchedFile<T>(file: string, load: (file: string, stamp: number) => Promise<T>): () => Promise<T | null> {
  let loaded: { stamp: number; value: Promise<T> } | null = null;
  return async () => {
    const stamp = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs;
    if (stamp === undefined) return null;
    if (loaded?.stamp !== stamp) loaded = { stamp, value: load(file, stamp) };
    return loaded.value;
  };
}

/**
 * The API's answer to `url` for the visitor of `request`, as a fetch Response. Reads only: the
 * drawing has no business changing anything. Cookies the API sets (a session's extended expiry,
 * or its removal when it has ended) go to `reply`, as they would have reached the browser.
 */
function inProcessFetch(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): typeof fetch {
  return async (input, init) => {
    const method = init?.method ?? 'GET';
    if (method !== 'GET') throw new Error(`the first screen only reads (asked for ${method} ${String(input)})`);
    const answer = await app.inject({
      method: 'GET',
      url: String(input),
      remoteAddress: request.ip,
      headers: {
        cookie: request.headers.cookie ?? '',
        accept: 'application/json',
        ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
        ...(request.headers['accept-language'] ? { 'accept-language': request.headers['accept-language'] } : {}),
      },
    });
    const setCookie = answer.headers['set-cookie'];
    if (setCookie) reply.header('set-cookie', setCookie);
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (typeof value === 'string') headers.set(name, value);
      else if (typeof value === 'number') headers.set(name, String(value));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers });
  };
}

/** The first screens of the build in `distDir`, drawn into its index.html. */
export function firstScreens(app: FastifyInstance, distDir: string): FirstScreen {
  const renderer = watchedFile(path.join(distDir, FIRST_SCREEN_MODULE), (file, stamp) =>
    // The stamp in the URL: a new build is a new module to Node, not the cached old one.
    import(`${pathToFileURL(file).href}?build=${stamp}`) as Promise<FirstScreenModule>,
  );
  const template = watchedFile(path.join(distDir, 'index.html'), (file) => fs.promises.readFile(file, 'utf8'));
  return async (request, reply, modules) => {
    // With or without a session: the login page is drawn for someone signed out (render.tsx decides).
    if (request.method !== 'GET') return null;
    try {
      const [module, html] = await Promise.all([renderer(), template()]);
      if (!module || !html) return null;
      return await module.renderFirstScreen({ url: request.url, template: html, fetch: inProcessFetch(app, request, reply), cookies: request.cookies, modules });
    } catch (error) {
      // Not the error itself: a failed query's message carries its parameters.
      const reason = isDatabaseUnavailable(error) ? 'database unavailable' : (postgresErrorCode(error) ?? (error instanceof Error ? error.message : 'error'));
      app.log.warn({ reason, url: request.url }, 'the first screen was not drawn; index.html went out');
      return null;
    }
  };
}
