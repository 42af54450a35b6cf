// Helpers for the garage tests (modules/garage): cars and build-log entries through the API as
// the web app's forms send them (multipart, a cover in `coverImage`, photos in `images`), a few
// entries of the shipped make and model list, and the stored files of a test's media folder.
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { Car, CarLogEntry } from '@pitlane/api/contract';
import type { Browser } from './browser.ts';
import { form, storedFiles, type ImageFile } from './posts.ts';

/** Entries of the shipped list (vPIC ids, modules/garage/sql/taxonomy.sql). */
export const LIST = {
  porsche: '584',
  porsche911: '7832',
  porscheBoxster: '7847',
  toyota: '448',
  toyotaSupra: '3647',
  landRover: '444',
} as const;

/** A 1991 Porsche 911 "Carrera 2" from the list, unless `fields` say otherwise. */
export const CAR_911 = { makeId: LIST.porsche, modelId: LIST.porsche911, year: '1991', trim: 'Carrera 2' } as const;

/** POST /api/cars/create with these text parts and an optional cover. */
export async function createCar(b: Browser, fields: Record<string, string> = CAR_911, cover?: ImageFile): Promise<LightMyRequestResponse> {
  return b.request('POST', '/api/cars/create', await form(fields, cover ? [cover] : [], 'coverImage'));
}

/** Adds a car and returns it (fails the test on a refusal). */
export async function newCar(b: Browser, fields: Record<string, string> = CAR_911, cover?: ImageFile): Promise<Car> {
  const response = await createCar(b, fields, cover);
  if (response.statusCode !== 201) throw new Error(`create car answered ${response.statusCode}: ${response.body}`);
  return response.json<Car>();
}

/** PUT /api/cars/:id: every field as sent. */
export async function updateCar(b: Browser, carId: string, fields: Record<string, string>, cover?: ImageFile): Promise<LightMyRequestResponse> {
  return b.request('PUT', `/api/cars/${encodeURIComponent(carId)}`, await form(fields, cover ? [cover] : [], 'coverImage'));
}

/** An oil change on 2026-03-14, unless `fields` say otherwise. */
export const OIL_CHANGE = { date: '2026-03-14', title: 'Oil change', text: 'Motul 20W-50, new filter.' } as const;

/** POST /api/cars/:id/log. */
export async function createLogEntry(b: Browser, carId: string, fields: Record<string, string> = OIL_CHANGE, photos: readonly ImageFile[] = []): Promise<LightMyRequestResponse> {
  return b.request('POST', `/api/cars/${encodeURIComponent(carId)}/log`, await form(fields, photos));
}

/** Adds a log entry and returns it (fails the test on a refusal). */
export async function newLogEntry(b: Browser, carId: string, fields: Record<string, string> = OIL_CHANGE, photos: readonly ImageFile[] = []): Promise<CarLogEntry> {
  const response = await createLogEntry(b, carId, fields, photos);
  if (response.statusCode !== 201) throw new Error(`create log entry answered ${response.statusCode}: ${response.body}`);
  return response.json<CarLogEntry>();
}

/** PUT /api/car-log/:id: every field as sent, `existingImageUrls` as JSON. */
export async function updateLogEntry(b: Browser, entryId: string, fields: Record<string, string>, photos: readonly ImageFile[] = []): Promise<LightMyRequestResponse> {
  return b.request('PUT', `/api/car-log/${encodeURIComponent(entryId)}`, await form(fields, photos));
}

/** Every stored file of the media folder under `dataDir`. */
export const mediaFiles = (dataDir: string) => storedFiles(path.join(dataDir, 'media'));
