// The garage's field rules (issue 17) as the server reads them: multipart text parts, so every
// value is a string here. Years are checked against a fixed clock, never the real date.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIXTURE_NOW } from '../mocks/fixtures.ts';
import { CAR_YEAR_MIN, carYearMax, MAX_LOG_COST, MAX_LOG_MILEAGE } from './constants.ts';
import { carLabel, carNameKey } from './garage.ts';
import { REFUSAL_MESSAGES } from './messages.ts';
import { encodeFields, routes } from './routes.ts';

const carFields = routes['cars.create'].body.fields;
const logFields = routes['cars.logCreate'].body.fields;

/** The first issue's message, as the server answers a 400 with it; null when the fields pass. */
function refusedWith(schema: { safeParse(input: unknown): { success: boolean; error?: { issues: { message: string }[] } } }, input: unknown): string | null {
  const result = schema.safeParse(input);
  return result.success ? null : (result.error?.issues[0]?.message ?? 'no message');
}

const listed = { makeId: '584', modelId: '7832' };

describe('a car year', () => {
  it('runs from 1886 to next year, next year read from the clock in UTC', () => {
    expect(CAR_YEAR_MIN).toBe(1886);
    expect(carYearMax(FIXTURE_NOW)).toBe(2027);
    // New Year's Eve 23:30 in Pago Pago is already New Year's Day in UTC.
    expect(carYearMax(new Date('2026-12-31T23:30:00-11:00'))).toBe(2028);
    expect(carYearMax(new Date('2026-12-31T23:59:59.999Z'))).toBe(2027);
  });

  describe('checked at the time of the request', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(FIXTURE_NOW);
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('takes 1886 to next year and refuses the rest with one sentence', () => {
      expect(carFields.parse({ ...listed, year: '1886' }).year).toBe(1886);
      expect(carFields.parse({ ...listed, year: '2027' }).year).toBe(2027);
      for (const year of ['1885', '2028', '1991.5', 'nineteen', '']) expect(refusedWith(carFields, { ...listed, year })).toBe(REFUSAL_MESSAGES.carYearOutOfRange);
      expect(refusedWith(carFields, listed)).toBe(REFUSAL_MESSAGES.carYearOutOfRange);
    });

    it('moves with the clock: on New Year next year’s model year becomes valid', () => {
      expect(refusedWith(carFields, { ...listed, year: '2028' })).toBe(REFUSAL_MESSAGES.carYearOutOfRange);
      vi.setSystemTime(new Date('2027-01-01T00:00:00.000Z'));
      expect(carFields.parse({ ...listed, year: '2028' }).year).toBe(2028);
    });
  });
});

describe('a car’s make and model', () => {
  const year = '1991';

  it('come from the list (ids) or typed (names), never both and never neither', () => {
    expect(carFields.parse({ ...listed, year })).toMatchObject({ makeId: '584', modelId: '7832' });
    expect(carFields.parse({ makeId: '584', model: ' 912 ', year })).toMatchObject({ makeId: '584', model: '912' });
    expect(carFields.parse({ make: '  Trabant ', model: 'P601', year })).toMatchObject({ make: 'Trabant', model: 'P601' });
    expect(refusedWith(carFields, { year, modelId: '7832' })).toBe(REFUSAL_MESSAGES.carMakeRequired);
    expect(refusedWith(carFields, { ...listed, make: 'Porsche', year })).toBe(REFUSAL_MESSAGES.carMakeRequired);
    expect(refusedWith(carFields, { makeId: '584', year })).toBe(REFUSAL_MESSAGES.carModelRequired);
    expect(refusedWith(carFields, { ...listed, model: '911', year })).toBe(REFUSAL_MESSAGES.carModelRequired);
    // A typed make has no model in the list.
    expect(refusedWith(carFields, { make: 'Porsche', modelId: '7832', year })).toBe(REFUSAL_MESSAGES.unknownCarModel);
  });

  it('typed: trimmed, not blank, at most 40 characters', () => {
    expect(carFields.parse({ make: 'x'.repeat(40), model: 'y', year }).make).toHaveLength(40);
    expect(refusedWith(carFields, { make: 'x'.repeat(41), model: 'y', year })).toBe(REFUSAL_MESSAGES.carNameTooLong);
    expect(refusedWith(carFields, { make: '   ', model: 'y', year })).toBe(REFUSAL_MESSAGES.invalidRequest);
  });

  it('the other texts are trimmed, empty when absent, and limited', () => {
    const car = carFields.parse({ ...listed, year, trim: ' Carrera 2 ' });
    expect(car).toMatchObject({ trim: 'Carrera 2', colour: '', description: '', current: true });
    expect(car.coverImageAlt).toBeUndefined();
    expect(carFields.parse({ ...listed, year, current: 'false', removeCover: 'true' })).toMatchObject({ current: false, removeCover: true });
    expect(refusedWith(carFields, { ...listed, year, trim: 'x'.repeat(61) })).toBe(REFUSAL_MESSAGES.carTrimTooLong);
    expect(refusedWith(carFields, { ...listed, year, colour: 'x'.repeat(41) })).toBe(REFUSAL_MESSAGES.carColourTooLong);
    expect(refusedWith(carFields, { ...listed, year, description: 'x'.repeat(501) })).toBe(REFUSAL_MESSAGES.carDescriptionTooLong);
  });
});

describe('a log entry', () => {
  const entry = { date: '2024-03-02', title: 'Oil change' };

  it('needs a date from 1886 on and a title; the rest has defaults', () => {
    expect(logFields.parse(entry)).toEqual({ ...entry, text: '', mileageUnit: 'km', currency: 'EUR' });
    expect(logFields.parse({ ...entry, date: '1886-01-01' }).date).toBe('1886-01-01');
    expect(logFields.parse({ ...entry, date: '2024-02-29' }).date).toBe('2024-02-29');
    for (const date of ['1885-12-31', '2023-02-29', '2024-13-01', '2024-3-2', '']) expect(refusedWith(logFields, { ...entry, date })).toBe(REFUSAL_MESSAGES.invalidLogDate);
    expect(refusedWith(logFields, { ...entry, title: '  ' })).toBe(REFUSAL_MESSAGES.logTitleRequired);
    expect(refusedWith(logFields, { ...entry, title: 'x'.repeat(101) })).toBe(REFUSAL_MESSAGES.logTitleTooLong);
    expect(refusedWith(logFields, { ...entry, text: 'x'.repeat(2001) })).toBe(REFUSAL_MESSAGES.logTextTooLong);
  });

  it('mileage: a whole number from 0 to the maximum, empty for none', () => {
    expect(logFields.parse({ ...entry, mileage: '' }).mileage).toBeUndefined();
    expect(logFields.parse({ ...entry, mileage: '0' }).mileage).toBe(0);
    expect(logFields.parse({ ...entry, mileage: String(MAX_LOG_MILEAGE), mileageUnit: 'mi' })).toMatchObject({ mileage: MAX_LOG_MILEAGE, mileageUnit: 'mi' });
    for (const mileage of ['-1', '1.5', String(MAX_LOG_MILEAGE + 1), 'far']) expect(refusedWith(logFields, { ...entry, mileage })).toBe(REFUSAL_MESSAGES.invalidMileage);
    expect(refusedWith(logFields, { ...entry, mileageUnit: 'furlongs' })).toBe(REFUSAL_MESSAGES.invalidRequest);
  });

  it('cost: from 0 to the maximum with at most two decimals, empty for none', () => {
    expect(logFields.parse({ ...entry, cost: '' }).cost).toBeUndefined();
    // Amounts binary floating point cannot hold exactly still have two decimals.
    for (const cost of ['0', '0.1', '19.99', '1250.5', '64.90', String(MAX_LOG_COST)]) expect(logFields.parse({ ...entry, cost }).cost).toBe(Number(cost));
    for (const cost of ['12.345', '-0.01', '10000000', '1e9', 'ten']) expect(refusedWith(logFields, { ...entry, cost })).toBe(REFUSAL_MESSAGES.invalidCost);
    expect(logFields.parse({ ...entry, cost: '380000', currency: 'JPY' }).currency).toBe('JPY');
    expect(refusedWith(logFields, { ...entry, currency: 'XYZ' })).toBe(REFUSAL_MESSAGES.invalidCurrency);
  });

  it('is sent by the client as text even where zod cannot encode a field (mileage and cost)', () => {
    // encodeFields answers null (the client then sends each value as text) instead of throwing.
    expect(encodeFields(logFields, { ...entry, text: '', mileageUnit: 'km', currency: 'EUR', mileage: 120_000, cost: 12.5 })).toBeNull();
  });
});

describe('a post’s car', () => {
  const post = { title: 'Sunrise run', content: 'Col de Turini.' };

  it('is optional on create; on edit absent keeps it and an empty text removes it', () => {
    expect(routes['posts.create'].body.fields.parse({ ...post, car: 'car-1' }).car).toBe('car-1');
    expect(routes['posts.create'].body.fields.parse(post).car).toBeUndefined();
    const edit = routes['posts.update'].body.fields;
    expect(edit.parse({ ...post, existingImageUrls: '[]' }).car).toBeUndefined();
    expect(edit.parse({ ...post, existingImageUrls: '[]', car: '' }).car).toBe('');
    expect(edit.parse({ ...post, existingImageUrls: '[]', car: 'car-2' }).car).toBe('car-2');
  });
});

describe('carLabel and carNameKey', () => {
  it('name a car by year, make, model and trim, leaving out an empty trim', () => {
    expect(carLabel({ year: 1991, make: 'Porsche', model: '911', trim: 'Carrera 2' })).toBe('1991 Porsche 911 Carrera 2');
    expect(carLabel({ year: 2017, make: 'Mazda', model: 'MX-5', trim: '' })).toBe('2017 Mazda MX-5');
    expect(carLabel({ year: 1988, make: 'Trabant', model: 'P601', trim: 'Kombi' })).toBe('1988 Trabant P601 Kombi');
  });

  it('compare names without regard to case or surrounding spaces', () => {
    expect(carNameKey('  MX-5 ')).toBe('mx-5');
    expect(carNameKey('PORSCHE')).toBe(carNameKey('porsche'));
    expect(carNameKey('Alfa Romeo')).not.toBe(carNameKey('AlfaRomeo'));
  });
});
