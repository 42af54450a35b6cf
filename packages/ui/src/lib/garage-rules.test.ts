import { describe, expect, it } from 'vitest';
import { carYearMax, REFUSAL_MESSAGES } from '@pitlane/api/contract';
import { carCountsLabel, formatCost, formatMileage } from './garage.ts';
import { carRule, isLogDate, logRule, normalizeAmount, type CarRuleValues } from './garage-rules.ts';

const porsche = { text: 'Porsche', choice: { id: '584', name: 'Porsche' } };
const nine11 = { text: '911', choice: { id: '7832', name: '911' } };
const car = (over: Partial<CarRuleValues> = {}): CarRuleValues => ({
  make: porsche,
  model: nine11,
  year: '1991',
  trim: 'Carrera 2',
  colour: '',
  description: '',
  coverImageAlt: '',
  ...over,
});

describe('carRule', () => {
  it('holds for a make and model chosen from the list, or typed, and a year in range', () => {
    expect(carRule(car())).toBeNull();
    expect(carRule(car({ make: { text: 'Alpina', choice: { id: null, name: 'Alpina' } }, model: { text: 'B3', choice: { id: null, name: 'B3' } } }))).toBeNull();
    // A model year is sold the year before it: next year is a year too.
    expect(carRule(car({ year: String(carYearMax()) }))).toBeNull();
  });

  it('asks for a make and a model chosen, not just typed into the picker', () => {
    expect(carRule(car({ make: { text: 'Porsche', choice: null } }))).toBe(REFUSAL_MESSAGES.carMakeRequired);
    expect(carRule(car({ model: { text: '911', choice: null } }))).toBe(REFUSAL_MESSAGES.carModelRequired);
  });

  it('refuses a typed name over 40 characters, a year out of range and overlong texts, in the server words', () => {
    const long = 'x'.repeat(41);
    expect(carRule(car({ make: { text: long, choice: { id: null, name: long } } }))).toBe(REFUSAL_MESSAGES.carNameTooLong);
    for (const year of ['1885', String(carYearMax() + 1), '19.5', ' ', 'abcd']) expect(carRule(car({ year }))).toBe(REFUSAL_MESSAGES.carYearOutOfRange);
    expect(carRule(car({ trim: 'x'.repeat(61) }))).toBe(REFUSAL_MESSAGES.carTrimTooLong);
    expect(carRule(car({ colour: 'x'.repeat(41) }))).toBe(REFUSAL_MESSAGES.carColourTooLong);
    expect(carRule(car({ description: 'x'.repeat(501) }))).toBe(REFUSAL_MESSAGES.carDescriptionTooLong);
  });
});

describe('logRule', () => {
  const entry = { date: '2026-11-20', title: 'Oil change', text: '', mileage: '', cost: '' };

  it('holds with a date and a title; mileage and cost may stay empty', () => {
    expect(logRule(entry)).toBeNull();
    expect(logRule({ ...entry, mileage: '148210', cost: '1240,50' })).toBeNull();
  });

  it('refuses what the server refuses', () => {
    expect(logRule({ ...entry, title: '  ' })).toBe(REFUSAL_MESSAGES.logTitleRequired);
    expect(logRule({ ...entry, date: '2026-02-30' })).toBe(REFUSAL_MESSAGES.invalidLogDate);
    expect(logRule({ ...entry, mileage: '12.5' })).toBe(REFUSAL_MESSAGES.invalidMileage);
    expect(logRule({ ...entry, mileage: '10000000' })).toBe(REFUSAL_MESSAGES.invalidMileage);
    expect(logRule({ ...entry, cost: '49.995' })).toBe(REFUSAL_MESSAGES.invalidCost);
    expect(logRule({ ...entry, cost: '-3' })).toBe(REFUSAL_MESSAGES.invalidCost);
  });

  it('reads real calendar days only, from 1886 on', () => {
    expect(isLogDate('2024-02-29')).toBe(true);
    expect(isLogDate('2023-02-29')).toBe(false);
    expect(isLogDate('1885-12-31')).toBe(false);
    expect(isLogDate('20-11-2026')).toBe(false);
    expect(normalizeAmount(' 1240,5 ')).toBe('1240.5');
  });
});

describe('the garage numbers', () => {
  it('writes mileage and cost in the reader’s locale, with the currency’s own decimals', () => {
    expect(formatMileage(148210, 'km', 'en-US')).toBe('148,210 km');
    expect(formatMileage(98400, 'mi', 'en-GB')).toBe('98,400 mi');
    expect(formatCost(1240.5, 'EUR', 'en-US')).toBe('€1,240.50');
    expect(formatCost(380000, 'JPY', 'en-US')).toBe('¥380,000');
  });

  it('counts a car’s posts and log entries, singular for one', () => {
    expect(carCountsLabel({ postCount: 1, logCount: 0 })).toBe('1 post · 0 log entries');
    expect(carCountsLabel({ postCount: 3, logCount: 1 })).toBe('3 posts · 1 log entry');
  });
});
