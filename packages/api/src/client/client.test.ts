import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, errorMessage, onAuthError } from './index.ts';

const author = { _id: 'u1', username: 'nina', fullName: 'Nina Rossi', profilePictureUrl: '' };
const post = { _id: 'p1', title: 'E30', content: 'Track day', imageUrls: ['/a.webp'], likes: ['u1'], author, createdAt: '2026-11-20T10:00:00.000Z', saved: false };

function reply(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function stubFetch(response: () => Response | Promise<Response>) {
  const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => response());
  return { fetch, client: createApiClient({ fetch: fetch as unknown as typeof globalThis.fetch }) };
}

describe('api client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends cookies, fills path parameters and the page query, and parses the reply', async () => {
    const { fetch, client } = stubFetch(() => reply(200, { posts: [post], totalPages: 3 }));
    const page = await client.call('posts.byUser', { params: { userId: 'u 1' }, query: { page: 2 } });
    expect(page.totalPages).toBe(3);
    expect(page.posts[0]?.title).toBe('E30');
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/posts/by-user/u%201?page=2');
    expect(init).toMatchObject({ method: 'GET', credentials: 'include' });
  });

  it('uses a configured base URL', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => reply(200, { count: 4 }));
    const client = createApiClient({ baseUrl: 'https://api.pitlane.test/', fetch: fetch as unknown as typeof globalThis.fetch });
    expect(await client.call('notifications.unreadCount')).toEqual({ count: 4 });
    expect(fetch.mock.calls[0]![0]).toBe('https://api.pitlane.test/api/notifications/unread-count');
  });

  it('sends JSON bodies, and an empty object where the spec says so', async () => {
    const { fetch, client } = stubFetch(() => reply(200, post));
    await client.call('posts.like', { params: { id: 'p1' } });
    await client.call('comments.create', { params: { postId: 'p1' }, body: { text: 'Clean build' } }).catch(() => undefined);
    const [, likeInit] = fetch.mock.calls[0]!;
    expect(likeInit).toMatchObject({ method: 'PATCH', body: '{}', headers: { 'Content-Type': 'application/json' } });
    expect(fetch.mock.calls[1]![1]?.body).toBe('{"text":"Clean build"}');
  });

  it('turns an error reply into ApiError with the status and the server message', async () => {
    const { client } = stubFetch(() => reply(404, { message: 'Post not found.' }));
    const error = await client.call('posts.get', { params: { id: 'gone' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, serverMessage: 'Post not found.', message: 'Post not found.' });
    expect(errorMessage(error, 'An error occurred.')).toBe('Post not found.');
  });

  it('leaves the fallback to the caller when the reply has no message', async () => {
    const { client } = stubFetch(() => new Response('Bad gateway', { status: 502 }));
    const error = await client.call('posts.delete', { params: { id: 'p1' } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, serverMessage: undefined });
    expect(errorMessage(error, 'An error occurred.')).toBe('An error occurred.');
  });

  it('reports a network failure as status 0', async () => {
    const { client } = stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await client.call('auth.verify').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
  });

  it('rejects a reply that does not match the contract', async () => {
    const { client } = stubFetch(() => reply(200, { count: 'many' }));
    const error = await client.call('notifications.unreadCount').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).serverMessage).toBeUndefined();
  });

  it('in a production build, passes replies through unchecked (no schema loaded at start)', async () => {
    vi.stubEnv('PROD', true);
    try {
      const { client } = stubFetch(() => reply(200, { count: 'many' }));
      await expect(client.call('notifications.unreadCount')).resolves.toEqual({ count: 'many' });
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('raises the auth-error event on any 401, and not on other errors', async () => {
    const listener = vi.fn();
    const unsubscribe = onAuthError(listener);
    const { client } = stubFetch(() => reply(401, { message: 'Not signed in.' }));
    await expect(client.call('posts.feed')).rejects.toMatchObject({ status: 401 });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0]![0]).toMatchObject({ status: 401, serverMessage: 'Not signed in.' });

    const other = stubFetch(() => reply(403, { message: 'Forbidden' }));
    await expect(other.client.call('posts.feed')).rejects.toMatchObject({ status: 403 });
    expect(listener).toHaveBeenCalledTimes(1);

    unsubscribe();
    await expect(client.call('posts.feed')).rejects.toMatchObject({ status: 401 });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('builds the multipart body of spec §7: text parts, JSON-array parts and repeated files', async () => {
    const { fetch, client } = stubFetch(() => reply(200, post));
    const a = new File(['a'], 'a.jpg', { type: 'image/jpeg' });
    const b = new File(['b'], 'b.jpg', { type: 'image/jpeg' });
    await client.call('posts.update', {
      params: { id: 'p1' },
      body: { title: 'E30', content: 'Track day', existingImageUrls: ['/a.webp', '/b.webp'], images: [a, b], imageAlts: ['Front', '', 'Rear', ''] },
    });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/posts/p1');
    expect(init?.method).toBe('PUT');
    const form = init?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('title')).toBe('E30');
    expect(form.get('existingImageUrls')).toBe('["/a.webp","/b.webp"]');
    expect(form.get('imageAlts')).toBe('["Front","","Rear",""]');
    expect(form.getAll('images').map((f) => (f as File).name)).toEqual(['a.jpg', 'b.jpg']);
    // The browser sets the multipart boundary itself.
    expect(init?.headers).toEqual({});
  });

  it('sends invalid multipart values as they are, for the server to refuse', async () => {
    const { fetch, client } = stubFetch(() => reply(400, { message: 'Title and content are required.' }));
    const error = await client
      .call('posts.update', { params: { id: 'p1' }, body: { title: '  ', content: 'x', existingImageUrls: ['/a.webp'] } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, serverMessage: 'Title and content are required.' });
    const form = fetch.mock.calls[0]![1]?.body as FormData;
    expect(form.get('title')).toBe('  ');
    expect(form.get('existingImageUrls')).toBe('["/a.webp"]');
  });

  it('leaves optional multipart parts out', async () => {
    const session = { id: 'u1', fullName: 'Nina Rossi', username: 'nina', email: 'n@p.test', profilePictureUrl: '', followers: [], following: [], communities: [] };
    const { fetch, client } = stubFetch(() => reply(200, session));
    await client.call('users.update', { body: { id: 'u1', fullName: 'Nina Rossi', username: 'nina' } });
    const form = fetch.mock.calls[0]![1]?.body as FormData;
    expect([...form.keys()]).toEqual(['id', 'fullName', 'username']);
  });

  it('sends a boolean multipart part as "true" or "false"', async () => {
    const session = { id: 'u1', fullName: 'Nina Rossi', username: 'nina', email: 'n@p.test', profilePictureUrl: '', followers: [], following: [], communities: [] };
    const { fetch, client } = stubFetch(() => reply(200, session));
    for (const requirePhotoDescriptions of [true, false]) {
      await client.call('users.update', { body: { id: 'u1', fullName: 'Nina Rossi', username: 'nina', requirePhotoDescriptions } });
    }
    expect(fetch.mock.calls.map(([, init]) => (init?.body as FormData).get('requirePhotoDescriptions'))).toEqual(['true', 'false']);
  });

  it('reports upload progress over XMLHttpRequest, with cookies', async () => {
    const sent: FakeXhr[] = [];
    class FakeXhr {
      method = '';
      url = '';
      withCredentials = false;
      status = 0;
      responseText = '';
      body: unknown;
      upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void; onload?: () => void } = {};
      onload?: () => void;
      onerror?: () => void;
      onabort?: () => void;
      open(method: string, url: string) {
        this.method = method;
        this.url = url;
      }
      abort() {}
      send(body: unknown) {
        this.body = body;
        sent.push(this);
        queueMicrotask(() => {
          this.upload.onprogress?.({ lengthComputable: true, loaded: 25, total: 100 });
          this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
          this.upload.onload?.();
          this.status = 201;
          this.responseText = JSON.stringify(post);
          this.onload?.();
        });
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[] = [];
    const client = createApiClient();
    const created = await client.call(
      'posts.create',
      { body: { title: 'E30', content: 'Track day', community: 'c1', images: [new File(['a'], 'a.jpg')] } },
      { onUploadProgress: (f) => progress.push(f) },
    );
    expect(created._id).toBe('p1');
    expect(progress).toEqual([0.25, 1, 1]);
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/api/posts/create', withCredentials: true });
    const form = sent[0]!.body as FormData;
    expect(form.get('community')).toBe('c1');
    expect(form.getAll('images')).toHaveLength(1);
  });

  it('XMLHttpRequest uploads also raise the 401 event', async () => {
    class FakeXhr {
      status = 401;
      responseText = '{"message":"Session expired."}';
      withCredentials = false;
      upload = {};
      onload?: () => void;
      open() {}
      abort() {}
      send() {
        queueMicrotask(() => this.onload?.());
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const listener = vi.fn();
    const unsubscribe = onAuthError(listener);
    const error = await createApiClient()
      .call('posts.create', { body: { title: 'E30', content: 'x', images: [new Blob(['a'])] } }, { onUploadProgress: () => undefined })
      .catch((e: unknown) => e);
    unsubscribe();
    expect(error).toMatchObject({ status: 401, serverMessage: 'Session expired.' });
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
