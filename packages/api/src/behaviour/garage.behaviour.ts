// The garage (issue 17): the make and model pickers, adding, editing and removing cars (owner
// only), a garage's order, refusals with the contract's messages, and a model's page. Tags on
// posts and the build log are in their own files.
import { describe, expect, it } from 'vitest';
import { CAR_PICKER_LIMIT, CAR_TEXT_LIMITS, carLabel, carNameKey, NOT_FOUND_MESSAGES, PAGE_SIZES, REFUSAL_MESSAGES, SUCCESS_MESSAGES } from '../contract/index.ts';
import { buildLogBehaviour } from './build-log.behaviour.ts';
import { carTagsBehaviour } from './car-tags.behaviour.ts';
import { addCar, carBody, listMake, listModel } from './garage-helpers.ts';
import { refusal, type World } from './world.ts';

/** Whether a picker's answer fits its query: the name, or a later word of it, starts with it. */
const answers = (name: string, q: string) => carNameKey(name).startsWith(q) || carNameKey(name).split(/[\s\-/()]+/).some((word) => word.startsWith(q));

export function garageBehaviour(world: World): void {
  describe('garage', () => {
    it('make and model pickers offer names of the list that start with what was typed, or have a word that does', async () => {
      const maya = await world.person('maya');
      const porsche = await listMake(maya, 'Porsche');
      // Any case, a prefix, and a later word of a name.
      for (const q of ['pors', 'PORSCHE']) {
        const { makes } = await maya.api.call('cars.makes', { query: { q } });
        expect(makes.map((m) => m.name)).toContain('Porsche');
        expect(makes.every((m) => answers(m.name, carNameKey(q)))).toBe(true);
      }
      // The best match first: the name itself.
      expect((await maya.api.call('cars.makes', { query: { q: 'porsche' } })).makes[0]).toEqual(porsche);
      expect((await maya.api.call('cars.makes', { query: { q: 'romeo' } })).makes.map((m) => m.name)).toContain('Alfa Romeo');
      expect((await maya.api.call('cars.makes', { query: { q: 'benz' } })).makes.map((m) => m.name)).toContain('Mercedes-Benz');
      expect(await maya.api.call('cars.makes', { query: { q: 'zzqx' } })).toEqual({ makes: [] });
      const first = (await maya.api.call('cars.makes')).makes;
      expect(first.length).toBeGreaterThan(0);
      expect(first.length).toBeLessThanOrEqual(CAR_PICKER_LIMIT);

      const { models } = await maya.api.call('cars.models', { params: { makeId: porsche._id }, query: { q: '91' } });
      expect(models.map((m) => m.name)).toContain('911');
      expect(models.every((m) => m.makeId === porsche._id && answers(m.name, '91'))).toBe(true);
      expect((await refusal(maya.api.call('cars.models', { params: { makeId: '999999999' } }))).status).toBe(404);

      const stranger = world.target.newBrowser();
      expect(await refusal(stranger.call('cars.makes'))).toEqual({ status: 401, message: REFUSAL_MESSAGES.notSignedIn });
    });

    it('adds a car from the list with a cover photo: its page and the garage show it', async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      const porsche = await listMake(maya, 'Porsche');
      const nine11 = await listModel(maya, porsche._id, '911');
      const car = await maya.api.call('cars.create', {
        body: carBody({
          makeId: porsche._id,
          modelId: nine11._id,
          year: 1991,
          trim: '  Carrera 2 ',
          colour: 'Guards Red',
          description: 'A 964 on Cup 1 wheels.',
          coverImage: world.target.imageFile('cover.png'),
          coverImageAlt: 'A red 964 at dawn.',
        }),
      });
      expect(car).toMatchObject({
        makeId: porsche._id,
        make: 'Porsche',
        modelId: nine11._id,
        model: '911',
        year: 1991,
        trim: 'Carrera 2',
        colour: 'Guards Red',
        description: 'A 964 on Cup 1 wheels.',
        current: true,
        coverImageAlt: 'A red 964 at dawn.',
        owner: { _id: maya.id, username: maya.username },
        postCount: 0,
        logCount: 0,
      });
      expect(car.coverImageUrl).not.toBe('');
      expect(carLabel(car)).toBe('1991 Porsche 911 Carrera 2');
      expect(await kenji.api.call('cars.get', { params: { id: car._id } })).toEqual(car);
      expect(await kenji.api.call('cars.byUser', { params: { userId: maya.id } })).toEqual({ cars: [car] });
      expect(await maya.api.call('cars.byUser', { params: { userId: kenji.id } })).toEqual({ cars: [] });
    });

    it('adds a car without a cover, with a model or a whole car the list lacks typed in', async () => {
      const maya = await world.person('maya');
      const porsche = await listMake(maya, 'Porsche');
      const typedModel = await maya.api.call('cars.create', { body: carBody({ makeId: porsche._id, model: ' 912 ', year: 1967 }) });
      expect(typedModel).toMatchObject({ makeId: porsche._id, make: 'Porsche', modelId: null, model: '912', coverImageUrl: '', coverImageAlt: '' });
      const typed = await maya.api.call('cars.create', { body: carBody({ make: 'Trabant', model: 'P601', year: 1988, trim: 'Kombi' }) });
      expect(typed).toMatchObject({ makeId: null, make: 'Trabant', modelId: null, model: 'P601', trim: 'Kombi' });
      expect(carLabel(typed)).toBe('1988 Trabant P601 Kombi');
    });

    it('lists a garage with current cars first, then past ones, each newest added first', async () => {
      const maya = await world.person('maya');
      const mx5 = await addCar(maya, 'Mazda', 'MX-5', { year: 2017 });
      const m3 = await addCar(maya, 'BMW', 'M3', { year: 2002, current: false });
      const sc = await addCar(maya, 'Porsche', '911', { year: 1981, trim: 'SC' });
      const oldBeetle = await addCar(maya, 'Volkswagen', 'Beetle', { year: 1972, current: false });
      const { cars } = await maya.api.call('cars.byUser', { params: { userId: maya.id } });
      expect(cars.map((c) => c._id)).toEqual([sc._id, mx5._id, oldBeetle._id, m3._id]);
      expect(cars.map((c) => c.current)).toEqual([true, true, false, false]);
      expect(await refusal(maya.api.call('cars.byUser', { params: { userId: 'no-such-user' } }))).toEqual({ status: 404, message: NOT_FOUND_MESSAGES.user });
    });

    it('edits a car: every field as sent, the cover kept, replaced or taken away', async () => {
      const maya = await world.person('maya');
      const car = await addCar(maya, 'Porsche', '911', { year: 1981, trim: 'SC', coverImage: world.target.imageFile('cover.png'), coverImageAlt: 'Red 911.' });
      const porsche = await listMake(maya, 'Porsche');
      const update = (body: Parameters<typeof carBody>[0]) => maya.api.call('cars.update', { params: { id: car._id }, body: carBody({ makeId: porsche._id, modelId: car.modelId!, ...body }) });

      const kept = await update({ year: 1982, trim: 'SC Targa', colour: 'Grand Prix White', current: false });
      expect(kept).toMatchObject({ _id: car._id, year: 1982, trim: 'SC Targa', colour: 'Grand Prix White', current: false, coverImageUrl: car.coverImageUrl, coverImageAlt: 'Red 911.' });
      expect(carLabel(kept)).toBe('1982 Porsche 911 SC Targa');

      const replaced = await update({ year: 1982, coverImage: world.target.imageFile('new.png'), coverImageAlt: 'White Targa.' });
      expect(replaced.coverImageUrl).not.toBe('');
      expect(replaced.coverImageUrl).not.toBe(car.coverImageUrl);
      expect(replaced).toMatchObject({ coverImageAlt: 'White Targa.', trim: '', current: true });

      const removed = await update({ year: 1982, removeCover: true });
      expect(removed).toMatchObject({ coverImageUrl: '', coverImageAlt: '' });

      // Make and model can change too, to a typed model.
      const retyped = await update({ year: 1982, modelId: undefined, model: '930' });
      expect(retyped).toMatchObject({ make: 'Porsche', modelId: null, model: '930' });
      expect(await maya.api.call('cars.get', { params: { id: car._id } })).toEqual(retyped);
    });

    it('removes a car from the garage', async () => {
      const maya = await world.person('maya');
      const car = await addCar(maya, 'Mazda', 'MX-5');
      expect(await maya.api.call('cars.delete', { params: { id: car._id } })).toEqual({ message: SUCCESS_MESSAGES.carDeleted });
      expect(await maya.api.call('cars.byUser', { params: { userId: maya.id } })).toEqual({ cars: [] });
      expect(await refusal(maya.api.call('cars.get', { params: { id: car._id } }))).toEqual({ status: 404, message: NOT_FOUND_MESSAGES.car });
      expect(await refusal(maya.api.call('cars.delete', { params: { id: car._id } }))).toEqual({ status: 404, message: NOT_FOUND_MESSAGES.car });
    });

    it('lets only the owner change or remove a car, and nobody signed out read one', async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      const car = await addCar(maya, 'Porsche', '911');
      const body = carBody({ make: 'Porsche', model: 'Mine now' });
      const notOwner = { status: 403, message: REFUSAL_MESSAGES.editOwnCarOnly };
      expect(await refusal(kenji.api.call('cars.update', { params: { id: car._id }, body }))).toEqual(notOwner);
      expect(await refusal(kenji.api.call('cars.delete', { params: { id: car._id } }))).toEqual(notOwner);
      expect(await maya.api.call('cars.get', { params: { id: car._id } })).toEqual(car);
      expect(await refusal(kenji.api.call('cars.update', { params: { id: 'no-such-car' }, body }))).toEqual({ status: 404, message: NOT_FOUND_MESSAGES.car });

      const signedOut = { status: 401, message: REFUSAL_MESSAGES.notSignedIn };
      const stranger = world.target.newBrowser();
      expect(await refusal(stranger.call('cars.get', { params: { id: car._id } }))).toEqual(signedOut);
      expect(await refusal(stranger.call('cars.byUser', { params: { userId: maya.id } }))).toEqual(signedOut);
      expect(await refusal(stranger.call('cars.create', { body }))).toEqual(signedOut);
      expect(await refusal(stranger.call('cars.delete', { params: { id: car._id } }))).toEqual(signedOut);
      expect(await refusal(stranger.call('cars.byModel', { params: { make: 'Porsche', model: '911' } }))).toEqual(signedOut);
    });

    it('refuses a year out of range, an unknown make or model, both or neither of id and name, and long texts', async () => {
      const maya = await world.person('maya');
      const porsche = await listMake(maya, 'Porsche');
      const nine11 = await listModel(maya, porsche._id, '911');
      const mazda = await listMake(maya, 'Mazda');
      const mx5 = await listModel(maya, mazda._id, 'MX-5');
      const create = (body: Parameters<typeof carBody>[0]) => refusal(maya.api.call('cars.create', { body: carBody(body) }));
      const listed = { makeId: porsche._id, modelId: nine11._id };
      const bad = (message: string) => ({ status: 400, message });

      expect(await create({ ...listed, year: 1885 })).toEqual(bad(REFUSAL_MESSAGES.carYearOutOfRange));
      // Far past next year, whatever the date.
      expect(await create({ ...listed, year: 9999 })).toEqual(bad(REFUSAL_MESSAGES.carYearOutOfRange));
      expect(await create({ ...listed, year: 1991.5 })).toEqual(bad(REFUSAL_MESSAGES.carYearOutOfRange));
      expect(await create({ makeId: '999999999', model: '911' })).toEqual(bad(REFUSAL_MESSAGES.unknownCarMake));
      expect(await create({ makeId: porsche._id, modelId: mx5._id })).toEqual(bad(REFUSAL_MESSAGES.unknownCarModel));
      expect(await create({ makeId: porsche._id, make: 'Porsche', modelId: nine11._id })).toEqual(bad(REFUSAL_MESSAGES.carMakeRequired));
      expect(await create({ modelId: nine11._id })).toEqual(bad(REFUSAL_MESSAGES.carMakeRequired));
      expect(await create({ makeId: porsche._id })).toEqual(bad(REFUSAL_MESSAGES.carModelRequired));
      expect(await create({ make: 'Porsche', modelId: nine11._id })).toEqual(bad(REFUSAL_MESSAGES.unknownCarModel));
      expect(await create({ make: 'x'.repeat(CAR_TEXT_LIMITS.freeTextName + 1), model: 'P601' })).toEqual(bad(REFUSAL_MESSAGES.carNameTooLong));
      expect(await create({ ...listed, trim: 'x'.repeat(CAR_TEXT_LIMITS.trim + 1) })).toEqual(bad(REFUSAL_MESSAGES.carTrimTooLong));
      expect(await create({ ...listed, colour: 'x'.repeat(CAR_TEXT_LIMITS.colour + 1) })).toEqual(bad(REFUSAL_MESSAGES.carColourTooLong));
      expect(await create({ ...listed, description: 'x'.repeat(CAR_TEXT_LIMITS.description + 1) })).toEqual(bad(REFUSAL_MESSAGES.carDescriptionTooLong));
      expect(await create({ ...listed, coverImage: new Blob(['not a picture'], { type: 'image/png' }) })).toEqual(bad(REFUSAL_MESSAGES.notAnImage));
      expect(await maya.api.call('cars.byUser', { params: { userId: maya.id } })).toEqual({ cars: [] });

      // The longest texts are taken.
      const longest = await maya.api.call('cars.create', { body: carBody({ make: 'x'.repeat(CAR_TEXT_LIMITS.freeTextName), model: 'y', trim: 't'.repeat(CAR_TEXT_LIMITS.trim) }) });
      expect(longest.make).toHaveLength(CAR_TEXT_LIMITS.freeTextName);
    });

    it("a model's page lists every car of that model newest first, matching names whatever their case, from the list or typed", async () => {
      const [maya, kenji, lena] = await world.people('maya', 'kenji', 'lena');
      const mayas = await addCar(maya, 'Trabant', 'P601', { typed: true, year: 1988 });
      const kenjis = await addCar(kenji, 'TRABANT', ' p601 ', { typed: true, year: 1990 });
      await addCar(lena, 'Trabant', 'P50', { typed: true });
      const page = await lena.api.call('cars.byModel', { params: { make: 'trabant', model: 'P601' } });
      // Named as the first car spells it.
      expect(page).toMatchObject({ make: 'TRABANT', model: 'p601', totalCars: 2, totalPages: 1 });
      expect(page.cars.map((c) => c._id)).toEqual([kenjis._id, mayas._id]);

      const listed = await addCar(maya, 'Porsche', '911');
      const porsches = await kenji.api.call('cars.byModel', { params: { make: 'PORSCHE', model: '911' } });
      expect(porsches).toMatchObject({ make: 'Porsche', model: '911', totalCars: 1 });
      expect(porsches.cars).toEqual([listed]);

      expect(await maya.api.call('cars.byModel', { params: { make: 'Wartburg', model: '353' } })).toEqual({ make: 'Wartburg', model: '353', cars: [], totalCars: 0, totalPages: 0 });
    });

    it("pages a model's cars", async () => {
      const maya = await world.person('maya');
      const ids: string[] = [];
      for (let i = 0; i <= PAGE_SIZES.modelCars; i++) ids.push((await addCar(maya, 'Trabant', 'P601', { typed: true, year: 1964 + i }))._id);
      const newestFirst = ids.reverse();
      const first = await maya.api.call('cars.byModel', { params: { make: 'Trabant', model: 'P601' } });
      expect(first).toMatchObject({ totalCars: PAGE_SIZES.modelCars + 1, totalPages: 2 });
      expect(first.cars.map((c) => c._id)).toEqual(newestFirst.slice(0, PAGE_SIZES.modelCars));
      const second = await maya.api.call('cars.byModel', { params: { make: 'Trabant', model: 'P601' }, query: { page: 2 } });
      expect(second.cars.map((c) => c._id)).toEqual(newestFirst.slice(PAGE_SIZES.modelCars));
      const past = await maya.api.call('cars.byModel', { params: { make: 'Trabant', model: 'P601' }, query: { page: 3 } });
      expect(past).toMatchObject({ cars: [], totalPages: 2 });
    });

    carTagsBehaviour(world);
    buildLogBehaviour(world);
  });
}
