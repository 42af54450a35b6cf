// A signed-in load of /feeds names the first card's first photo in its Link header, exactly as
// the card will ask for it (src, srcset, sizes), after the API replies (feed-photo-preload.ts).
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST_CARD_IMAGE_SIZES, postImageSrcSet } from '@pitlane/api/contract';
import { backends, useApp, useTempDir } from '../../test/harness.ts';
import { follows, postImages, posts, sessions, users } from '../db/schema.ts';
import { SESSION_COOKIE, hashToken } from '../modules/auth/sessions.ts';

const FEED_REPLIES = '</api/auth/verify>; rel=preload; as=fetch; crossorigin=use-credentials, </api/posts/feed?page=1>; rel=preload; as=fetch; crossorigin=use-credentials';
const TOKEN = 'a-session-token-of-the-reader';

describe.each(backends)('the feed photo preload on $name', (backend) => {
  const dist = useTempDir('pitlane-dist-');
  const t = useApp(backend, {
    get env() {
      fs.writeFileSync(path.join(dist.path, 'index.html'), '<!doctype html><title>Pitlane</title>');
      return { NODE_ENV: 'production', LOG_LEVEL: 'silent', WEB_DIST_DIR: dist.path };
    },
  });

  /** Kenji, and Maya signed in (TOKEN) following him. */
  async function reader() {
    const [kenji, maya] = await t.db
      .insert(users)
      .values(['kenji', 'maya'].map((name) => ({ username: name, email: `${name}@pitlane.test`, fullName: name })))
      .returning({ id: users.id });
    await t.db.insert(follows).values({ followerId: maya!.id, followeeId: kenji!.id });
    await t.db.insert(sessions).values({ tokenHash: hashToken(TOKEN), userId: maya!.id, expiresAt: new Date(t.app.now().getTime() + 86_400_000) });
    return { kenji: kenji!.id };
  }
  async function post(authorId: string, title: string, minutesAgo: number, photos: string[] = []) {
    const [row] = await t.db
      .insert(posts)
      .values({ authorId, title, content: title, trendingScore: 0, createdAt: new Date(t.app.now().getTime() - minutesAgo * 60_000) })
      .returning({ id: posts.id });
    if (photos.length) await t.db.insert(postImages).values(photos.map((url, position) => ({ postId: row!.id, position, url, width: 1600, height: 1200 })));
  }
  const load = (cookie?: string) => t.app.inject({ method: 'GET', url: '/feeds', ...(cookie ? { cookies: { [SESSION_COOKIE]: cookie } } : {}) });

  it("names the newest card's first photo with the card's srcset and sizes, after the API replies", async () => {
    const { kenji } = await reader();
    await post(kenji, 'Older, with a photo', 10, ['/media/posts/0000aaaa-full.webp']);
    await post(kenji, 'Newest', 1, ['/media/posts/1111bbbb-full.webp', '/media/posts/2222cccc-full.webp']);

    const page = await load(TOKEN);
    expect(page.statusCode).toBe(200);
    const first = '/media/posts/1111bbbb-full.webp';
    expect(page.headers.link).toBe(
      `${FEED_REPLIES}, <${first}>; rel=preload; as=image; imagesrcset="${postImageSrcSet(first)}"; imagesizes="${POST_CARD_IMAGE_SIZES}"; fetchpriority=high`,
    );
  });

  it('names no photo when the newest card has none, for a session that is not valid, or signed out', async () => {
    const { kenji } = await reader();
    await post(kenji, 'With a photo', 10, ['/media/posts/0000aaaa-full.webp']);
    await post(kenji, 'Words only', 1);
    expect((await load(TOKEN)).headers.link).toBe(FEED_REPLIES);
    expect((await load('not-a-session')).headers.link).toBe(FEED_REPLIES);
    expect((await load()).headers.link).toBe('</api/auth/verify>; rel=preload; as=fetch; crossorigin=use-credentials');
  });

  it('a lookup that fails: the page still loads, with the API replies only', async () => {
    const { kenji } = await reader();
    await post(kenji, 'With a photo', 1, ['/media/posts/0000aaaa-full.webp']);
    await t.db.execute(sql`alter table sessions rename to sessions_away`);
    try {
      const page = await load(TOKEN);
      expect(page.statusCode).toBe(200);
      expect(page.headers.link).toBe(FEED_REPLIES);
    } finally {
      await t.db.execute(sql`alter table sessions_away rename to sessions`);
    }
  });

  it('an empty feed: the page loads with the API replies only', async () => {
    await reader();
    const page = await load(TOKEN);
    expect(page.statusCode).toBe(200);
    expect(page.headers.link).toBe(FEED_REPLIES);
  });
});
