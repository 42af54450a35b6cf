// The kept counts of a model's posts (sql/counts.sql), which give a model's post list its
// totalPages: right after every path that tags, untags, moves or deletes a post and that renames
// or deletes a car, checked against a recount (keptStateProblems) and as a caller sees them.
import { describe, expect, it } from 'vitest';
import { PAGE_SIZES, type PostPage } from '@pitlane/api/contract';
import { backends, useApp, useDatabase, useSmtpSink, useTempDir } from '../../../test/harness.ts';
import type { Browser } from '../../../test/browser.ts';
import { CAR_911, LIST, newCar, updateCar } from '../../../test/cars.ts';
import { communityOf, form, newPost, peopleOf } from '../../../test/posts.ts';
import { keptStateProblems } from '../posts/kept-check.ts';

const sink = useSmtpSink();
const dataDir = useTempDir('pitlane-garage-counts-');

describe.each(backends)("a model's post count on $name", (backend) => {
  const t = useApp(backend, { sink, dataDir });
  const people = <const N extends readonly string[]>(...handles: N) => peopleOf(t.app, sink, ...handles);
  const modelPosts = async (b: Browser, make: string, model: string): Promise<PostPage> => {
    const response = await b.get(`/api/cars/by-model/${encodeURIComponent(make)}/${encodeURIComponent(model)}/posts`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PostPage>();
  };
  /** The number of posts a caller can page through: the pages, read to the end. */
  const seen = async (b: Browser, make: string, model: string) => {
    const first = await modelPosts(b, make, model);
    let count = first.posts.length;
    for (let page = 2; page <= first.totalPages; page++) {
      count += (await (await b.get(`/api/cars/by-model/${make}/${model}/posts?page=${page}`)).json<PostPage>()).posts.length;
    }
    return { count, totalPages: first.totalPages };
  };

  it('follows tags, moves, renames and deletions; members count the community posts, others do not', async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    const club = await communityOf(t.db, maya, 'Air-cooled club');
    const car = await newCar(maya.browser);
    const posts = [];
    for (let n = 0; n < PAGE_SIZES.modelPosts; n++) posts.push(await newPost(maya.browser, { title: `Profile ${n}`, car: car._id }));
    const inClub = await newPost(maya.browser, { title: 'In the club', community: club, car: car._id });
    expect(await keptStateProblems(t.db)).toEqual([]);
    // Maya belongs to the club: 13 posts, two pages; Kenji does not: 12, one page.
    expect(await seen(maya.browser, 'porsche', '911')).toEqual({ count: 13, totalPages: 2 });
    expect(await seen(kenji.browser, 'Porsche', '911')).toEqual({ count: 12, totalPages: 1 });

    // Untagged by an edit, then a post deleted.
    const untag = await maya.browser.request('PUT', `/api/posts/${posts[0]!._id}`, await form({ title: 'x', content: 'y', existingImageUrls: JSON.stringify(posts[0]!.imageUrls), car: '' }));
    expect(untag.statusCode).toBe(200);
    expect((await maya.browser.request('DELETE', `/api/posts/${posts[1]!._id}`)).statusCode).toBe(200);
    expect(await keptStateProblems(t.db)).toEqual([]);
    expect(await seen(maya.browser, 'Porsche', '911')).toEqual({ count: 11, totalPages: 1 });

    // Renamed to another model: the posts move with it.
    const renamed = await updateCar(maya.browser, car._id, { make: 'Singer', model: 'DLS', year: '1990' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await keptStateProblems(t.db)).toEqual([]);
    expect(await seen(maya.browser, 'Porsche', '911')).toEqual({ count: 0, totalPages: 0 });
    expect(await seen(maya.browser, 'singer', 'dls')).toEqual({ count: 11, totalPages: 1 });

    // Back to the list's 911, then the car deleted: its posts stay, untagged, and leave the count.
    expect((await updateCar(maya.browser, car._id, CAR_911)).statusCode).toBe(200);
    const second = await newCar(maya.browser, { makeId: LIST.porsche, modelId: LIST.porsche911, year: '1974', trim: 'Carrera' });
    await newPost(maya.browser, { title: 'The other one', car: second._id });
    expect((await maya.browser.request('DELETE', `/api/cars/${car._id}`)).statusCode).toBe(200);
    expect(await keptStateProblems(t.db)).toEqual([]);
    expect(await seen(maya.browser, 'Porsche', '911')).toEqual({ count: 1, totalPages: 1 });
    expect((await maya.browser.get(`/api/posts/${inClub._id}`)).json<{ car: unknown }>().car).toBeNull();
  });
});

// A post tagged to a car while the car is being renamed: the post lands under the name the car
// ends with. The post's trigger reads the car's name, so it waits for a rename in progress
// (sql/counts.sql, model_post_counts_add). Only PostgreSQL has two connections at once to show it.
describe.each(backends.filter((backend) => backend.kind === 'postgres'))("a model's post count with a rename at the same moment on $name", (backend) => {
  const t = useDatabase(backend);

  it('a post tagged while its car is renamed counts under the new name', async () => {
    if (t.database.driver.kind !== 'postgres') throw new Error('PostgreSQL only');
    const { pool } = t.database.driver;
    const maya = (await pool.query<{ id: string }>("insert into users (username, email, full_name) values ('maya', 'maya@pitlane.test', 'Maya') returning id")).rows[0]!.id;
    const car = (await pool.query<{ id: string }>("insert into cars (owner_id, make_name, model_name, year) values ($1, 'Porsche', '911', 1989) returning id", [maya])).rows[0]!.id;
    const tagged = (title: string) => pool.query("insert into posts (author_id, title, content, car_id, trending_score) values ($1, $2, 'x', $3, 0)", [maya, title, car]);
    await tagged('Before the rename');

    const renaming = await pool.connect();
    try {
      await renaming.query('begin');
      await renaming.query("update cars set make_name = 'Singer', model_name = 'DLS' where id = $1", [car]);
      // The post either waits for the rename (then reads the new name) or is already written.
      const posting = tagged('During the rename').then(() => 'written' as const);
      const waiting = expect
        .poll(async () => (await pool.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like 'insert into posts%'")).rows[0]!.n, { timeout: 10_000 })
        .toBe(1)
        .then(() => 'waiting' as const);
      expect(await Promise.race([posting, waiting])).toBe('waiting');
      await renaming.query('commit');
      await posting;
    } finally {
      renaming.release();
    }

    expect(await keptStateProblems(t.db)).toEqual([]);
    const counts = await pool.query<{ model: string; n: number }>("select make_key || ' ' || model_key as model, post_count as n from model_post_counts where post_count <> 0 order by 1");
    expect(counts.rows).toEqual([{ model: 'singer dls', n: 2 }]);
  });
});
