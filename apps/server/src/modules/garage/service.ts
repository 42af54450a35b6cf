// The garage's facts for permission checks and writes: one car or log entry with its owner, the
// make and model a form names (from the list or typed), what the owner's cars hold in media (for
// deletions), and the hold posts take on the car they are tagged to.
import { sql } from 'drizzle-orm';
import { MAX_GARAGE_CARS, REFUSAL_MESSAGES } from '@pitlane/api/contract';
import type { Db, Tx } from '../../db/client.ts';
import { isId } from '../../db/ids.ts';
import { HttpError } from '../../plugins/errors.ts';

/** What the permission checks and writes need of a car. */
export interface CarFacts {
  id: string;
  ownerId: string;
  /** Null: no cover. */
  coverUrl: string | null;
}

/**
 * The car `id`, or null (also for an id that is not a UUID: it names nothing). In a transaction,
 * `lock` takes the row: 'edit' FOR NO KEY UPDATE (another edit or a deletion at this moment
 * waits or wins; posts and log entries being saved with the car, which hold it FOR KEY SHARE, go
 * on), 'delete' FOR UPDATE (those are waited for too, so the deletion sees them).
 */
export async function findCar(db: Db, id: string, options: { lock?: 'edit' | 'delete' } = {}): Promise<CarFacts | null> {
  if (!isId(id)) return null;
  const lock = options.lock === 'edit' ? sql`for no key update` : options.lock === 'delete' ? sql`for update` : sql``;
  const result = await db.execute<{ id: string; owner_id: string; cover_url: string | null }>(sql`
    select id, owner_id, cover_url from cars where id = ${id} ${lock}`);
  const row = result.rows[0];
  return row ? { id: row.id, ownerId: row.owner_id, coverUrl: row.cover_url } : null;
}

/**
 * Whether `carId` is one of `ownerId`'s cars, holding the row FOR KEY SHARE until the end of the
 * transaction: the car cannot be deleted before the post or log entry that names it is saved
 * (its deletion waits), while edits of the car go on. On the pool it is a plain check.
 */
export async function holdOwnCar(db: Db, carId: string, ownerId: string): Promise<boolean> {
  if (!isId(carId)) return false;
  const result = await db.execute(sql`select 1 from cars where id = ${carId} and owner_id = ${ownerId} for key share`);
  return result.rows.length > 0;
}

/** What the permission checks of the log routes need of an entry: its car and that car's owner. */
export interface LogEntryFacts {
  id: string;
  carId: string;
  ownerId: string;
}

/** The log entry `id` with its car's owner, or null. `lock`: the entry row FOR UPDATE. */
export async function findLogEntry(db: Db, id: string, options: { lock?: boolean } = {}): Promise<LogEntryFacts | null> {
  if (!isId(id)) return null;
  const result = await db.execute<{ id: string; car_id: string; owner_id: string }>(sql`
    select e.id, e.car_id, c.owner_id from car_log_entries e join cars c on c.id = e.car_id
    where e.id = ${id} ${options.lock ? sql`for update of e` : sql``}`);
  const row = result.rows[0];
  return row ? { id: row.id, carId: row.car_id, ownerId: row.owner_id } : null;
}

// ---------------------------------------------------------------------------------------------
// The make and model a car form names.

/** A list id as the contract carries it: vPIC's positive integer, as text. */
const LIST_ID = /^[1-9][0-9]{0,8}$/;

/** A list id as a number, or null when the text cannot name an entry of the list. */
export function listId(text: string): number | null {
  return LIST_ID.test(text) ? Number(text) : null;
}

/** The make and model of a car form: from the list (`makeId`, `modelId`) or typed. */
export interface CarNameInput {
  makeId?: string | undefined;
  make?: string | undefined;
  modelId?: string | undefined;
  model?: string | undefined;
}

export interface CarName {
  makeId: number | null;
  modelId: number | null;
  makeName: string;
  modelName: string;
}

/**
 * The names the car will carry: a list entry's name when its id is given (an id the list does not
 * have: 400 unknownCarMake; a model id that is not of that make: 400 unknownCarModel), the typed
 * name otherwise. Typed names stay on the car and never enter the list. (The contract's zod has
 * already refused a form with neither or both of an id and a name, or a list model under a
 * typed make.)
 */
export async function carNameOf(db: Db, input: CarNameInput): Promise<CarName> {
  let makeId: number | null = null;
  let makeName = input.make ?? '';
  if (input.makeId !== undefined) {
    makeId = listId(input.makeId);
    const make = makeId === null ? undefined : (await db.execute<{ name: string }>(sql`select name from car_makes where id = ${makeId}`)).rows[0];
    if (!make) throw new HttpError(400, REFUSAL_MESSAGES.unknownCarMake);
    makeName = make.name;
  }
  let modelId: number | null = null;
  let modelName = input.model ?? '';
  if (input.modelId !== undefined) {
    modelId = listId(input.modelId);
    const model =
      modelId === null || makeId === null
        ? undefined
        : (await db.execute<{ name: string }>(sql`select name from car_models where id = ${modelId} and make_id = ${makeId}`)).rows[0];
    if (!model) throw new HttpError(400, REFUSAL_MESSAGES.unknownCarModel);
    modelName = model.name;
  }
  return { makeId, modelId, makeName, modelName };
}

// ---------------------------------------------------------------------------------------------
// Garage size and media.

/**
 * Refuses a new car when the owner's garage is full (409 garageFull). In a transaction, the
 * owner's user row is locked FOR NO KEY UPDATE first, so two cars added at once are counted one
 * after the other (rows that merely reference the user, FOR KEY SHARE, are not held up).
 */
export async function checkGarageRoom(db: Db, ownerId: string, options: { lock?: boolean } = {}): Promise<void> {
  if (options.lock) await db.execute(sql`select 1 from users where id = ${ownerId} for no key update`);
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from (select 1 from cars where owner_id = ${ownerId} limit ${MAX_GARAGE_CARS}) c`);
  if (result.rows[0]!.n >= MAX_GARAGE_CARS) throw new HttpError(409, REFUSAL_MESSAGES.garageFull);
}

/** The photos of a car's build log (every entry's). */
export async function logPhotosOfCar(db: Db, carId: string): Promise<string[]> {
  const result = await db.execute<{ url: string }>(sql`
    select i.url from car_log_images i join car_log_entries e on e.id = i.entry_id where e.car_id = ${carId}`);
  return result.rows.map((row) => row.url);
}

/**
 * Every media file of `ownerId`'s garage (covers and build-log photos), read in the transaction
 * that deletes the account, so their files go after its commit (users/service.ts deleteAccount).
 */
export async function garageMediaOf(tx: Tx, ownerId: string): Promise<string[]> {
  const result = await tx.execute<{ url: string }>(sql`
    select cover_url as url from cars where owner_id = ${ownerId} and cover_url is not null
    union all
    select i.url from car_log_images i join car_log_entries e on e.id = i.entry_id join cars c on c.id = e.car_id where c.owner_id = ${ownerId}`);
  return result.rows.map((row) => row.url);
}
