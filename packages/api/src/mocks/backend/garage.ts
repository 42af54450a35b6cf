// The garage (issue 17): the make and model pickers over the fake's list, garages, one car and
// its changes (owner only), a car's build log (tagged posts and log entries in one timeline) and
// a model's cars and posts.
import {
  carNameKey,
  CAR_PICKER_LIMIT,
  MAX_GARAGE_CARS,
  MAX_LOG_PHOTOS,
  PAGE_SIZES,
  photoDescriptionsError,
  REFUSAL_MESSAGES,
  SUCCESS_MESSAGES,
  type Routes,
} from '../../contract/index.ts';
import type { z } from 'zod';
import { MOCK_CAR_MAKES, MOCK_CAR_MODELS } from '../car-list.ts';
import type { MockCar, MockCarLogEntry, MockPost, MockUser } from '../state.ts';
import { refuse, type DomainRoutes } from './context.ts';
import { imageDataUrl } from './uploads.ts';
import { byNewest, paginate, type World } from './world.ts';

type CarFields = z.output<Routes['cars.create']['body']['fields']>;

/**
 * How well a name answers a picker's query, best first: 0 the name itself, 1 it starts with it,
 * 2 a later word does (after a space, hyphen, slash or parenthesis: "romeo" finds Alfa Romeo,
 * "benz" Mercedes-Benz), null not at all; case and surrounding spaces aside (as the server's).
 */
function pickerRank(name: string, q: string): number | null {
  const key = carNameKey(name);
  if (key === q) return 0;
  if (key.startsWith(q)) return 1;
  return key.split(/[\s\-/()]+/).some((word) => word.startsWith(q)) ? 2 : null;
}

/** The best matches first, then by name; at most CAR_PICKER_LIMIT. */
function pick<T extends { name: string }>(items: readonly T[], rawQ: string): T[] {
  const q = carNameKey(rawQ);
  return items
    .flatMap((item) => {
      const rank = pickerRank(item.name, q);
      return rank === null ? [] : [{ item, rank }];
    })
    .sort((a, b) => a.rank - b.rank || carNameKey(a.item.name).localeCompare(carNameKey(b.item.name), 'en'))
    .slice(0, CAR_PICKER_LIMIT)
    .map(({ item }) => item);
}

/** Make and model from the list by id, or as typed (the schema lets only one of each through). */
function makeAndModel(body: CarFields): Pick<MockCar, 'makeId' | 'make' | 'modelId' | 'model'> {
  if (body.makeId === undefined) return { makeId: null, make: body.make!, modelId: null, model: body.model! };
  const make = MOCK_CAR_MAKES.find((m) => m._id === body.makeId) ?? refuse(400, REFUSAL_MESSAGES.unknownCarMake);
  if (body.modelId === undefined) return { makeId: make._id, make: make.name, modelId: null, model: body.model! };
  const model = MOCK_CAR_MODELS.find((m) => m._id === body.modelId && m.makeId === make._id) ?? refuse(400, REFUSAL_MESSAGES.unknownCarModel);
  return { makeId: make._id, make: make.name, modelId: model._id, model: model.name };
}

/** A garage's order: current cars first, then past ones, each newest added first. */
const garageOrder = (a: MockCar, b: MockCar) => Number(b.current) - Number(a.current) || byNewest(a, b);

/**
 * Where an item sits in a car's timeline: a post at its creation, a log entry on its date at the
 * time of day (UTC) it was written (CarTimelineItem).
 */
const postMoment = (p: MockPost) => p.createdAt;
const entryMoment = (e: MockCarLogEntry) => `${e.date}T${e.createdAt.slice(11)}`;

export function garageRoutes(world: World): DomainRoutes<'cars'> {
  const { state, now, newId, mustUser, mustCar, mustLogEntry, car, carPosts, logEntry, listedPost, postPage, listedTo, notBlocked, mustSeePerson, mustSeeCar, deleteCar } = world;

  /** A car the viewer may change: their own, else 403. */
  function ownCar(carId: string, viewer: MockUser): MockCar {
    const target = mustCar(carId);
    if (target.ownerId !== viewer.id) refuse(403, REFUSAL_MESSAGES.editOwnCarOnly);
    return target;
  }

  /** The cars of one model, make and model compared as names compare (carNameKey), newest added first. */
  function carsOfModel(make: string, model: string): MockCar[] {
    return state.cars.filter((c) => carNameKey(c.make) === carNameKey(make) && carNameKey(c.model) === carNameKey(model)).sort(byNewest);
  }

  /** A log entry's photo descriptions, checked as a post's are. */
  function checkedAlts(descriptions: string[] | undefined, fallback: string[], viewer: MockUser): string[] {
    const alts = descriptions ?? fallback;
    if (alts.length !== fallback.length) refuse(400, REFUSAL_MESSAGES.photoDescriptionsMismatch);
    const refused = photoDescriptionsError(alts, { required: viewer.requirePhotoDescriptions ?? false });
    if (refused !== null) refuse(400, refused);
    return alts;
  }

  async function uploads(files: Blob[]): Promise<string[]> {
    const urls: string[] = [];
    for (const file of files) urls.push(await imageDataUrl(file));
    return urls;
  }

  return {
    'cars.makes': ({ query }) => ({ makes: pick(MOCK_CAR_MAKES, query.q) }),

    'cars.models': ({ params, query }) => {
      const make = MOCK_CAR_MAKES.find((m) => m._id === params.makeId) ?? refuse(404, REFUSAL_MESSAGES.unknownCarMake);
      return { models: pick(MOCK_CAR_MODELS.filter((m) => m.makeId === make._id), query.q) };
    },

    'cars.byUser': ({ params, viewer }) => {
      const owner = mustUser(params.userId);
      mustSeePerson(viewer, owner.id);
      return { cars: state.cars.filter((c) => c.ownerId === owner.id).sort(garageOrder).map((c) => car(c, viewer)) };
    },

    'cars.byModel': ({ params, query, viewer }) => {
      // A model's page leaves out the cars of the viewer's block pairs (its counts too).
      const person = notBlocked(viewer);
      const cars = carsOfModel(params.make, params.model).filter((c) => person(c.ownerId));
      const { items, totalPages } = paginate(cars, query.page, PAGE_SIZES.modelCars);
      const first = cars[0];
      return {
        make: first?.make ?? params.make,
        model: first?.model ?? params.model,
        cars: items.map((c) => car(c, viewer)),
        totalCars: cars.length,
        totalPages,
      };
    },

    'cars.modelPosts': ({ params, query, viewer }) => {
      const carIds = new Set(carsOfModel(params.make, params.model).map((c) => c.id));
      const posts = state.posts.filter((p) => p.carId && carIds.has(p.carId)).filter(listedTo(viewer)).sort(byNewest);
      return postPage(posts, query.page, PAGE_SIZES.modelPosts, viewer);
    },

    'cars.get': ({ params, viewer }) => {
      const target = mustCar(params.id);
      mustSeeCar(viewer, target.ownerId);
      return car(target, viewer);
    },

    'cars.create': async ({ body, files, viewer }) => {
      const names = makeAndModel(body);
      if (state.cars.filter((c) => c.ownerId === viewer.id).length >= MAX_GARAGE_CARS) refuse(409, REFUSAL_MESSAGES.garageFull);
      const cover = files.coverImage?.[0];
      const coverImageUrl = cover ? await imageDataUrl(cover) : '';
      const created: MockCar = {
        id: newId('car'),
        ownerId: viewer.id,
        ...names,
        year: body.year,
        trim: body.trim,
        colour: body.colour,
        description: body.description,
        current: body.current,
        coverImageUrl,
        coverImageAlt: coverImageUrl === '' ? '' : (body.coverImageAlt ?? ''),
        createdAt: now(),
      };
      state.cars.push(created);
      return car(created, viewer);
    },

    // Every field as sent; the cover: a new file replaces it (its description as sent, else
    // none), `removeCover` takes it away, otherwise it stays with its description unless one is sent.
    'cars.update': async ({ params, body, files, viewer }) => {
      const target = ownCar(params.id, viewer);
      const names = makeAndModel(body);
      const cover = files.coverImage?.[0];
      const coverUrl = cover ? await imageDataUrl(cover) : undefined;
      Object.assign(target, names, { year: body.year, trim: body.trim, colour: body.colour, description: body.description, current: body.current });
      if (coverUrl !== undefined) {
        target.coverImageUrl = coverUrl;
        target.coverImageAlt = body.coverImageAlt ?? '';
      } else if (body.removeCover) {
        target.coverImageUrl = '';
        target.coverImageAlt = '';
      } else if (body.coverImageAlt !== undefined && target.coverImageUrl !== '') {
        target.coverImageAlt = body.coverImageAlt;
      }
      return car(target, viewer);
    },

    'cars.delete': ({ params, viewer }) => {
      deleteCar(ownCar(params.id, viewer).id);
      return { message: SUCCESS_MESSAGES.carDeleted };
    },

    'cars.timeline': ({ params, query, viewer }) => {
      const target = mustCar(params.id);
      mustSeeCar(viewer, target.ownerId);
      type Dated = { at: string; id: string; post?: MockPost; entry?: MockCarLogEntry };
      const dated: Dated[] = [
        ...carPosts(target.id, viewer).map((p) => ({ at: postMoment(p), id: p.id, post: p })),
        ...state.carLog.filter((e) => e.carId === target.id).map((e) => ({ at: entryMoment(e), id: e.id, entry: e })),
      ].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.id < b.id ? 1 : -1));
      const { items, totalPages } = paginate(dated, query.page, PAGE_SIZES.carTimeline);
      return {
        items: items.map(({ post, entry }) => (post ? { type: 'post' as const, post: listedPost(post, viewer) } : { type: 'log' as const, entry: logEntry(entry!) })),
        totalPages,
      };
    },

    'cars.logCreate': async ({ params, body, files, viewer }) => {
      const target = ownCar(params.id, viewer);
      const photos = files.images ?? [];
      if (photos.length > MAX_LOG_PHOTOS) refuse(400, REFUSAL_MESSAGES.tooManyLogPhotos);
      const imageAlts = checkedAlts(body.imageAlts, photos.map(() => ''), viewer);
      const created: MockCarLogEntry = {
        id: newId('log'),
        carId: target.id,
        date: body.date,
        title: body.title,
        text: body.text,
        mileage: body.mileage ?? null,
        mileageUnit: body.mileageUnit,
        cost: body.cost ?? null,
        currency: body.currency,
        imageUrls: await uploads(photos),
        imageAlts,
        createdAt: now(),
      };
      state.carLog.push(created);
      return logEntry(created);
    },

    // Every field as sent; photos: the kept ones (each one of the entry's, no repeats) in the
    // order given, then the new ones, at most MAX_LOG_PHOTOS.
    'cars.logUpdate': async ({ params, body, files, viewer }) => {
      const entry = mustLogEntry(params.id);
      ownCar(entry.carId, viewer);
      const kept = body.existingImageUrls;
      if (kept.some((url) => !entry.imageUrls.includes(url)) || new Set(kept).size !== kept.length) refuse(400, REFUSAL_MESSAGES.invalidRequest);
      const added = files.images ?? [];
      if (kept.length + added.length > MAX_LOG_PHOTOS) refuse(400, REFUSAL_MESSAGES.tooManyLogPhotos);
      const keptAlts = kept.map((url) => entry.imageAlts[entry.imageUrls.indexOf(url)] ?? '');
      const imageAlts = checkedAlts(body.imageAlts, [...keptAlts, ...added.map(() => '')], viewer);
      const addedUrls = await uploads(added);
      Object.assign(entry, {
        date: body.date,
        title: body.title,
        text: body.text,
        mileage: body.mileage ?? null,
        mileageUnit: body.mileageUnit,
        cost: body.cost ?? null,
        currency: body.currency,
        imageUrls: [...kept, ...addedUrls],
        imageAlts,
      });
      return logEntry(entry);
    },

    'cars.logDelete': ({ params, viewer }) => {
      const entry = mustLogEntry(params.id);
      ownCar(entry.carId, viewer);
      state.carLog = state.carLog.filter((e) => e.id !== entry.id);
      return { message: SUCCESS_MESSAGES.logEntryDeleted };
    },
  };
}
