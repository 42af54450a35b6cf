// Posts tagged to cars ("Car:" on Create and Edit Post): only one's own car, the CarRef on every
// card of every list (renamed or deleted cars at once), a model's cars and posts, search's cars
// and posts by their car, and account deletion taking the garage with its files.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  PAGE_SIZES,
  REFUSAL_MESSAGES,
  SEARCH_RESULT_LIMIT,
  type Car,
  type ModelCarPage,
  type Post,
  type PostPage,
  type SearchResults,
} from '@pitlane/api/contract';
import { backends, useApp, useSmtpSink, useTempDir } from '../../../test/harness.ts';
import { inboxMark, codeAfter, type Browser } from '../../../test/browser.ts';
import { answer } from '../../../test/communities.ts';
import { CAR_911, LIST, mediaFiles, newCar, newLogEntry, OIL_CHANGE, updateCar } from '../../../test/cars.ts';
import { communityOf, createPost, form, image, NO_SUCH_ID, newPost, peopleOf } from '../../../test/posts.ts';

const sink = useSmtpSink();
const dataDir = useTempDir('pitlane-garage-tags-');

describe.each(backends)('posts tagged to cars on $name', (backend) => {
  const t = useApp(backend, { sink, dataDir });
  const people = <const N extends readonly string[]>(...handles: N) => peopleOf(t.app, sink, ...handles);
  const getJson = async <T>(b: Browser, url: string): Promise<T> => {
    const response = await b.get(url);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json<T>();
  };
  const editPost = async (b: Browser, post: Post, fields: Record<string, string> = {}) =>
    b.request('PUT', `/api/posts/${post._id}`, await form({ title: post.title, content: post.content, existingImageUrls: JSON.stringify(post.imageUrls), ...fields }));
  const postCount = async () => Number((await t.db.execute<{ n: string }>(sql`select count(*) as n from posts`)).rows[0]!.n);
  const ref = (car: Car) => ({ _id: car._id, year: car.year, make: car.make, model: car.model, trim: car.trim });

  it("tags a post to one of the author's cars only; another's car or no car refused with 400, nothing saved", async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    const mine = await newCar(maya.browser);
    const theirs = await newCar(kenji.browser, { make: 'Alpine', model: 'A110', year: '2019' });
    const tagged = await newPost(maya.browser, { title: 'Tagged', car: mine._id });
    expect(tagged.car).toEqual({ _id: mine._id, year: 1991, make: 'Porsche', model: '911', trim: 'Carrera 2' });
    // "None" arrives empty, or not at all.
    expect((await newPost(maya.browser, { title: 'Untagged', car: '' })).car).toBeNull();
    expect((await newPost(maya.browser, { title: 'Plain' })).car).toBeNull();
    for (const car of [theirs._id, NO_SUCH_ID, 'my-car']) {
      expect(answer(await createPost(maya.browser, { title: 'Refused', car })), car).toEqual([400, { message: REFUSAL_MESSAGES.carNotInGarage }]);
    }
    expect(await postCount()).toBe(3);
    expect(mediaFiles(dataDir.path)).toHaveLength(3 * 3);
    expect((await maya.browser.get(`/api/cars/${mine._id}`)).json<Car>().postCount).toBe(1);
  });

  it("edits a post's tag: absent keeps it, '' removes it, another's car is refused and changes nothing", async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    const [first, second] = [await newCar(maya.browser), await newCar(maya.browser, { ...CAR_911, trim: 'Turbo' })];
    const theirs = await newCar(kenji.browser);
    const post = await newPost(maya.browser, { car: first._id });
    const kept = await editPost(maya.browser, post, { title: 'New title' });
    expect(kept.json<Post>()).toMatchObject({ title: 'New title', car: ref(first) });
    expect((await editPost(maya.browser, post, { title: 'New title', car: second._id })).json<Post>().car).toEqual(ref(second));
    for (const car of [theirs._id, NO_SUCH_ID, 'x']) {
      expect(answer(await editPost(maya.browser, post, { title: 'Not saved', car })), car).toEqual([400, { message: REFUSAL_MESSAGES.carNotInGarage }]);
    }
    expect(await getJson<Post>(maya.browser, `/api/posts/${post._id}`)).toMatchObject({ title: 'New title', car: ref(second) });
    expect((await editPost(maya.browser, post, { car: '' })).json<Post>().car).toBeNull();
  });

  it('a renamed car shows its new name on every card at once; a deleted car leaves its posts untagged', async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    await kenji.browser.patch(`/api/user/${maya.id}/follow`);
    const car = await newCar(maya.browser);
    const post = await newPost(maya.browser, { title: 'Carrera on track', car: car._id });
    await kenji.browser.request('PUT', `/api/posts/${post._id}/save`, { payload: {} });
    const renamed = (await updateCar(maya.browser, car._id, { makeId: LIST.porsche, modelId: LIST.porsche911, year: '1992', trim: 'RS' })).json<Car>();
    expect(ref(renamed)).toEqual({ _id: car._id, year: 1992, make: 'Porsche', model: '911', trim: 'RS' });

    const cardsEverywhere = async (): Promise<Array<Post['car']>> => {
      const lists = await Promise.all(
        ['/api/posts/feed', `/api/posts/by-user/${maya.id}`, '/api/posts/trending', '/api/posts/saved', '/api/cars/by-model/porsche/911/posts'].map((url) => getJson<PostPage>(kenji.browser, url)),
      );
      const found = await getJson<SearchResults>(kenji.browser, '/api/search?q=carrera');
      const single = await getJson<Post>(kenji.browser, `/api/posts/${post._id}`);
      return [...lists.map((page) => page.posts.find((p) => p._id === post._id)?.car), found.posts[0]?.car, single.car];
    };
    expect(await cardsEverywhere()).toEqual(Array.from({ length: 7 }, () => ref(renamed)));

    expect((await maya.browser.request('DELETE', `/api/cars/${car._id}`)).statusCode).toBe(200);
    const after = await getJson<Post>(kenji.browser, `/api/posts/${post._id}`);
    expect(after).toMatchObject({ _id: post._id, title: 'Carrera on track', car: null });
    expect((await getJson<PostPage>(kenji.browser, '/api/posts/feed')).posts.map((p) => [p._id, p.car])).toEqual([[post._id, null]]);
    expect((await getJson<PostPage>(kenji.browser, '/api/cars/by-model/porsche/911/posts'))).toEqual({ posts: [], totalPages: 0 });
  });

  it('a car removed while posts and log entries are saved with it: each answers 2xx or 4xx, none is left tagged to it, no file is left behind', async () => {
    const [maya] = await people('maya');
    for (let round = 0; round < 3; round++) {
      const car = await newCar(maya.browser);
      const [post, entry, removed] = await Promise.all([
        createPost(maya.browser, { title: `Race ${round}`, car: car._id }),
        maya.browser.request('POST', `/api/cars/${car._id}/log`, await form({ ...OIL_CHANGE }, [await image()])),
        maya.browser.request('DELETE', `/api/cars/${car._id}`),
      ]);
      expect(removed.statusCode).toBe(200);
      expect([201, 400]).toContain(post.statusCode);
      expect([201, 404]).toContain(entry.statusCode);
    }
    expect((await t.db.execute(sql`select 1 from cars union all select 1 from car_log_entries union all select 1 from posts where car_id is not null`)).rows).toEqual([]);
    // Only the photos of the posts that were saved remain.
    expect(mediaFiles(dataDir.path)).toHaveLength((await postCount()) * 3);
  });

  it("a model's page: its cars whatever the case of their names, typed or listed, newest first, page by page", async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    const listed = await newCar(maya.browser);
    const typed = await newCar(kenji.browser, { make: 'porsche', model: '911 ', year: '1973', trim: 'RS' });
    await newCar(kenji.browser, { makeId: LIST.porsche, modelId: LIST.porscheBoxster, year: '1997' });
    const page = await getJson<ModelCarPage>(maya.browser, '/api/cars/by-model/PORSCHE/911');
    expect(page).toEqual({ make: 'porsche', model: '911', cars: [expect.objectContaining({ _id: typed._id }), expect.objectContaining({ _id: listed._id })], totalCars: 2, totalPages: 1 });
    expect(page.cars[1]).toEqual((await maya.browser.get(`/api/cars/${listed._id}`)).json());
    expect(await getJson<ModelCarPage>(maya.browser, `/api/cars/by-model/${encodeURIComponent(' Bugatti ')}/${encodeURIComponent('Type 35')}`)).toEqual({
      make: 'Bugatti',
      model: 'Type 35',
      cars: [],
      totalCars: 0,
      totalPages: 0,
    });

    await t.db.execute(sql`insert into cars (owner_id, make_name, model_name, year, created_at)
      select ${maya.id}, 'Porsche', '911', 1990, now() - make_interval(days => i) from generate_series(1, ${PAGE_SIZES.modelCars}) i`);
    const [one, two] = [await getJson<ModelCarPage>(maya.browser, '/api/cars/by-model/porsche/911'), await getJson<ModelCarPage>(maya.browser, '/api/cars/by-model/porsche/911?page=2')];
    expect([one.totalCars, one.totalPages, one.cars.length, two.cars.length]).toEqual([PAGE_SIZES.modelCars + 2, 2, PAGE_SIZES.modelCars, 2]);
    expect(new Set([...one.cars, ...two.cars].map((c) => c._id)).size).toBe(PAGE_SIZES.modelCars + 2);
  });

  it("a model's posts: tagged to any car of the model, newest first, a community's for its members only", async () => {
    const [maya, kenji, lena] = await people('maya', 'kenji', 'lena');
    const club = await communityOf(t.db, maya, 'Air-Cooled', [lena]);
    const mine = await newCar(maya.browser);
    const theirs = await newCar(kenji.browser, { make: 'Porsche', model: '911', year: '1973' });
    const supra = await newCar(kenji.browser, { makeId: LIST.toyota, modelId: LIST.toyotaSupra, year: '1994' });
    const a = await newPost(maya.browser, { title: 'A', car: mine._id });
    const b = await newPost(kenji.browser, { title: 'B', car: theirs._id });
    await newPost(kenji.browser, { title: 'Supra', car: supra._id });
    const c = await newPost(maya.browser, { title: 'C', car: mine._id, community: club });
    await newPost(maya.browser, { title: 'Untagged' });
    const posts = async (who: Browser) => getJson<PostPage>(who, '/api/cars/by-model/Porsche/911/posts');
    expect((await posts(lena.browser)).posts.map((p) => p._id)).toEqual([c._id, b._id, a._id]);
    const forKenji = await posts(kenji.browser);
    expect(forKenji).toMatchObject({ totalPages: 1, posts: [{ _id: b._id, commentsPreview: { totalComments: 0 } }, { _id: a._id }] });
  });

  it('search finds cars by make, model, trim or year, and posts by their car', async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    const car = await newCar(maya.browser, { ...CAR_911, trim: 'Carrera 2' });
    const supra = await newCar(kenji.browser, { makeId: LIST.toyota, modelId: LIST.toyotaSupra, year: '1994', trim: 'RZ' });
    const tagged = await newPost(maya.browser, { title: 'Sunday drive', content: 'Coffee.', car: car._id });
    await newPost(maya.browser, { title: 'Nothing about cars', content: 'Lunch.' });
    const search = async (q: string) => getJson<SearchResults>(kenji.browser, `/api/search?q=${encodeURIComponent(q)}`);

    const porsche = await search('porsche');
    expect(porsche.cars).toEqual([(await kenji.browser.get(`/api/cars/${car._id}`)).json()]);
    expect(porsche.posts.map((p) => p._id)).toEqual([tagged._id]);
    expect((await search('PORSCHE 911')).posts.map((p) => p._id)).toEqual([tagged._id]);
    expect((await search('carrera')).cars!.map((c) => c._id)).toEqual([car._id]);
    expect((await search('1994')).cars!.map((c) => c._id)).toEqual([supra._id]);
    expect((await search('1991 Porsche 911')).cars!.map((c) => c._id)).toEqual([car._id]);
    expect((await search('supra')).cars!.map((c) => c._id)).toEqual([supra._id]);
    expect(await search('  ')).toEqual({ users: [], posts: [], cars: [] });
    expect((await search('%')).cars).toEqual([]);

    await t.db.execute(sql`insert into cars (owner_id, make_name, model_name, year)
      select ${maya.id}, 'Toyota', 'Supra', 1998 from generate_series(1, ${SEARCH_RESULT_LIMIT})`);
    expect((await search('supra')).cars).toHaveLength(SEARCH_RESULT_LIMIT);
  });

  it("deleting an account takes its garage: cars, build logs and their files; others' cars stay", async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    const car = await newCar(maya.browser, CAR_911, await image());
    await newLogEntry(maya.browser, car._id, OIL_CHANGE, [await image(), await image()]);
    await newPost(maya.browser, { car: car._id });
    const other = await newCar(kenji.browser, CAR_911, await image());
    expect(mediaFiles(dataDir.path)).toHaveLength(2 + 2 * 3 + 3 + 2);

    const mark = inboxMark(sink);
    await maya.browser.post('/api/user/request-delete-otp');
    const otp = await codeAfter(sink, mark, maya.email);
    expect((await maya.browser.post('/api/user/confirm-delete', { otp })).statusCode).toBe(200);

    const left = await t.db.execute<{ id: string }>(sql`select id from cars`);
    expect(left.rows.map((row) => row.id)).toEqual([other._id]);
    expect((await t.db.execute(sql`select 1 from car_log_entries union all select 1 from car_log_images`)).rows).toEqual([]);
    // The files go through the job queue, a moment after the answer: only Kenji's cover is left.
    await expect.poll(() => mediaFiles(dataDir.path), { timeout: 10_000 }).toEqual(
      [other.coverImageUrl, other.coverImageUrl.replace('-wide.', '-thumb.')].map((url) => url.replace(/^\/media\//, '')).sort(),
    );
  });
});
