// @vitest-environment node
// The first screen as the server draws it (render.tsx), over the fake backend: no window, no DOM,
// as in the server's process.
import { describe, expect, it } from 'vitest';
import { createApiClient } from '@pitlane/api/client';
import { createMockBackend, failRoute, fetchThroughHandlers, fixtures, handlers, type MockSeed } from '@pitlane/api/mocks';
import type { Post } from '@pitlane/api/contract';
import { renderFirstScreen } from './render.tsx';
import { DATES_COOKIE, FIRST_SCREEN_STATE_ID } from './state.ts';

const template = [
  '<!doctype html><html><head>',
  '<link rel="preload" href="/api/auth/verify" as="fetch" crossorigin="use-credentials" />',
  '<title>Pitlane</title><script src="/theme-init.js"></script>',
  '<script type="module" crossorigin src="/assets/index.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/framework.js">',
  '<link rel="stylesheet" crossorigin href="/assets/index.css"></head>',
  '<body><div id="root"></div></body></html>',
].join('\n');

/** The fake backend's fetch, with every call it was asked recorded as `METHOD /path?query`. */
function backendFetch(seed: MockSeed, extra: Parameters<typeof fetchThroughHandlers>[0] = []) {
  const through = fetchThroughHandlers([...extra, ...handlers(createMockBackend(seed))]);
  const calls: string[] = [];
  const fetch: typeof globalThis.fetch = (input, init) => {
    const url = new URL(String(input), 'http://pitlane.test');
    calls.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`);
    return through(input, init);
  };
  return { fetch, calls };
}

/** `text` as React writes it into HTML. */
const escaped = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
const regexOf = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A browser that has run the app before: it said how it writes dates. */
const cookies = { [DATES_COOKIE]: 'en-US UTC' };

/** The feed's first page as the app would ask for it, from the same seed. */
async function feedOf(seed: MockSeed): Promise<Post[]> {
  const client = createApiClient({ fetch: fetchThroughHandlers(handlers(createMockBackend(seed))) });
  return (await client.call('posts.feed', { query: { page: 1 } })).posts;
}

/** The state element's JSON, parsed back as the browser does. */
function stateOf(html: string): { queries: { queryKey: unknown[]; state: { data: unknown } }[] } {
  const found = html.match(new RegExp(`<script type="application/json" id="${FIRST_SCREEN_STATE_ID}">(.*?)</script>`, 's'));
  if (!found) throw new Error('no state element in the page');
  return JSON.parse(found[1]!) as ReturnType<typeof stateOf>;
}

describe('the first screen drawn on the server', () => {
  it('draws the signed-in feed into index.html, with the replies it was drawn from beside it', async () => {
    const seed = fixtures.standard();
    const posts = await feedOf(seed);
    const { fetch, calls } = backendFetch(seed);

    const html = await renderFirstScreen({ url: '/feeds', template, fetch, cookies, modules: ['/assets/feed.js'] });

    expect(html).not.toBeNull();
    const root = html!.slice(html!.indexOf('<div id="root">'), html!.indexOf(`id="${FIRST_SCREEN_STATE_ID}"`));
    // The layout for both widths (the CSS shows one), and the feed's first card: the rest are
    // the browser's to draw, from the replies below, after it has taken this one over.
    expect(root).toContain('aria-label="Sidebar"');
    expect(root).toContain('data-slot="bottom-bar"');
    expect(root).toContain('>My Feed<');
    const titles = posts.map((post) => post.title);
    expect(titles.length).toBeGreaterThan(1);
    expect(root).toContain(`>${escaped(titles[0]!)}</h2>`);
    for (const title of titles.slice(1)) expect(root).not.toContain(`>${escaped(title)}</h2>`);
    // Nothing left for the browser to draw again: no part the server could not finish (React's
    // `<!--$!-->` marks), the later-loaded menu as its stand-in button.
    expect(root).not.toContain('<!--$!-->');
    expect(root).not.toContain('<template');
    expect(root).toContain('aria-label="More actions"');
    // The first photo as the browser should fetch it: at once, first.
    const photo = posts.find((post) => post.imageUrls[0])!.imageUrls[0]!;
    expect(root).toMatch(new RegExp(`<img src="${regexOf(escaped(photo))}"[^>]*loading="eager" fetchPriority="high"`));

    const state = stateOf(html!);
    const feed = state.queries.find((query) => JSON.stringify(query.queryKey).includes('feed'));
    expect((feed?.state.data as { pages: { posts: Post[] }[] }).pages[0]!.posts.map((post) => post.title)).toEqual(titles);
    expect(state.queries.find((query) => query.queryKey[0] === 'session')?.state.data).toMatchObject({ username: 'maya.drives' });

    // The rest of index.html as it was, less its preload of the session check (answered here),
    // and with the app's code held in an inert template (its entry, what the entry imports, the
    // page's own files), for public/drawn-page.js to start after the first photo.
    const head = html!.slice(0, html!.indexOf('</head>'));
    expect(head).toContain('<script src="/theme-init.js"></script>');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index.css">');
    expect(head).toContain('<script async src="/drawn-page.js"></script>');
    expect(head).not.toContain('/assets/index.js');
    expect(head).not.toContain('modulepreload');
    expect(html).not.toContain('href="/api/auth/verify"');
    expect(html).toContain(
      '<template id="app-code"><script type="module" crossorigin src="/assets/index.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/framework.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/feed.js"></template></body>',
    );
    // Reads only, each once: the session, the feed, the badge and the sidebar's communities.
    expect(calls.every((call) => call.startsWith('GET '))).toBe(true);
    expect(new Set(calls).size).toBe(calls.length);
    expect(calls).toContain('GET /api/posts/feed?page=1');
  });

  it('writes what people wrote as text, in the page and in its JSON', async () => {
    const hostile = `</script><script>alert("drawn")</script> $& $' <!--`;
    const seed = fixtures.standard();
    seed.posts = seed.posts.map((post) => ({ ...post, title: `${hostile} ${post.title}` }));
    const { fetch } = backendFetch(seed);

    const html = (await renderFirstScreen({ url: '/feeds', template, fetch, cookies }))!;

    expect(html).not.toContain('<script>alert');
    // The template's two scripts (the theme's, the entry's: held), drawn-page.js and the state: nothing more.
    expect(html.match(/<script/g)).toHaveLength(4);
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(&quot;drawn&quot;)&lt;/script&gt; $&amp; $&#x27; &lt;!--');
    const feed = stateOf(html).queries.find((query) => JSON.stringify(query.queryKey).includes('feed'))!;
    const first = (feed.state.data as { pages: { posts: Post[] }[] }).pages[0]!.posts[0]!;
    expect(first.title.startsWith(hostile)).toBe(true);
  });

  it("writes dates in the reader's locale and time zone, from their cookie, and draws nothing without one", async () => {
    const seed = fixtures.standard();
    const [first] = await feedOf(seed);
    const inTokyo = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Tokyo' }).format(new Date(first!.createdAt));
    const inUtc = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(first!.createdAt));
    expect(inTokyo).not.toBe(inUtc);

    const tokyo = await renderFirstScreen({ url: '/feeds', template, fetch: backendFetch(seed).fetch, cookies: { [DATES_COOKIE]: 'en-GB Asia/Tokyo' } });
    expect(tokyo).toMatch(new RegExp(`dateTime="${regexOf(first!.createdAt)}"[^>]*>${regexOf(inTokyo)}</time>`));

    // A browser that has not said (it has not run the app yet), or says something made up: not
    // drawn, rather than dates that would not match the browser's.
    for (const made of [undefined, 'xx-!! Mars/Olympus', '%E0%A4%A', 'en-GB Nowhere/At_All', 'en-GB Europe/Paris extra']) {
      const { fetch, calls } = backendFetch(seed);
      expect(await renderFirstScreen({ url: '/feeds', template, fetch, cookies: { [DATES_COOKIE]: made } })).toBeNull();
      expect(calls).toEqual([]);
    }
  });

  it('draws the login page for someone signed out, with or without a date cookie, and not for someone signed in', async () => {
    for (const withCookies of [{}, cookies]) {
      const { fetch, calls } = backendFetch(fixtures.standard({ signedInAs: null }));

      const html = await renderFirstScreen({ url: '/login', template, fetch, cookies: withCookies, modules: ['/assets/login.js'] });

      expect(html).not.toBeNull();
      const root = html!.slice(html!.indexOf('<div id="root">'), html!.indexOf(`id="${FIRST_SCREEN_STATE_ID}"`));
      expect(root).toContain('>Welcome back</h1>');
      // Sent by the browser itself (before the app, or without it), the password stays out of the address.
      const form = root.match(/<form [^>]*aria-label="Login"[^>]*>/)?.[0];
      expect(form).toContain('method="post"');
      expect(root).toContain('name="email"');
      expect(root).toContain('name="password"');
      expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/login.js"></template>');
      // The session check (signed out) and the provider's sign-in, each once, reads only.
      expect([...calls].sort()).toEqual(['GET /api/auth/provider', 'GET /api/auth/verify'].sort());
    }

    const signedIn = backendFetch(fixtures.standard());
    expect(await renderFirstScreen({ url: '/login', template, fetch: signedIn.fetch, cookies })).toBeNull();
  });

  it('draws nothing for a signed-out visitor of a signed-in page, a page it does not draw, or a feed that failed', async () => {
    const signedOut = backendFetch(fixtures.standard({ signedInAs: null }));
    expect(await renderFirstScreen({ url: '/feeds', template, fetch: signedOut.fetch, cookies })).toBeNull();
    expect(signedOut.calls).toEqual(['GET /api/auth/verify']);

    const elsewhere = backendFetch(fixtures.standard());
    expect(await renderFirstScreen({ url: '/discover', template, fetch: elsewhere.fetch, cookies })).toBeNull();
    expect(elsewhere.calls).toEqual([]);

    const failing = backendFetch(fixtures.standard(), [failRoute('posts.feed', 500, 'Something went wrong.')]);
    expect(await renderFirstScreen({ url: '/feeds', template, fetch: failing.fetch, cookies })).toBeNull();

    // A template without the empty root it draws into: left to the browser rather than guessed.
    expect(await renderFirstScreen({ url: '/feeds', template: '<html><body></body></html>', fetch: backendFetch(fixtures.standard()).fetch, cookies })).toBeNull();
  });
});
