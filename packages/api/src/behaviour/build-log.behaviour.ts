// A car's build log (issue 17): log entries (date, title, text, optional mileage, cost and 0 to
// 5 photos) written by the owner only, and the timeline that mixes them with the car's posts,
// newest first, paged.
import { describe, expect, it } from 'vitest';
import { CAR_TEXT_LIMITS, MAX_LOG_MILEAGE, MAX_LOG_PHOTOS, NOT_FOUND_MESSAGES, PAGE_SIZES, REFUSAL_MESSAGES, SUCCESS_MESSAGES, type CarTimelineItem } from '../contract/index.ts';
import { addCar, logBody, type LogBody } from './garage-helpers.ts';
import { refusal, type World } from './world.ts';

const idOf = (item: CarTimelineItem) => (item.type === 'post' ? item.post._id : item.entry._id);

export function buildLogBehaviour(world: World): void {
  describe('build log', () => {
    it('adds log entries with mileage, cost and photos or without them; a 6th photo is refused', async () => {
      const maya = await world.person('maya');
      const car = await addCar(maya, 'Porsche', '911', { year: 1981, trim: 'SC' });
      const bare = await maya.api.call('cars.logCreate', { params: { id: car._id }, body: logBody({ date: '2024-03-02', title: '  Valve adjustment ' }) });
      expect(bare).toMatchObject({ carId: car._id, date: '2024-03-02', title: 'Valve adjustment', text: '', mileage: null, mileageUnit: 'km', cost: null, currency: 'EUR', images: [] });

      const full = await maya.api.call('cars.logCreate', {
        params: { id: car._id },
        body: logBody({
          date: '2024-05-18',
          title: 'Respray in Guards Red',
          text: 'Eight weeks at the paint shop.',
          mileage: 92_140,
          mileageUnit: 'mi',
          cost: 8_400.5,
          currency: 'GBP',
          images: world.images(MAX_LOG_PHOTOS),
          imageAlts: ['The shell in primer.', '', '', '', 'Done.'],
        }),
      });
      expect(full).toMatchObject({ date: '2024-05-18', text: 'Eight weeks at the paint shop.', mileage: 92_140, mileageUnit: 'mi', cost: 8_400.5, currency: 'GBP' });
      expect(full.images.map((image) => image.alt)).toEqual(['The shell in primer.', '', '', '', 'Done.']);
      expect(new Set(full.images.map((image) => image.url)).size).toBe(MAX_LOG_PHOTOS);

      const sixth = refusal(maya.api.call('cars.logCreate', { params: { id: car._id }, body: logBody({ date: '2024-06-01', images: world.images(MAX_LOG_PHOTOS + 1) }) }));
      expect(await sixth).toEqual({ status: 400, message: REFUSAL_MESSAGES.tooManyLogPhotos });
      expect((await maya.api.call('cars.get', { params: { id: car._id } })).logCount).toBe(2);
    });

    it('refuses a bad date, mileage, cost or currency, and a missing or long title or text', async () => {
      const maya = await world.person('maya');
      const car = await addCar(maya, 'Mazda', 'MX-5');
      const create = (input: Partial<LogBody>) => refusal(maya.api.call('cars.logCreate', { params: { id: car._id }, body: logBody({ date: '2024-03-02', ...input }) }));
      const bad = (message: string) => ({ status: 400, message });
      for (const date of ['2024-13-01', '02/03/2024', '1885-12-31']) expect(await create({ date })).toEqual(bad(REFUSAL_MESSAGES.invalidLogDate));
      for (const mileage of [-1, 1.5, MAX_LOG_MILEAGE + 1]) expect(await create({ mileage })).toEqual(bad(REFUSAL_MESSAGES.invalidMileage));
      for (const cost of [-1, 12.345, 10_000_000]) expect(await create({ cost })).toEqual(bad(REFUSAL_MESSAGES.invalidCost));
      expect(await create({ currency: 'XYZ' as LogBody['currency'] })).toEqual(bad(REFUSAL_MESSAGES.invalidCurrency));
      expect(await create({ title: '   ' })).toEqual(bad(REFUSAL_MESSAGES.logTitleRequired));
      expect(await create({ title: 'x'.repeat(CAR_TEXT_LIMITS.logTitle + 1) })).toEqual(bad(REFUSAL_MESSAGES.logTitleTooLong));
      expect(await create({ text: 'x'.repeat(CAR_TEXT_LIMITS.logText + 1) })).toEqual(bad(REFUSAL_MESSAGES.logTextTooLong));
      expect(await create({ images: [new Blob(['not a picture'], { type: 'image/png' })] })).toEqual(bad(REFUSAL_MESSAGES.notAnImage));
      expect((await maya.api.call('cars.timeline', { params: { id: car._id } })).items).toEqual([]);

      // Two decimals and a zero odometer are fine.
      expect(await maya.api.call('cars.logCreate', { params: { id: car._id }, body: logBody({ date: '2024-03-02', mileage: 0, cost: 19.99 }) })).toMatchObject({ mileage: 0, cost: 19.99 });
    });

    it('edits a log entry: every field as sent, kept photos in the given order then new ones, at most 5', async () => {
      const maya = await world.person('maya');
      const car = await addCar(maya, 'BMW', 'M3');
      const entry = await maya.api.call('cars.logCreate', { params: { id: car._id }, body: logBody({ date: '2024-03-02', mileage: 80_000, cost: 120, images: world.images(3) }) });
      const [a, b, c] = entry.images.map((image) => image.url) as [string, string, string];
      const edited = await maya.api.call('cars.logUpdate', {
        params: { id: entry._id },
        body: { ...logBody({ date: '2024-03-03', title: 'Oil and filter', images: world.images(1) }), existingImageUrls: [c, a] },
      });
      expect(edited).toMatchObject({ _id: entry._id, carId: car._id, date: '2024-03-03', title: 'Oil and filter', mileage: null, cost: null });
      expect(edited.images.map((image) => image.url).slice(0, 2)).toEqual([c, a]);
      expect(edited.images).toHaveLength(3);
      expect(edited.images.map((image) => image.url)).not.toContain(b);

      const kept = edited.images.map((image) => image.url);
      const tooMany = { ...logBody({ date: '2024-03-03', images: world.images(MAX_LOG_PHOTOS - kept.length + 1) }), existingImageUrls: kept };
      expect(await refusal(maya.api.call('cars.logUpdate', { params: { id: entry._id }, body: tooMany }))).toEqual({ status: 400, message: REFUSAL_MESSAGES.tooManyLogPhotos });
      const timeline = await maya.api.call('cars.timeline', { params: { id: car._id } });
      expect(timeline.items).toEqual([{ type: 'log', entry: edited }]);
    });

    it('deletes a log entry', async () => {
      const maya = await world.person('maya');
      const car = await addCar(maya, 'Honda', 'S2000');
      const entry = await maya.api.call('cars.logCreate', { params: { id: car._id }, body: logBody({ date: '2024-03-02' }) });
      expect(await maya.api.call('cars.logDelete', { params: { id: entry._id } })).toEqual({ message: SUCCESS_MESSAGES.logEntryDeleted });
      expect((await maya.api.call('cars.timeline', { params: { id: car._id } })).items).toEqual([]);
      expect((await maya.api.call('cars.get', { params: { id: car._id } })).logCount).toBe(0);
      expect(await refusal(maya.api.call('cars.logDelete', { params: { id: entry._id } }))).toEqual({ status: 404, message: NOT_FOUND_MESSAGES.logEntry });
    });

    it('lets only the owner write the build log, and nobody signed out read it', async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      const car = await addCar(maya, 'Porsche', '911');
      const entry = await maya.api.call('cars.logCreate', { params: { id: car._id }, body: logBody({ date: '2024-03-02' }) });
      const notOwner = { status: 403, message: REFUSAL_MESSAGES.editOwnCarOnly };
      expect(await refusal(kenji.api.call('cars.logCreate', { params: { id: car._id }, body: logBody({ date: '2024-03-02' }) }))).toEqual(notOwner);
      expect(await refusal(kenji.api.call('cars.logUpdate', { params: { id: entry._id }, body: { ...logBody({ date: '2024-03-02' }), existingImageUrls: [] } }))).toEqual(notOwner);
      expect(await refusal(kenji.api.call('cars.logDelete', { params: { id: entry._id } }))).toEqual(notOwner);
      // Everyone signed in reads it.
      expect((await kenji.api.call('cars.timeline', { params: { id: car._id } })).items).toEqual([{ type: 'log', entry }]);

      expect(await refusal(maya.api.call('cars.logCreate', { params: { id: 'no-such-car' }, body: logBody({ date: '2024-03-02' }) }))).toEqual({ status: 404, message: NOT_FOUND_MESSAGES.car });
      expect(await refusal(maya.api.call('cars.timeline', { params: { id: 'no-such-car' } }))).toEqual({ status: 404, message: NOT_FOUND_MESSAGES.car });
      expect(await refusal(maya.api.call('cars.logUpdate', { params: { id: 'no-such-entry' }, body: { ...logBody({ date: '2024-03-02' }), existingImageUrls: [] } }))).toEqual({
        status: 404,
        message: NOT_FOUND_MESSAGES.logEntry,
      });
      const stranger = world.target.newBrowser();
      expect(await refusal(stranger.call('cars.timeline', { params: { id: car._id } }))).toEqual({ status: 401, message: REFUSAL_MESSAGES.notSignedIn });
    });

    it('mixes posts and log entries newest first: a post when it was posted, an entry on its date at the time it was written', async () => {
      const maya = await world.person('maya');
      const car = await addCar(maya, 'Porsche', '911', { year: 1981, trim: 'SC' });
      const add = (date: string, title: string) => maya.api.call('cars.logCreate', { params: { id: car._id }, body: logBody({ date, title }) });
      const firstPost = await world.post(maya, { title: 'Back from paint', car: car._id });
      const backDated = await add('2001-05-01', 'Bought her');
      // The server's today (the day of the post just made): written now, so after that post.
      const today = await add(firstPost.createdAt.slice(0, 10), 'Fresh oil');
      const secondPost = await world.post(maya, { title: 'Sunrise run', car: car._id });
      const between = await add('2010-06-15', 'New clutch');
      await world.post(maya, { title: 'Not about this car' });

      const { items, totalPages } = await maya.api.call('cars.timeline', { params: { id: car._id } });
      expect(items.map(idOf)).toEqual([secondPost._id, today._id, firstPost._id, between._id, backDated._id]);
      expect(items.map((i) => i.type)).toEqual(['post', 'log', 'post', 'log', 'log']);
      expect(totalPages).toBe(1);
      const counts = await maya.api.call('cars.get', { params: { id: car._id } });
      expect([counts.postCount, counts.logCount]).toEqual([2, 3]);
    });

    it('pages the timeline like the other lists', async () => {
      const maya = await world.person('maya');
      const car = await addCar(maya, 'Lotus', 'Elise');
      const post = await world.post(maya, { car: car._id });
      const entries: string[] = [];
      for (let day = 1; day <= PAGE_SIZES.carTimeline; day++) {
        const date = `2020-01-${String(day).padStart(2, '0')}`;
        entries.push((await maya.api.call('cars.logCreate', { params: { id: car._id }, body: logBody({ date, title: `Day ${day}` }) }))._id);
      }
      const newestFirst = [post._id, ...entries.reverse()];
      const first = await maya.api.call('cars.timeline', { params: { id: car._id } });
      expect(first.totalPages).toBe(2);
      expect(first.items.map(idOf)).toEqual(newestFirst.slice(0, PAGE_SIZES.carTimeline));
      const second = await maya.api.call('cars.timeline', { params: { id: car._id }, query: { page: 2 } });
      expect(second.items.map(idOf)).toEqual(newestFirst.slice(PAGE_SIZES.carTimeline));
      expect(await maya.api.call('cars.timeline', { params: { id: car._id }, query: { page: 3 } })).toEqual({ items: [], totalPages: 2 });
    });
  });
}
