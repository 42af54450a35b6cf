// The garage (issue 17): the make and model list, build-log entries, a car's timeline and a
// model's page, and the one way a car is named. The Car entity itself is in schemas.ts, next to
// the Post that carries its CarRef.
import { z } from 'zod';
import { Car, Id, IsoDateTime, ListedPost, PostImage, TotalPages } from './schemas.ts';
import { LOG_CURRENCIES, MILEAGE_UNITS } from './constants.ts';

/** A make of the shipped list (NHTSA vPIC; its source and licence: apps/server/src/modules/garage/README.md). */
export const CarMake = z.object({ _id: Id, name: z.string() });
export type CarMake = z.infer<typeof CarMake>;
/** A model of a make of the shipped list. */
export const CarModel = z.object({ _id: Id, makeId: Id, name: z.string() });
export type CarModel = z.infer<typeof CarModel>;

export const CarMakeList = z.object({ makes: z.array(CarMake) });
export type CarMakeList = z.infer<typeof CarMakeList>;
export const CarModelList = z.object({ models: z.array(CarModel) });
export type CarModelList = z.infer<typeof CarModelList>;

/** A person's garage: current cars first, then past ones, each group newest added first. */
export const Garage = z.object({ cars: z.array(Car) });
export type Garage = z.infer<typeof Garage>;

/** A calendar date, `YYYY-MM-DD` (a log entry's day, whatever the reader's time zone). */
export const CalendarDate = z.iso.date();

/**
 * An entry of a car's build log: what was done on `date`, with the odometer reading and the
 * cost when the owner gave them (null otherwise), and 0 to MAX_LOG_PHOTOS photos.
 */
export const CarLogEntry = z.object({
  _id: Id,
  carId: Id,
  date: CalendarDate,
  title: z.string(),
  /** '' when none. */
  text: z.string(),
  mileage: z.number().int().min(0).nullable(),
  mileageUnit: z.enum(MILEAGE_UNITS),
  cost: z.number().min(0).nullable(),
  currency: z.enum(LOG_CURRENCIES),
  images: z.array(PostImage),
  createdAt: IsoDateTime,
});
export type CarLogEntry = z.infer<typeof CarLogEntry>;

/**
 * One item of a car's timeline (its build log): a post tagged to the car, or a log entry. Newest
 * first: a post at its `createdAt`, a log entry on its `date` at the time of day (UTC) it was
 * written, so an entry written today sits among today's posts and a back-dated one on its day.
 */
export const CarTimelineItem = z.discriminatedUnion('type', [
  z.object({ type: z.literal('post'), post: ListedPost }),
  z.object({ type: z.literal('log'), entry: CarLogEntry }),
]);
export type CarTimelineItem = z.infer<typeof CarTimelineItem>;

export const CarTimelinePage = z.object({ items: z.array(CarTimelineItem), totalPages: TotalPages });
export type CarTimelinePage = z.infer<typeof CarTimelinePage>;

/**
 * A page of the cars of one model (`/cars/{make}/{model}`), make and model matched without
 * regard to case, list names and typed names alike; `make` and `model` as the first car spells
 * them (the URL's own words when there is none). Newest added first.
 */
export const ModelCarPage = z.object({
  make: z.string(),
  model: z.string(),
  cars: z.array(Car),
  totalCars: z.number().int().min(0),
  totalPages: TotalPages,
});
export type ModelCarPage = z.infer<typeof ModelCarPage>;

// The car's name and name comparison live in a zod-free module the first load can import.
export { carLabel, carNameKey } from './car-names.ts';
