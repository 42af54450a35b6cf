// A car's build log through real HTTP: log entries (the owner only, 0 to 5 photos with their
// descriptions, every refusal with its message), and the car's timeline, which merges them with
// the posts tagged to the car that the viewer may see, newest first, page by page.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  MAX_LOG_PHOTOS,
  NOT_FOUND_MESSAGES,
  PAGE_SIZES,
  REFUSAL_MESSAGES,
  SUCCESS_MESSAGES,
  type Car,
  type CarLogEntry,
  type CarTimelinePage,
} from '@pitlane/api/contract';
import { referencedMediaKeys, type Query } from '../../backup/snapshot.ts';
import { backends, useApp, useSmtpSink, useTempDir } from '../../../test/harness.ts';
import type { Browser } from '../../../test/browser.ts';
import { answer } from '../../../test/communities.ts';
import { createLogEntry, mediaFiles, newCar, newLogEntry, OIL_CHANGE, updateLogEntry } from '../../../test/cars.ts';
import { communityOf, image, newPost, NO_SUCH_ID, peopleOf } from '../../../test/posts.ts';

const sink = useSmtpSink();
const dataDir = useTempDir('pitlane-garage-log-');
const photoFiles = () => mediaFiles(dataDir.path).filter((file) => file.startsWith('posts/'));
/** Each photo is stored in three sizes (modules/media). */
const SIZES = 3;

describe.each(backends)('build log on $name', (backend) => {
  const t = useApp(backend, { sink, dataDir });
  const people = <const N extends readonly string[]>(...handles: N) => peopleOf(t.app, sink, ...handles);
  const timeline = async (b: Browser, carId: string, page = 1) => {
    const response = await b.get(`/api/cars/${carId}/timeline?page=${page}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CarTimelinePage>();
  };
  const entryIds = (page: CarTimelinePage) => page.items.map((item) => (item.type === 'post' ? `post ${item.post.title}` : `log ${item.entry.title}`));
  const removeEntry = (b: Browser, id: string) => b.request('DELETE', `/api/car-log/${encodeURIComponent(id)}`);

  it('adds a log entry: every field as sent, mileage and cost optional, photos in order with their descriptions', async () => {
    const [maya] = await people('maya');
    const car = await newCar(maya.browser);
    const response = await createLogEntry(
      maya.browser,
      car._id,
      { date: '2026-03-14', title: '  Oil change ', text: 'Motul 20W-50.', mileage: '123456', mileageUnit: 'mi', cost: '89.9', currency: 'GBP', imageAlts: JSON.stringify(['Old filter', '']) },
      [await image('jpeg', 80, 60), await image('png', 40, 40)],
    );
    expect(response.statusCode, response.body).toBe(201);
    const entry = response.json<CarLogEntry>();
    expect(entry).toEqual({
      _id: expect.any(String),
      carId: car._id,
      date: '2026-03-14',
      title: 'Oil change',
      text: 'Motul 20W-50.',
      mileage: 123456,
      mileageUnit: 'mi',
      cost: 89.9,
      currency: 'GBP',
      images: [
        { url: expect.stringMatching(/^\/media\/posts\/[0-9a-f]{32}-full\.webp$/), width: 80, height: 60, alt: 'Old filter' },
        { url: expect.stringMatching(/^\/media\/posts\/[0-9a-f]{32}-full\.webp$/), width: 40, height: 40, alt: '' },
      ],
      createdAt: expect.any(String),
    });
    // Defaults: no mileage, no cost (empty fields too), km, the first currency, no text.
    const bare = await newLogEntry(maya.browser, car._id, { date: '2026-03-15', title: 'Wash', mileage: '', cost: '' });
    expect(bare).toMatchObject({ text: '', mileage: null, mileageUnit: 'km', cost: null, currency: 'EUR', images: [] });
    expect((await maya.browser.get(`/api/cars/${car._id}`)).json<Car>().logCount).toBe(2);
  });

  it(`refuses a ${MAX_LOG_PHOTOS + 1}th photo, bad fields, a stranger (403) and a missing car (404), storing nothing`, async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    const car = await newCar(maya.browser);
    const six = await Promise.all(Array.from({ length: MAX_LOG_PHOTOS + 1 }, () => image()));
    expect(answer(await createLogEntry(maya.browser, car._id, OIL_CHANGE, six))).toEqual([400, { message: REFUSAL_MESSAGES.tooManyLogPhotos }]);
    const refusals: Array<[Record<string, string>, string]> = [
      [{ ...OIL_CHANGE, title: '   ' }, REFUSAL_MESSAGES.logTitleRequired],
      [{ date: OIL_CHANGE.date }, REFUSAL_MESSAGES.logTitleRequired],
      [{ ...OIL_CHANGE, title: 'x'.repeat(101) }, REFUSAL_MESSAGES.logTitleTooLong],
      [{ ...OIL_CHANGE, text: 'x'.repeat(2001) }, REFUSAL_MESSAGES.logTextTooLong],
      [{ ...OIL_CHANGE, date: '2026-02-30' }, REFUSAL_MESSAGES.invalidLogDate],
      [{ ...OIL_CHANGE, date: '1885-12-31' }, REFUSAL_MESSAGES.invalidLogDate],
      [{ ...OIL_CHANGE, date: '14.03.2026' }, REFUSAL_MESSAGES.invalidLogDate],
      [{ title: 'No date' }, REFUSAL_MESSAGES.invalidLogDate],
      [{ ...OIL_CHANGE, mileage: '-1' }, REFUSAL_MESSAGES.invalidMileage],
      [{ ...OIL_CHANGE, mileage: '12.5' }, REFUSAL_MESSAGES.invalidMileage],
      [{ ...OIL_CHANGE, mileage: '10000000' }, REFUSAL_MESSAGES.invalidMileage],
      [{ ...OIL_CHANGE, cost: '1.005' }, REFUSAL_MESSAGES.invalidCost],
      [{ ...OIL_CHANGE, cost: '10000000' }, REFUSAL_MESSAGES.invalidCost],
      [{ ...OIL_CHANGE, cost: 'free' }, REFUSAL_MESSAGES.invalidCost],
      [{ ...OIL_CHANGE, currency: 'XYZ' }, REFUSAL_MESSAGES.invalidCurrency],
      [{ ...OIL_CHANGE, mileageUnit: 'furlongs' }, REFUSAL_MESSAGES.invalidRequest],
      [{ ...OIL_CHANGE, imageAlts: '["one", "two"]' }, REFUSAL_MESSAGES.photoDescriptionsMismatch],
      [{ ...OIL_CHANGE, imageAlts: 'not json' }, REFUSAL_MESSAGES.invalidRequest],
    ];
    for (const [fields, message] of refusals) {
      expect(answer(await createLogEntry(maya.browser, car._id, fields, [await image()])), JSON.stringify(fields).slice(0, 80)).toEqual([400, { message }]);
    }
    expect(answer(await createLogEntry(kenji.browser, car._id))).toEqual([403, { message: REFUSAL_MESSAGES.editOwnCarOnly }]);
    expect(answer(await createLogEntry(maya.browser, NO_SUCH_ID))).toEqual([404, { message: NOT_FOUND_MESSAGES.car }]);
    expect(photoFiles()).toEqual([]);
    expect((await t.db.execute(sql`select 1 from car_log_entries`)).rows).toEqual([]);
    // Exactly five photos, the largest figures, a cost with two decimals: fine.
    const five = await newLogEntry(maya.browser, car._id, { ...OIL_CHANGE, mileage: '9999999', cost: '9999999.99' }, six.slice(0, MAX_LOG_PHOTOS));
    expect(five).toMatchObject({ mileage: 9_999_999, cost: 9_999_999.99 });
    expect(five.images).toHaveLength(MAX_LOG_PHOTOS);
  });

  it("requires a description on every photo when the owner's setting says so, as for posts", async () => {
    const [maya] = await people('maya');
    const car = await newCar(maya.browser);
    await t.db.execute(sql`update users set require_photo_descriptions = true where id = ${maya.id}`);
    const refused = await createLogEntry(maya.browser, car._id, { ...OIL_CHANGE, imageAlts: '[""]' }, [await image()]);
    expect(refused.statusCode).toBe(400);
    expect(photoFiles()).toEqual([]);
    expect((await createLogEntry(maya.browser, car._id, { ...OIL_CHANGE, imageAlts: '["The drain plug"]' }, [await image()])).statusCode).toBe(201);
    // An entry without photos needs none.
    expect((await createLogEntry(maya.browser, car._id)).statusCode).toBe(201);
  });

  it('edits an entry: the owner only; kept photos in the order given, then new ones; dropped files deleted', async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    const car = await newCar(maya.browser);
    const entry = await newLogEntry(maya.browser, car._id, { ...OIL_CHANGE, imageAlts: '["a","b","c"]' }, [await image(), await image('png'), await image('webp')]);
    const [a, b, c] = entry.images.map((i) => i.url) as [string, string, string];
    expect(photoFiles()).toHaveLength(3 * SIZES);

    const fields = { ...OIL_CHANGE, title: 'Oil and filter', cost: '120', existingImageUrls: JSON.stringify([c, a]) };
    expect(answer(await updateLogEntry(kenji.browser, entry._id, fields))).toEqual([403, { message: REFUSAL_MESSAGES.editOwnCarOnly }]);
    expect(answer(await updateLogEntry(maya.browser, NO_SUCH_ID, fields))).toEqual([404, { message: NOT_FOUND_MESSAGES.logEntry }]);
    const four = await Promise.all(Array.from({ length: 4 }, () => image()));
    expect(answer(await updateLogEntry(maya.browser, entry._id, fields, four))).toEqual([400, { message: REFUSAL_MESSAGES.tooManyLogPhotos }]);
    for (const kept of [[a, a], ['/media/posts/elsewhere-full.webp'], 'nope']) {
      const refused = await updateLogEntry(maya.browser, entry._id, { ...fields, existingImageUrls: typeof kept === 'string' ? kept : JSON.stringify(kept) });
      expect(answer(refused), String(kept)).toEqual([400, { message: REFUSAL_MESSAGES.invalidRequest }]);
    }
    expect(photoFiles()).toHaveLength(3 * SIZES);

    const response = await updateLogEntry(maya.browser, entry._id, fields, [await image('jpeg', 30, 20)]);
    expect(response.statusCode, response.body).toBe(200);
    const edited = response.json<CarLogEntry>();
    expect(edited).toMatchObject({ _id: entry._id, title: 'Oil and filter', cost: 120, text: OIL_CHANGE.text, mileage: null });
    expect(edited.images.map((i) => [i.url === c || i.url === a ? i.url : 'new', i.alt])).toEqual([[c, 'c'], [a, 'a'], ['new', '']]);
    expect(photoFiles()).toHaveLength(3 * SIZES);
    expect((await maya.browser.get(b)).statusCode).toBe(404);

    // Described anew without sending the photos again.
    const described = await updateLogEntry(maya.browser, entry._id, { ...fields, existingImageUrls: JSON.stringify([c]), imageAlts: '["Only this one"]' });
    expect(described.json<CarLogEntry>().images).toEqual([{ url: c, width: expect.any(Number), height: expect.any(Number), alt: 'Only this one' }]);
    expect(photoFiles()).toHaveLength(SIZES);
  });

  it('deletes an entry: the owner only; its photos go', async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    const car = await newCar(maya.browser);
    const entry = await newLogEntry(maya.browser, car._id, OIL_CHANGE, [await image()]);
    expect(answer(await removeEntry(kenji.browser, entry._id))).toEqual([403, { message: REFUSAL_MESSAGES.editOwnCarOnly }]);
    expect(answer(await removeEntry(maya.browser, 'not-an-id'))).toEqual([404, { message: NOT_FOUND_MESSAGES.logEntry }]);
    expect(answer(await removeEntry(maya.browser, entry._id))).toEqual([200, { message: SUCCESS_MESSAGES.logEntryDeleted }]);
    expect(answer(await removeEntry(maya.browser, entry._id))).toEqual([404, { message: NOT_FOUND_MESSAGES.logEntry }]);
    expect(photoFiles()).toEqual([]);
    expect((await timeline(maya.browser, car._id)).items).toEqual([]);
  });

  it('a car deleted with its log: entries and photos go, its posts stay untagged', async () => {
    const [maya] = await people('maya');
    const car = await newCar(maya.browser, undefined, await image());
    await newLogEntry(maya.browser, car._id, OIL_CHANGE, [await image(), await image()]);
    const post = await newPost(maya.browser, { title: 'Tagged', car: car._id });
    expect(mediaFiles(dataDir.path)).toHaveLength(2 + 3 * SIZES); // the cover's 2 sizes, 2 log photos and the post's 1
    // A backup copies every one of them (backup/snapshot.ts).
    const query: Query = async (text) => (await t.db.execute(sql.raw(text))) as never;
    expect(await referencedMediaKeys(query, t.app.media.store)).toEqual(mediaFiles(dataDir.path));
    expect((await maya.browser.request('DELETE', `/api/cars/${car._id}`)).statusCode).toBe(200);
    expect((await t.db.execute(sql`select 1 from car_log_entries union all select 1 from car_log_images`)).rows).toEqual([]);
    expect(mediaFiles(dataDir.path)).toHaveLength(SIZES); // the post's photo only
    expect((await maya.browser.get(`/api/posts/${post._id}`)).json()).toMatchObject({ _id: post._id, car: null });
    expect(answer(await maya.browser.get(`/api/cars/${car._id}/timeline`))).toEqual([404, { message: NOT_FOUND_MESSAGES.car }]);
  });

  it('the timeline: tagged posts and log entries newest first, a back-dated entry on its day, page by page', async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    const car = await newCar(maya.browser);
    const post = (title: string) => newPost(maya.browser, { title, car: car._id });
    await post('Bought it');
    const today = new Date().toISOString().slice(0, 10);
    await newLogEntry(maya.browser, car._id, { date: today, title: 'Detailing' });
    await newLogEntry(maya.browser, car._id, { date: '2001-05-01', title: 'First owner service' });
    await post('First drive');
    const page = await timeline(kenji.browser, car._id);
    expect(entryIds(page)).toEqual(['post First drive', 'log Detailing', 'post Bought it', 'log First owner service']);
    expect(page.totalPages).toBe(1);
    // Posts are listed as every list shows them: with their comment preview and their car.
    const first = page.items[0]!;
    expect(first.type === 'post' && first.post).toMatchObject({ car: { _id: car._id, make: 'Porsche', model: '911', year: 1991, trim: 'Carrera 2' }, commentsPreview: { comments: [], totalComments: 0 } });

    // More than a page: every item once, in order, across pages.
    for (let i = 0; i < PAGE_SIZES.carTimeline; i++) await newLogEntry(maya.browser, car._id, { date: `2010-01-${String(i + 1).padStart(2, '0')}`, title: `Entry ${i}` });
    const [one, two] = [await timeline(kenji.browser, car._id, 1), await timeline(kenji.browser, car._id, 2)];
    expect(one.totalPages).toBe(2);
    expect(one.items).toHaveLength(PAGE_SIZES.carTimeline);
    const listed = [...entryIds(one), ...entryIds(two)];
    expect(listed).toHaveLength(PAGE_SIZES.carTimeline + 4);
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed.slice(0, 3)).toEqual(['post First drive', 'log Detailing', 'post Bought it']);
    expect(listed.at(-1)).toBe('log First owner service');
    expect((await timeline(kenji.browser, car._id, 3)).items).toEqual([]);
    expect(answer(await kenji.browser.get(`/api/cars/${NO_SUCH_ID}/timeline`))).toEqual([404, { message: NOT_FOUND_MESSAGES.car }]);
    expect((await kenji.browser.get(`/api/cars/${car._id}/timeline?page=0`)).statusCode).toBe(400);
  });

  it("a community's tagged posts show in the timeline and count on the car only for its members", async () => {
    const [maya, kenji, lena] = await people('maya', 'kenji', 'lena');
    const club = await communityOf(t.db, maya, 'Air-Cooled', [lena]);
    const car = await newCar(maya.browser);
    await newPost(maya.browser, { title: 'Members only', community: club, car: car._id });
    await newPost(maya.browser, { title: 'For everyone', car: car._id });
    expect(entryIds(await timeline(lena.browser, car._id))).toEqual(['post For everyone', 'post Members only']);
    expect(entryIds(await timeline(kenji.browser, car._id))).toEqual(['post For everyone']);
    expect((await kenji.browser.get(`/api/cars/${car._id}`)).json<Car>().postCount).toBe(1);
    expect((await lena.browser.get(`/api/cars/${car._id}`)).json<Car>().postCount).toBe(2);
  });
});
