// What the garage's behaviour tests share: a make and a model found through the pickers (as a
// person finds them: no test knows a list's ids), and complete bodies of a car and a log entry.
import { expect } from 'vitest';
import type { RouteInput } from '../client/index.ts';
import type { Car, CarMake, CarModel } from '../contract/index.ts';
import type { Actor } from './world.ts';

export type CarBody = RouteInput<'cars.create'>['body'];
export type LogBody = RouteInput<'cars.logCreate'>['body'];

/** A make of the list by its exact name, found by typing it. */
export async function listMake(actor: Actor, name: string): Promise<CarMake> {
  const { makes } = await actor.api.call('cars.makes', { query: { q: name } });
  const make = makes.find((m) => m.name === name);
  expect(make, `the make picker offers ${name}`).toBeDefined();
  return make!;
}

/** A model of a make of the list by its exact name, found by typing it. */
export async function listModel(actor: Actor, makeId: string, name: string): Promise<CarModel> {
  const { models } = await actor.api.call('cars.models', { params: { makeId }, query: { q: name } });
  const model = models.find((m) => m.name === name);
  expect(model, `the model picker offers ${name}`).toBeDefined();
  return model!;
}

/** A car's body with every text empty, owned now; `input` names the make and model and may add the rest. */
export const carBody = (input: Partial<CarBody>): CarBody => ({ year: 1991, trim: '', colour: '', description: '', current: true, ...input });

/** Add a car from the list ("Porsche", "911") or typed, as `actor`. */
export async function addCar(actor: Actor, make: string, model: string, input: Partial<CarBody> & { typed?: boolean } = {}): Promise<Car> {
  const { typed = false, ...rest } = input;
  if (typed) return actor.api.call('cars.create', { body: carBody({ make, model, ...rest }) });
  const listed = await listMake(actor, make);
  const listedModel = await listModel(actor, listed._id, model);
  return actor.api.call('cars.create', { body: carBody({ makeId: listed._id, modelId: listedModel._id, ...rest }) });
}

/** A log entry's body: a title, no text, photos, mileage or cost. */
export const logBody = (input: Partial<LogBody> & Pick<LogBody, 'date'>): LogBody => ({ title: 'Oil change', text: '', mileageUnit: 'km', currency: 'EUR', ...input });
