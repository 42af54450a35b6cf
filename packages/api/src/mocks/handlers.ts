// MSW 3 handlers over the fake backend: one per route of the contract, answering contract-shaped
// JSON, reading multipart bodies from `request.formData()` and the session from a cookie. Plus
// the per-route overrides stories need: fail, never respond, slow.
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { LIVE_PATH, routes, routeNames, type LiveEvent, type RouteDefinition, type RouteName } from '../contract/index.ts';
import { SESSION_COOKIE, type MockBackend, type MockRequest } from './backend.ts';

export interface HandlerOptions {
  /**
   * Where the API lives. Default `'*'`: any origin, which is what Storybook (same origin) and
   * Node tests (any test origin) want. Pass the client's `baseUrl` to match one host only.
   */
  baseUrl?: string;
  /** Answer every call after this many milliseconds (a slow network). */
  delayMs?: number;
}

const urlOf = (name: RouteName, baseUrl = '*'): string => `${baseUrl.replace(/\/$/, '')}${routes[name].path}`;
const methodOf = (name: RouteName) => routes[name].method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';

// MSW answers with the first matching handler: static segments (`/api/posts/feed`) must come
// before parameters (`/api/posts/:id`), as in the server's router.
const paramCount = (name: RouteName) => (routes[name].path.match(/:/g) ?? []).length;
const orderedRouteNames = [...routeNames].sort((a, b) => paramCount(a) - paramCount(b));

function sessionCookie(value: string | null): string {
  return value === null
    ? `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`
    : `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax`;
}

async function readRequest(name: RouteName, request: Request): Promise<Pick<MockRequest, 'body' | 'files' | 'query'>> {
  const route = routes[name];
  const query = Object.fromEntries(new URL(request.url).searchParams);
  if (!('body' in route)) return { query };
  if (route.body.kind === 'json') {
    const text = await request.text();
    try {
      return { query, body: text === '' ? {} : JSON.parse(text) };
    } catch {
      return { query, body: null }; // not JSON: refused by the schema
    }
  }
  const fields: Record<string, string> = {};
  const files: Record<string, Blob[]> = {};
  try {
    const form = await request.formData();
    for (const [key, value] of form.entries()) {
      if (typeof value === 'string') fields[key] = value;
      else (files[key] ??= []).push(value);
    }
  } catch {
    // Not multipart at all: every required part is missing, which the schema refuses.
  }
  return { query, body: fields, files };
}

/** The handler of one route over the fake. */
export function routeHandler(backend: MockBackend, name: RouteName, options: HandlerOptions = {}): HttpHandler {
  return http[methodOf(name)](urlOf(name, options.baseUrl), async ({ request, params, cookies }) => {
    if (options.delayMs) await delay(options.delayMs);
    const input = await readRequest(name, request);
    const reply = await backend.handle(name, {
      ...input,
      params: params as Record<string, string>,
      session: cookies[SESSION_COOKIE],
    });
    const headers = reply.session === undefined ? undefined : { 'Set-Cookie': sessionCookie(reply.session) };
    const download = (routes[name] as RouteDefinition).download;
    if (download && reply.fileName !== undefined) {
      // A file (the data export), as the server sends it: bytes, its type, an attachment's name.
      return new HttpResponse(reply.body as Uint8Array<ArrayBuffer>, {
        status: reply.status,
        headers: { 'content-type': download.contentType, 'content-disposition': `attachment; filename="${reply.fileName}"` },
      });
    }
    return HttpResponse.json(reply.body as Record<string, unknown>, { status: reply.status, headers });
  });
}

/**
 * The live stream (LIVE_PATH) over the fake: 401 without a session, else an event stream that
 * opens with the person's unread count, as the server's does, and then stays quiet (stories
 * show states, not pushes; the hooks' handling of pushes is tested with events of their own).
 */
export function liveHandler(backend: MockBackend, options: HandlerOptions = {}): HttpHandler {
  return http.get(`${(options.baseUrl ?? '*').replace(/\/$/, '')}${LIVE_PATH}`, async ({ cookies }) => {
    const reply = await backend.handle('notifications.unreadCount', { params: {}, query: {}, session: cookies[SESSION_COOKIE] });
    if (reply.status !== 200) return HttpResponse.json(reply.body as Record<string, unknown>, { status: reply.status });
    const first: LiveEvent = { type: 'unread', count: (reply.body as { count: number }).count };
    const opening = new TextEncoder().encode(`retry: 3000\n\ndata: ${JSON.stringify(first)}\n\n`);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(opening);
      },
    });
    return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' } });
  });
}

/** Every route of the contract, and the live stream, over one fake backend. */
export function handlers(backend: MockBackend, options: HandlerOptions = {}): HttpHandler[] {
  return [...orderedRouteNames.map((name) => routeHandler(backend, name, options)), liveHandler(backend, options)];
}

// ---- per-route overrides: put them before `handlers(backend)`, e.g. `msw.use(failRoute(...))` ----

export interface OverrideOptions {
  baseUrl?: string;
}

/** This route answers `status` with `{ message }`. */
export function failRoute(name: RouteName, status: number, message: string, options: OverrideOptions = {}): HttpHandler {
  return http[methodOf(name)](urlOf(name, options.baseUrl), () => HttpResponse.json({ message }, { status }));
}

/** This route never answers: a loading state that lasts forever. */
export function neverRespond(name: RouteName, options: OverrideOptions = {}): HttpHandler {
  return http[methodOf(name)](urlOf(name, options.baseUrl), () => new Promise<never>(() => undefined));
}

/** This route answers from the fake, but only after `ms` milliseconds. */
export function slowRoute(backend: MockBackend, name: RouteName, ms: number, options: OverrideOptions = {}): HttpHandler {
  return routeHandler(backend, name, { ...options, delayMs: ms });
}
