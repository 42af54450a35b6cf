// The garage (issue 17, beyond the spec): the make and model list behind the pickers, a person's
// cars, a car's page and build log, and the cars and posts of one model.
import { z } from 'zod';
import {
  CAR_TEXT_LIMITS,
  CAR_YEAR_MIN,
  carYearMax,
  LOG_CURRENCIES,
  MAX_LOG_COST,
  MAX_LOG_MILEAGE,
  MAX_LOG_PHOTOS,
  MAX_PHOTO_DESCRIPTION_LENGTH,
  MILEAGE_UNITS,
} from '../constants.ts';
import { at } from '../endpoints.ts';
import { Car, Id, MessageBody, PostPage } from '../schemas.ts';
import { CarLogEntry, CarMakeList, CarModelList, CarTimelinePage, Garage, ModelCarPage } from '../garage.ts';
import { REFUSAL_MESSAGES } from '../messages.ts';
import { IdParams, jsonArrayField, multipart, nonBlank, PageQuery, route } from './define.ts';

/** A picker's query: the start of a name (or any word of it); empty lists the first ones. */
const PickerQuery = z.object({ q: z.string().max(100).default('') });

/** A make or model typed in because the list lacks it. */
const TypedName = z
  .string()
  .trim()
  .min(1, { error: REFUSAL_MESSAGES.invalidRequest })
  .max(CAR_TEXT_LIMITS.freeTextName, { error: REFUSAL_MESSAGES.carNameTooLong });

/** A text with a length limit, trimmed, '' when absent. */
const limited = (max: number, message: string) => z.string().trim().max(max, { error: message }).default('');

/** A description (alt text) of one photo, as for posts and covers. */
const Alt = z.string().trim().max(MAX_PHOTO_DESCRIPTION_LENGTH, { error: REFUSAL_MESSAGES.photoDescriptionTooLong });

/** A multipart number that may be left empty: '' and absent both read as none. */
const optionalNumber = <S extends z.ZodType>(schema: S) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/**
 * A car's fields. The make is `makeId` (from the list) or `make` (typed, when the list lacks
 * it), never both; the model likewise, and a typed make takes a typed model. `year` from
 * CAR_YEAR_MIN to next year.
 */
const CarFields = z
  .object({
    makeId: Id.optional(),
    make: TypedName.optional(),
    modelId: Id.optional(),
    model: TypedName.optional(),
    year: z.coerce
      .number<number>({ error: REFUSAL_MESSAGES.carYearOutOfRange })
      .int({ error: REFUSAL_MESSAGES.carYearOutOfRange })
      .min(CAR_YEAR_MIN, { error: REFUSAL_MESSAGES.carYearOutOfRange })
      .refine((year) => year <= carYearMax(), { error: REFUSAL_MESSAGES.carYearOutOfRange }),
    trim: limited(CAR_TEXT_LIMITS.trim, REFUSAL_MESSAGES.carTrimTooLong),
    colour: limited(CAR_TEXT_LIMITS.colour, REFUSAL_MESSAGES.carColourTooLong),
    description: limited(CAR_TEXT_LIMITS.description, REFUSAL_MESSAGES.carDescriptionTooLong),
    /** Owned now (default) or a past car. */
    current: z.stringbool().default(true),
    /** The cover's description; on update, absent keeps it unless a new cover comes. */
    coverImageAlt: Alt.optional(),
    /** Update only: take the cover away (a new cover file wins over this). */
    removeCover: z.stringbool().optional(),
  })
  .refine((car) => (car.makeId === undefined) !== (car.make === undefined), { error: REFUSAL_MESSAGES.carMakeRequired, path: ['make'] })
  .refine((car) => (car.modelId === undefined) !== (car.model === undefined), { error: REFUSAL_MESSAGES.carModelRequired, path: ['model'] })
  .refine((car) => car.make === undefined || car.modelId === undefined, { error: REFUSAL_MESSAGES.unknownCarModel, path: ['modelId'] });

const CoverFile = { coverImage: { multiple: false, required: false, accept: 'image/*' } } as const;

/**
 * A build-log entry's fields. `imageAlts`: one description per photo in the order the entry
 * shows them (on edit: the kept photos, then the new files), as for posts.
 */
const LogFields = {
  date: z.iso.date({ error: REFUSAL_MESSAGES.invalidLogDate }).refine((date) => Number(date.slice(0, 4)) >= CAR_YEAR_MIN, { error: REFUSAL_MESSAGES.invalidLogDate }),
  title: nonBlank(REFUSAL_MESSAGES.logTitleRequired).max(CAR_TEXT_LIMITS.logTitle, { error: REFUSAL_MESSAGES.logTitleTooLong }),
  text: limited(CAR_TEXT_LIMITS.logText, REFUSAL_MESSAGES.logTextTooLong),
  mileage: optionalNumber(
    z.coerce
      .number<number>({ error: REFUSAL_MESSAGES.invalidMileage })
      .int({ error: REFUSAL_MESSAGES.invalidMileage })
      .min(0, { error: REFUSAL_MESSAGES.invalidMileage })
      .max(MAX_LOG_MILEAGE, { error: REFUSAL_MESSAGES.invalidMileage }),
  ),
  mileageUnit: z.enum(MILEAGE_UNITS, { error: REFUSAL_MESSAGES.invalidRequest }).default('km'),
  cost: optionalNumber(
    z.coerce
      .number<number>({ error: REFUSAL_MESSAGES.invalidCost })
      .min(0, { error: REFUSAL_MESSAGES.invalidCost })
      .max(MAX_LOG_COST, { error: REFUSAL_MESSAGES.invalidCost })
      .refine((cost) => Math.abs(Math.round(cost * 100) - cost * 100) < 1e-6, { error: REFUSAL_MESSAGES.invalidCost }),
  ),
  currency: z.enum(LOG_CURRENCIES, { error: REFUSAL_MESSAGES.invalidCurrency }).default(LOG_CURRENCIES[0]),
  imageAlts: jsonArrayField(Alt).optional(),
};

const LogPhotos = { images: { multiple: true, required: false, minCount: 0, maxCount: MAX_LOG_PHOTOS, accept: 'image/*' } } as const;

const ModelParams = z.object({ make: z.string().trim().min(1), model: z.string().trim().min(1) });

export const garageRoutes = {
  'cars.makes': route({
    ...at('cars.makes'), tag: 'cars', auth: true,
    summary: 'Makes of the shipped list whose name (or a word of it) starts with `q`, at most CAR_PICKER_LIMIT, best match first.',
    query: PickerQuery, response: CarMakeList, errors: [401],
  }),
  'cars.models': route({
    ...at('cars.models'), tag: 'cars', auth: true,
    summary: 'Models of a make of the list whose name (or a word of it) starts with `q`, at most CAR_PICKER_LIMIT.',
    params: z.object({ makeId: Id }), query: PickerQuery, response: CarModelList, errors: [401, 404],
  }),
  'cars.byUser': route({
    ...at('cars.byUser'), tag: 'cars', auth: true,
    summary: "A person's garage: current cars first, then past ones.",
    params: z.object({ userId: Id }), response: Garage, errors: [401, 404],
  }),
  'cars.byModel': route({
    ...at('cars.byModel'), tag: 'cars', auth: true,
    summary: 'The cars of one model in the network, newest added first.',
    params: ModelParams, query: PageQuery, response: ModelCarPage, errors: [401],
  }),
  'cars.modelPosts': route({
    ...at('cars.modelPosts'), tag: 'cars', auth: true,
    summary: 'Posts tagged to cars of one model that the viewer may see, newest first.',
    params: ModelParams, query: PageQuery, response: PostPage, errors: [401],
  }),
  'cars.get': route({
    ...at('cars.get'), tag: 'cars', auth: true,
    summary: 'One car.',
    params: IdParams, response: Car, errors: [401, 404],
  }),
  'cars.create': route({
    ...at('cars.create'), tag: 'cars', auth: true, status: 201,
    summary: "Add a car to the current user's garage, with an optional cover photo.",
    body: multipart(CarFields, CoverFile),
    response: Car, errors: [400, 401, 409],
  }),
  'cars.update': route({
    ...at('cars.update'), tag: 'cars', auth: true,
    summary: 'Edit a car (owner only): every field as sent; the cover kept, replaced or removed.',
    params: IdParams, body: multipart(CarFields, CoverFile),
    response: Car, errors: [400, 401, 403, 404],
  }),
  'cars.delete': route({
    ...at('cars.delete'), tag: 'cars', auth: true,
    summary: 'Remove a car (owner only) with its build-log entries; its posts stay, untagged.',
    params: IdParams, response: MessageBody, errors: [401, 403, 404],
  }),
  'cars.timeline': route({
    ...at('cars.timeline'), tag: 'cars', auth: true,
    summary: "A car's build log: the posts tagged to it that the viewer may see and its log entries, newest first.",
    params: IdParams, query: PageQuery, response: CarTimelinePage, errors: [401, 404],
  }),
  'cars.logCreate': route({
    ...at('cars.logCreate'), tag: 'cars', auth: true, status: 201,
    summary: "Add an entry to a car's build log (owner only), with 0 to 5 photos.",
    params: IdParams, body: multipart(z.object(LogFields), LogPhotos),
    response: CarLogEntry, errors: [400, 401, 403, 404],
  }),
  'cars.logUpdate': route({
    ...at('cars.logUpdate'), tag: 'cars', auth: true,
    summary: 'Edit a log entry (owner only): every field as sent; kept photos plus new ones, at most 5.',
    params: IdParams,
    body: multipart(z.object({ ...LogFields, existingImageUrls: jsonArrayField(z.string()) }), LogPhotos),
    response: CarLogEntry, errors: [400, 401, 403, 404],
  }),
  'cars.logDelete': route({
    ...at('cars.logDelete'), tag: 'cars', auth: true,
    summary: 'Delete a log entry (owner only).',
    params: IdParams, response: MessageBody, errors: [401, 403, 404],
  }),
} as const;
