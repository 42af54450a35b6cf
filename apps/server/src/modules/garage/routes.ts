// The garage (issue 17): the make and model pickers, a person's cars, a car's page and build
// log, and the cars and posts of one model (the thirteen `cars.*` routes of the contract).
// Only a car's owner changes it or its log (403 otherwise). Covers and log photos go through the
// media pipeline as a community's cover and a post's photos do (modules/media/README.md): stored
// before the transaction, discarded if it fails, replaced or deleted files removed after it.
import fastifyMultipart from '@fastify/multipart';
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { MAX_LOG_PHOTOS, NOT_FOUND_MESSAGES, REFUSAL_MESSAGES, SUCCESS_MESSAGES, routes } from '@pitlane/api/contract';
import type { Db } from '../../db/client.ts';
import { carLogEntries, carLogImages, cars } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import { contractRoute, JsonText } from '../contract-route.ts';
import type { StoredImage } from '../media/media.ts';
import { MULTIPART_OPTIONS, parseFormFields, readUploadForm, type UploadForm } from '../media/uploads.ts';
import { checkedDescriptions, postReaderOf } from '../posts/service.ts';
import { blockPair, carUnavailable, mustSeePerson } from '../safety/service.ts';
import { carJsonText, garageJson, logEntryJsonText, makeExists, makesMatching, modelCarsJson, modelPostsJson, modelsMatching, timelineJson } from './read.ts';
import { carNameOf, checkGarageRoom, findCar, findLogEntry, holdOwnCar, listId, logPhotosOfCar, type CarFacts, type LogEntryFacts } from './service.ts';

const carNotFound = () => new HttpError(404, NOT_FOUND_MESSAGES.car);
const entryNotFound = () => new HttpError(404, NOT_FOUND_MESSAGES.logEntry);
const ownerOnly = () => new HttpError(403, REFUSAL_MESSAGES.editOwnCarOnly);
const tooManyPhotos = () => new HttpError(400, REFUSAL_MESSAGES.tooManyLogPhotos);

/**
 * A car form's text parts with its optional choices left empty taken as absent: an HTML form
 * sends "" for a make typed rather than picked (`makeId`), an unchecked option, and so on. A
 * cover description stays: "" clears it.
 */
function carFields(form: UploadForm): Record<string, string> {
  const fields = { ...form.fields };
  for (const name of ['makeId', 'make', 'modelId', 'model', 'current', 'removeCover']) if (fields[name] === '') delete fields[name];
  return fields;
}

/** A log entry's photos in order, with their descriptions. */
async function insertLogImages(db: Db, entryId: string, images: ReadonlyArray<Pick<StoredImage, 'url' | 'width' | 'height'>>, alts: readonly string[]): Promise<void> {
  if (images.length === 0) return;
  await db.insert(carLogImages).values(images.map((image, position) => ({ entryId, position, url: image.url, width: image.width, height: image.height, alt: alts[position] ?? '' })));
}

export const garageRoutes: FastifyPluginAsync = async (app) => {
  await app.register(fastifyMultipart, MULTIPART_OPTIONS);
  const reader = () => postReaderOf(app);

  async function mustFindCar(id: string): Promise<CarFacts> {
    const car = await findCar(app.db, id);
    if (!car) throw carNotFound();
    return car;
  }

  /** A car whose page `viewerId` opens: 404 `carUnavailable` when its owner and the viewer are a block pair. */
  async function mustSeeCar(id: string, viewerId: string): Promise<CarFacts> {
    const car = await mustFindCar(id);
    if (await blockPair(app.db, viewerId, car.ownerId)) throw carUnavailable();
    return car;
  }

  async function mustOwnCar(id: string, viewerId: string): Promise<CarFacts> {
    const car = await mustFindCar(id);
    if (car.ownerId !== viewerId) throw ownerOnly();
    return car;
  }

  async function mustOwnEntry(id: string, viewerId: string): Promise<LogEntryFacts> {
    const entry = await findLogEntry(app.db, id);
    if (!entry) throw entryNotFound();
    if (entry.ownerId !== viewerId) throw ownerOnly();
    return entry;
  }

  /** A car as `viewerId` sees it, read on `db` (the saving transaction, for the write routes' answers). */
  async function carReply(db: Db, carId: string, viewerId: string): Promise<JsonText> {
    const json = await carJsonText(db, carId, viewerId);
    if (json === null) throw carNotFound();
    return new JsonText(json);
  }

  // The pickers.
  contractRoute(app, 'cars.makes', {}, async ({ query }) => ({ makes: await makesMatching(app.db, query.q.trim()) }));

  contractRoute(app, 'cars.models', {}, async ({ params, query }) => {
    const makeId = listId(params.makeId);
    if (makeId === null || !(await makeExists(app.db, makeId))) throw new HttpError(404, REFUSAL_MESSAGES.unknownCarMake);
    return { models: await modelsMatching(app.db, makeId, query.q.trim()) };
  });

  // Reading cars.
  contractRoute(app, 'cars.byUser', {}, async ({ params, viewer }) => {
    const owner = await mustSeePerson(app.db, params.userId, viewer.user.id);
    return new JsonText(await garageJson(app.db, owner.id, viewer.user.id));
  });

  contractRoute(app, 'cars.get', {}, async ({ params, viewer }) => carReply(app.db, (await mustSeeCar(params.id, viewer.user.id)).id, viewer.user.id));

  contractRoute(app, 'cars.timeline', {}, async ({ params, query, viewer }) => {
    const car = await mustSeeCar(params.id, viewer.user.id);
    return new JsonText(await timelineJson(reader(), car.id, viewer.user.id, query.page));
  });

  contractRoute(app, 'cars.byModel', {}, async ({ params, query, viewer }) =>
    new JsonText(await modelCarsJson(app.db, { make: params.make, model: params.model }, viewer.user.id, query.page)));

  contractRoute(app, 'cars.modelPosts', {}, async ({ params, query, viewer }) =>
    new JsonText(await modelPostsJson(reader(), viewer.user.id, { make: params.make, model: params.model }, query.page)));

  // Changing cars: the owner only.
  contractRoute(app, 'cars.create', {}, async ({ request, viewer }) => {
    const form = await readUploadForm(request, { maxFiles: 1, fileFields: ['coverImage'] });
    const input = parseFormFields(routes['cars.create'].body.fields, carFields(form));
    const name = await carNameOf(app.db, input);
    // Refused before the cover is processed; counted again, in order, in the transaction.
    await checkGarageRoom(app.db, viewer.user.id);
    const json = await app.media.write({ files: form.files, kind: 'cover' }, async (tx, media) => {
      await checkGarageRoom(tx, viewer.user.id, { lock: true });
      const cover = media.images[0];
      const [created] = await tx
        .insert(cars)
        .values({
          ownerId: viewer.user.id,
          ...name,
          year: input.year,
          trim: input.trim,
          colour: input.colour,
          description: input.description,
          current: input.current,
          coverUrl: cover?.url ?? null,
          coverAlt: cover ? (input.coverImageAlt ?? '') : '',
        })
        .returning({ id: cars.id });
      return carReply(tx, created!.id, viewer.user.id);
    });
    return json;
  });

  contractRoute(app, 'cars.update', {}, async ({ request, params, viewer }) => {
    const car = await mustOwnCar(params.id, viewer.user.id);
    const form = await readUploadForm(request, { maxFiles: 1, fileFields: ['coverImage'] });
    const input = parseFormFields(routes['cars.update'].body.fields, carFields(form));
    const name = await carNameOf(app.db, input);
    return app.media.write({ files: form.files, kind: 'cover' }, async (tx, media) => {
      // Locked, then read again: a deletion at this moment waits or wins.
      const current = await findCar(tx, car.id, { lock: 'edit' });
      if (!current) throw carNotFound();
      // The cover: a new file replaces it (without a description, it has none: the old one
      // described another picture), `removeCover` takes it away, otherwise it stays.
      const cover = media.images[0];
      let coverUrl = current.coverUrl;
      let coverAlt: string | undefined = input.coverImageAlt;
      if (cover || input.removeCover) {
        media.drop([current.coverUrl]);
        coverUrl = cover?.url ?? null;
        coverAlt = cover ? (input.coverImageAlt ?? '') : '';
      }
      if (coverUrl === null) coverAlt = '';
      await tx
        .update(cars)
        .set({
          ...name,
          year: input.year,
          trim: input.trim,
          colour: input.colour,
          description: input.description,
          current: input.current,
          coverUrl,
          ...(coverAlt === undefined ? {} : { coverAlt }),
        })
        .where(eq(cars.id, car.id));
      return carReply(tx, car.id, viewer.user.id);
    });
  });

  contractRoute(app, 'cars.delete', {}, async ({ params, viewer }) => {
    const car = await mustOwnCar(params.id, viewer.user.id);
    await app.media.write(null, async (tx, media) => {
      // Locked first: log entries being written now (they hold the car) are waited for, so
      // their photos are read below and go too.
      const current = await findCar(tx, car.id, { lock: 'delete' });
      if (!current) throw carNotFound();
      const photos = await logPhotosOfCar(tx, car.id);
      // Its log entries and their photos go with it (ON DELETE CASCADE); its posts stay, untagged (SET NULL).
      await tx.delete(cars).where(eq(cars.id, car.id));
      media.drop([current.coverUrl, ...photos]);
    });
    return { message: SUCCESS_MESSAGES.carDeleted };
  });

  // The build log: the car's owner only.
  const logForm = (request: Parameters<typeof readUploadForm>[0]) =>
    readUploadForm(request, { maxFiles: MAX_LOG_PHOTOS, fileFields: ['images'], tooManyFilesMessage: REFUSAL_MESSAGES.tooManyLogPhotos });
  /** A log form's values as the table keeps them (a cost with its two decimals, as text). */
  const logValues = (input: { date: string; title: string; text: string; mileage?: number | undefined; mileageUnit: string; cost?: number | undefined; currency: string }) => ({
    date: input.date,
    title: input.title,
    text: input.text,
    mileage: input.mileage ?? null,
    mileageUnit: input.mileageUnit,
    cost: input.cost === undefined ? null : input.cost.toFixed(2),
    currency: input.currency,
  });

  contractRoute(app, 'cars.logCreate', {}, async ({ request, params, viewer }) => {
    const car = await mustOwnCar(params.id, viewer.user.id);
    const form = await logForm(request);
    const input = parseFormFields(routes['cars.logCreate'].body.fields, form.fields);
    // As for a post's photos: one description each, required when the owner's setting says so.
    const alts = checkedDescriptions(input.imageAlts ?? form.files.map(() => ''), form.files.length, viewer.user.requirePhotoDescriptions);
    const json = await app.media.write({ files: form.files, kind: 'post' }, async (tx, media) => {
      // Held until the commit: the car cannot be deleted under the new entry.
      if (!(await holdOwnCar(tx, car.id, viewer.user.id))) throw carNotFound();
      const [entry] = await tx.insert(carLogEntries).values({ carId: car.id, ...logValues(input) }).returning({ id: carLogEntries.id });
      await insertLogImages(tx, entry!.id, media.images, alts);
      return (await logEntryJsonText(tx, entry!.id))!;
    });
    return new JsonText(json);
  });

  contractRoute(app, 'cars.logUpdate', {}, async ({ request, params, viewer }) => {
    const entry = await mustOwnEntry(params.id, viewer.user.id);
    const form = await logForm(request);
    const input = parseFormFields(routes['cars.logUpdate'].body.fields, form.fields);
    const kept = input.existingImageUrls;
    if (new Set(kept).size !== kept.length) throw new HttpError(400, REFUSAL_MESSAGES.invalidRequest);
    if (kept.length + form.files.length > MAX_LOG_PHOTOS) throw tooManyPhotos();
    const required = viewer.user.requirePhotoDescriptions;
    // Sent: checked before any photo is stored; not sent: kept photos keep theirs, new ones have none.
    const sentAlts = input.imageAlts === undefined ? undefined : checkedDescriptions(input.imageAlts, kept.length + form.files.length, required);
    const json = await app.media.write({ files: form.files, kind: 'post' }, async (tx, media) => {
      if (!(await findLogEntry(tx, entry.id, { lock: true }))) throw entryNotFound();
      const current = await tx.select().from(carLogImages).where(eq(carLogImages.entryId, entry.id)).orderBy(asc(carLogImages.position));
      const byUrl = new Map(current.map((image) => [image.url, image]));
      // Each kept URL must be one of this entry's photos.
      const keptRows = kept.map((url) => byUrl.get(url));
      if (keptRows.some((row) => row === undefined)) throw new HttpError(400, REFUSAL_MESSAGES.invalidRequest);
      const images = [...(keptRows as NonNullable<(typeof keptRows)[number]>[]), ...media.images];
      const alts = sentAlts ?? checkedDescriptions([...keptRows.map((row) => row!.alt), ...media.images.map(() => '')], images.length, required);
      await tx.update(carLogEntries).set(logValues(input)).where(eq(carLogEntries.id, entry.id));
      await tx.delete(carLogImages).where(eq(carLogImages.entryId, entry.id));
      await insertLogImages(tx, entry.id, images, alts);
      media.drop(current.filter((image) => !kept.includes(image.url)).map((image) => image.url));
      return (await logEntryJsonText(tx, entry.id))!;
    });
    return new JsonText(json);
  });

  contractRoute(app, 'cars.logDelete', {}, async ({ params, viewer }) => {
    const entry = await mustOwnEntry(params.id, viewer.user.id);
    await app.media.write(null, async (tx, media) => {
      if (!(await findLogEntry(tx, entry.id, { lock: true }))) throw entryNotFound();
      const photos = await tx.select({ url: carLogImages.url }).from(carLogImages).where(eq(carLogImages.entryId, entry.id));
      await tx.delete(carLogEntries).where(eq(carLogEntries.id, entry.id));
      media.drop(photos.map((photo) => photo.url));
    });
    return { message: SUCCESS_MESSAGES.logEntryDeleted };
  });
};
