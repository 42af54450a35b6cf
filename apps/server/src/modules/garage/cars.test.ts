// The garage's cars through real HTTP (app.inject, real sessions): the pickers, adding, reading,
// editing and removing cars, each refusal with its status and message, the permissions of an
// anonymous visitor (401), a stranger (403) and the owner, and the files of covers.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  CAR_PICKER_LIMIT,
  CAR_YEAR_MIN,
  carYearMax,
  MAX_GARAGE_CARS,
  NOT_FOUND_MESSAGES,
  REFUSAL_MESSAGES,
  routes,
  SUCCESS_MESSAGES,
  type Car,
  type CarMakeList,
  type CarModelList,
  type Garage,
} from '@pitlane/api/contract';
import { backends, useApp, useSmtpSink, useTempDir } from '../../../test/harness.ts';
import { browser, type Browser } from '../../../test/browser.ts';
import { answer } from '../../../test/communities.ts';
import { CAR_911, createCar, LIST, mediaFiles, newCar, updateCar } from '../../../test/cars.ts';
import { image, NO_SUCH_ID, peopleOf } from '../../../test/posts.ts';

const sink = useSmtpSink();
const dataDir = useTempDir('pitlane-garage-cars-');
const covers = () => mediaFiles(dataDir.path).filter((file) => file.startsWith('covers/'));

describe.each(backends)('cars on $name', (backend) => {
  const t = useApp(backend, { sink, dataDir });
  const people = <const N extends readonly string[]>(...handles: N) => peopleOf(t.app, sink, ...handles);
  const getJson = async <T>(b: Browser, url: string): Promise<T> => {
    const response = await b.get(url);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json<T>();
  };
  const carCount = async () => Number((await t.db.execute<{ n: string }>(sql`select count(*) as n from cars`)).rows[0]!.n);

  it('answers 401 with a message to every cars call without a session', async () => {
    const anonymous = browser(t.app);
    for (const [name, route] of Object.entries(routes).filter(([n]) => n.startsWith('cars.'))) {
      const url = route.path.replace(/:([A-Za-z]+)/g, () => NO_SUCH_ID);
      const response = await anonymous.request(route.method, url, route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} });
      expect(answer(response), name).toEqual([401, { message: REFUSAL_MESSAGES.notSignedIn }]);
    }
  });

  it('makes: the name or a word of it starting with q, case-insensitively, best first, at most the limit', async () => {
    const [maya] = await people('maya');
    const makes = async (q: string) => (await getJson<CarMakeList>(maya.browser, `/api/car-makes?q=${encodeURIComponent(q)}`)).makes;
    expect(await makes('PORSCHE')).toEqual([{ _id: LIST.porsche, name: 'Porsche' }]);
    // A word of the name: after a space or a hyphen.
    expect((await makes('benz')).map((m) => m.name)).toContain('Mercedes-Benz');
    const rover = (await makes('rover')).map((m) => m.name);
    expect(rover).toEqual(expect.arrayContaining(['Land Rover', 'Vintage Rover']));
    expect(rover.every((name) => /(^|[\s\-/()])rover/i.test(name))).toBe(true);
    // The name itself first, then names starting with it, then a word starting with it.
    const land = (await makes('land rover')).map((m) => m.name);
    expect(land[0]).toBe('Land Rover');
    expect(land).toContain('Land Rover Santana');
    expect((await makes('')).length).toBe(CAR_PICKER_LIMIT);
    expect(await makes('zzzz')).toEqual([]);
    // Literal: LIKE's wildcards match only themselves.
    expect(await makes('%')).toEqual([]);
    expect(await makes('_')).toEqual([]);
  });

  it("models: a make's models by the same rule; 404 for a make the list does not have", async () => {
    const [maya] = await people('maya');
    const models = async (makeId: string, q: string) =>
      (await getJson<CarModelList>(maya.browser, `/api/car-makes/${makeId}/models?q=${encodeURIComponent(q)}`)).models;
    expect((await models(LIST.porsche, '911'))[0]).toEqual({ _id: LIST.porsche911, makeId: LIST.porsche, name: '911' });
    expect((await models(LIST.porsche, 'boxster')).map((m) => m.name)).toEqual(['Boxster', '718 Boxster']);
    const range = (await models(LIST.landRover, 'range rover')).map((m) => m.name);
    expect(range[0]).toBe('Range Rover');
    expect(range.at(-1)).toBe('New Range Rover');
    expect((await models(LIST.porsche, '')).every((m) => m.makeId === LIST.porsche)).toBe(true);
    for (const makeId of ['999999999', 'abc', '0', '-1', NO_SUCH_ID]) {
      const response = await maya.browser.get(`/api/car-makes/${makeId}/models`);
      expect(answer(response), makeId).toEqual([404, { message: REFUSAL_MESSAGES.unknownCarMake }]);
    }
  });

  it('adds a car from the list: names copied from it, the fields as sent, answered as the contract shows it', async () => {
    const [maya] = await people('maya');
    const response = await createCar(maya.browser, { ...CAR_911, colour: ' Guards Red ', description: 'Bought in 2019.', current: 'true' });
    expect(response.statusCode, response.body).toBe(201);
    const car = response.json<Car>();
    expect(car).toEqual({
      _id: expect.any(String),
      year: 1991,
      make: 'Porsche',
      model: '911',
      trim: 'Carrera 2',
      makeId: LIST.porsche,
      modelId: LIST.porsche911,
      colour: 'Guards Red',
      description: 'Bought in 2019.',
      current: true,
      coverImageUrl: '',
      coverImageAlt: '',
      owner: { _id: maya.id, username: 'maya', fullName: 'Maya Driver', profilePictureUrl: '' },
      postCount: 0,
      logCount: 0,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(await getJson<Car>(maya.browser, `/api/cars/${car._id}`)).toEqual(car);
  });

  it('keeps typed names apart from the list: a typed make and model, or a listed make with a typed model', async () => {
    const [maya] = await people('maya');
    const listSize = async () => (await t.db.execute<{ n: string }>(sql`select (select count(*) from car_makes) + (select count(*) from car_models) as n`)).rows[0]!.n;
    const before = await listSize();
    const typed = await newCar(maya.browser, { make: '  Alpine ', model: 'A110 Berlinette', year: '1973' });
    expect(typed).toMatchObject({ make: 'Alpine', model: 'A110 Berlinette', makeId: null, modelId: null, year: 1973, trim: '' });
    const mixed = await newCar(maya.browser, { makeId: LIST.porsche, model: '911 Dakar', year: String(carYearMax()) });
    expect(mixed).toMatchObject({ make: 'Porsche', model: '911 Dakar', makeId: LIST.porsche, modelId: null });
    // An HTML form sends the unused one of each pair empty.
    const empties = await newCar(maya.browser, { makeId: '', make: 'Lancia', modelId: '', model: 'Delta', year: '1992', current: '' });
    expect(empties).toMatchObject({ make: 'Lancia', model: 'Delta', current: true });
    expect(await listSize()).toBe(before);
    expect((await getJson<CarMakeList>(maya.browser, '/api/car-makes?q=alpine')).makes).toEqual([]);
  });

  it('refuses an unknown make or model, a year out of range, missing names and long texts, saving nothing', async () => {
    const [maya] = await people('maya');
    const refusals: Array<[Record<string, string>, string]> = [
      [{ ...CAR_911, makeId: '999999999', modelId: LIST.porsche911 }, REFUSAL_MESSAGES.unknownCarMake],
      [{ ...CAR_911, makeId: 'porsche' }, REFUSAL_MESSAGES.unknownCarMake],
      [{ ...CAR_911, makeId: NO_SUCH_ID }, REFUSAL_MESSAGES.unknownCarMake],
      [{ ...CAR_911, modelId: LIST.toyotaSupra }, REFUSAL_MESSAGES.unknownCarModel],
      [{ ...CAR_911, modelId: '12x' }, REFUSAL_MESSAGES.unknownCarModel],
      [{ make: 'Alpine', modelId: LIST.porsche911, year: '1973' }, REFUSAL_MESSAGES.unknownCarModel],
      [{ ...CAR_911, year: String(CAR_YEAR_MIN - 1) }, REFUSAL_MESSAGES.carYearOutOfRange],
      [{ ...CAR_911, year: String(carYearMax() + 1) }, REFUSAL_MESSAGES.carYearOutOfRange],
      [{ ...CAR_911, year: 'nineteen' }, REFUSAL_MESSAGES.carYearOutOfRange],
      [{ ...CAR_911, year: '1991.5' }, REFUSAL_MESSAGES.carYearOutOfRange],
      [{ ...CAR_911, year: '' }, REFUSAL_MESSAGES.carYearOutOfRange],
      [{ modelId: LIST.porsche911, year: '1991' }, REFUSAL_MESSAGES.carMakeRequired],
      [{ makeId: LIST.porsche, make: 'Porsche', modelId: LIST.porsche911, year: '1991' }, REFUSAL_MESSAGES.carMakeRequired],
      [{ makeId: LIST.porsche, year: '1991' }, REFUSAL_MESSAGES.carModelRequired],
      [{ make: 'x'.repeat(41), model: 'Y', year: '1991' }, REFUSAL_MESSAGES.carNameTooLong],
      [{ ...CAR_911, trim: 'x'.repeat(61) }, REFUSAL_MESSAGES.carTrimTooLong],
      [{ ...CAR_911, colour: 'x'.repeat(41) }, REFUSAL_MESSAGES.carColourTooLong],
      [{ ...CAR_911, description: 'x'.repeat(501) }, REFUSAL_MESSAGES.carDescriptionTooLong],
      [{ ...CAR_911, current: 'maybe' }, REFUSAL_MESSAGES.invalidRequest],
      [{ ...CAR_911, trim: 'A\u0000B' }, REFUSAL_MESSAGES.invalidRequest],
    ];
    for (const [fields, message] of refusals) {
      expect(answer(await createCar(maya.browser, fields)), JSON.stringify(fields).slice(0, 80)).toEqual([400, { message }]);
    }
    // A cover that is not an image: refused, nothing stored.
    const notImage = { bytes: new TextEncoder().encode('not an image'), name: 'cover.jpg', type: 'image/jpeg' };
    expect(answer(await createCar(maya.browser, CAR_911, notImage))).toEqual([400, { message: REFUSAL_MESSAGES.notAnImage }]);
    expect(await carCount()).toBe(0);
    expect(covers()).toEqual([]);
    // Exactly at the limits is fine.
    expect((await createCar(maya.browser, { ...CAR_911, year: String(CAR_YEAR_MIN), trim: 'x'.repeat(60), description: 'x'.repeat(500) })).statusCode).toBe(201);
  });

  it("a person's garage: current cars first, then past ones, newest added first in each; 404 for nobody", async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    const first = await newCar(maya.browser, { ...CAR_911, trim: 'first' });
    const sold = await newCar(maya.browser, { ...CAR_911, trim: 'sold', current: 'false' });
    const second = await newCar(maya.browser, { ...CAR_911, trim: 'second' });
    const soldLater = await newCar(maya.browser, { ...CAR_911, trim: 'sold later', current: 'false' });
    // Equal creation times still come in one fixed order.
    await t.db.execute(sql`update cars set created_at = '2026-11-20T10:00:00Z' where id in (${first._id}, ${second._id})`);
    const garage = await getJson<Garage>(kenji.browser, `/api/cars/by-user/${maya.id}`);
    const [a, b] = [first._id, second._id].sort().reverse();
    expect(garage.cars.map((c) => c._id)).toEqual([a, b, soldLater._id, sold._id]);
    expect(await getJson<Garage>(maya.browser, `/api/cars/by-user/${kenji.id}`)).toEqual({ cars: [] });
    for (const id of [NO_SUCH_ID, 'nobody']) {
      expect(answer(await maya.browser.get(`/api/cars/by-user/${id}`))).toEqual([404, { message: NOT_FOUND_MESSAGES.user }]);
    }
    for (const id of [NO_SUCH_ID, 'no-such-car', "'; drop table cars; --"]) {
      expect(answer(await maya.browser.get(`/api/cars/${encodeURIComponent(id)}`))).toEqual([404, { message: NOT_FOUND_MESSAGES.car }]);
    }
  });

  it(`refuses a car past ${MAX_GARAGE_CARS} in one garage with 409, also when two arrive at once`, async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    await t.db.execute(sql`insert into cars (owner_id, make_name, model_name, year)
      select ${maya.id}, 'Porsche', '911', 1991 from generate_series(1, ${MAX_GARAGE_CARS - 1})`);
    const both = await Promise.all([createCar(maya.browser), createCar(maya.browser)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json()).toEqual({ message: REFUSAL_MESSAGES.garageFull });
    const cover = await image();
    expect(answer(await createCar(maya.browser, CAR_911, cover))).toEqual([409, { message: REFUSAL_MESSAGES.garageFull }]);
    expect(covers()).toEqual([]);
    expect((await getJson<Garage>(maya.browser, `/api/cars/by-user/${maya.id}`)).cars).toHaveLength(MAX_GARAGE_CARS);
    // Another garage has its own room.
    expect((await createCar(kenji.browser)).statusCode).toBe(201);
  });

  it('edits a car: the owner only, every field as sent; the cover kept, replaced or removed, old files deleted', async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    const car = await newCar(maya.browser, { ...CAR_911, colour: 'Guards Red', coverImageAlt: 'The 911 at dusk.' }, await image('jpeg', 900, 300));
    expect(car.coverImageUrl).toMatch(/^\/media\/covers\/[0-9a-f]{32}-wide\.webp$/);
    expect(car.coverImageAlt).toBe('The 911 at dusk.');
    expect(covers()).toHaveLength(2); // wide and thumb

    expect(answer(await updateCar(kenji.browser, car._id, CAR_911))).toEqual([403, { message: REFUSAL_MESSAGES.editOwnCarOnly }]);
    expect(answer(await updateCar(maya.browser, NO_SUCH_ID, CAR_911))).toEqual([404, { message: NOT_FOUND_MESSAGES.car }]);
    expect(answer(await updateCar(maya.browser, car._id, { ...CAR_911, year: '1800' }))).toEqual([400, { message: REFUSAL_MESSAGES.carYearOutOfRange }]);
    expect(answer(await updateCar(maya.browser, car._id, { ...CAR_911, makeId: '1' }))).toEqual([400, { message: REFUSAL_MESSAGES.unknownCarMake }]);
    expect(await getJson<Car>(maya.browser, `/api/cars/${car._id}`)).toEqual(car);

    // Kept: no file, no removal; texts as sent (a field left out is cleared).
    const kept = await updateCar(maya.browser, car._id, { makeId: LIST.toyota, modelId: LIST.toyotaSupra, year: '1994', current: 'false' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<Car>()).toMatchObject({ make: 'Toyota', model: 'Supra', year: 1994, trim: '', colour: '', current: false, coverImageUrl: car.coverImageUrl, coverImageAlt: 'The 911 at dusk.' });
    expect(covers()).toHaveLength(2);

    // Replaced: the new cover without a description has none; the old files go.
    const replaced = (await updateCar(maya.browser, car._id, CAR_911, await image('png', 600, 200))).json<Car>();
    expect(replaced.coverImageUrl).not.toBe(car.coverImageUrl);
    expect(replaced.coverImageAlt).toBe('');
    expect(covers().map((file) => `/media/${file}`)).toEqual(expect.arrayContaining([replaced.coverImageUrl]));
    expect(covers()).toHaveLength(2);
    const described = (await updateCar(maya.browser, car._id, { ...CAR_911, coverImageAlt: 'Side view.' })).json<Car>();
    expect(described).toMatchObject({ coverImageUrl: replaced.coverImageUrl, coverImageAlt: 'Side view.' });

    // Removed.
    const removed = (await updateCar(maya.browser, car._id, { ...CAR_911, removeCover: 'true' })).json<Car>();
    expect(removed).toMatchObject({ coverImageUrl: '', coverImageAlt: '' });
    expect(covers()).toEqual([]);
    expect((await maya.browser.get(replaced.coverImageUrl)).statusCode).toBe(404);
  });

  it('removes a car: the owner only; its cover file goes', async () => {
    const [maya, kenji] = await people('maya', 'kenji');
    const car = await newCar(maya.browser, CAR_911, await image());
    const remove = (b: Browser, id: string) => b.request('DELETE', `/api/cars/${encodeURIComponent(id)}`);
    expect(answer(await remove(kenji.browser, car._id))).toEqual([403, { message: REFUSAL_MESSAGES.editOwnCarOnly }]);
    expect(answer(await remove(maya.browser, NO_SUCH_ID))).toEqual([404, { message: NOT_FOUND_MESSAGES.car }]);
    expect(covers()).toHaveLength(2);
    expect(answer(await remove(maya.browser, car._id))).toEqual([200, { message: SUCCESS_MESSAGES.carDeleted }]);
    expect(answer(await maya.browser.get(`/api/cars/${car._id}`))).toEqual([404, { message: NOT_FOUND_MESSAGES.car }]);
    expect(answer(await remove(maya.browser, car._id))).toEqual([404, { message: NOT_FOUND_MESSAGES.car }]);
    expect(covers()).toEqual([]);
    expect(await carCount()).toBe(0);
  });
});
