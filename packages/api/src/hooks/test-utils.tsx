// Test helpers for the hooks: a scripted fetch and a wrapper with a fresh QueryClient.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createApiClient } from '../client/index.ts';
import type { SessionUser } from '../contract/index.ts';
import { ApiClientProvider } from './api-context.tsx';
import { SessionProvider } from './session.tsx';

type Handler = (request: { method: string; url: URL; body: unknown }) => Response | Promise<Response>;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fetch that answers `METHOD /path` from a table; unknown calls answer 404. */
export function scriptedBackend(routes: Record<string, Handler>) {
  const calls: string[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://pitlane.test');
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url.pathname}${url.search}`);
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) return json(404, { message: `No handler for ${method} ${url.pathname}` });
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    return handler({ method, url, body });
  };
  return { fetch: fetch as typeof globalThis.fetch, calls, routes };
}

export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

export function makeWrapper(fetch: typeof globalThis.fetch, options: { session?: boolean } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const client = createApiClient({ fetch });
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <ApiClientProvider client={client}>{options.session === false ? children : <SessionProvider>{children}</SessionProvider>}</ApiClientProvider>
      </QueryClientProvider>
    );
  }
  return { queryClient, client, Wrapper };
}

export const nina: SessionUser = {
  id: 'u1',
  fullName: 'Nina Rossi',
  username: 'nina',
  email: 'nina@pitlane.test',
  profilePictureUrl: '/media/nina.webp',
  followers: [],
  following: [],
  communities: ['c1'],
};

export const author = { _id: 'u2', username: 'marco', fullName: 'Marco Bianchi', profilePictureUrl: '/media/marco.webp' };

export const community = { _id: 'c1', name: 'BMW Classics', description: 'Old Bavarian steel.', coverImageUrl: '/media/c1.webp', members: ['u1'], creator: author };

export function makePost(id: string, likes: string[] = [], saved = false) {
  return { _id: id, title: `Post ${id}`, content: 'Track day', imageUrls: ['/media/a.webp'], likes, author, createdAt: '2026-11-20T10:00:00.000Z', saved };
}
