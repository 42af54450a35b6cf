// The garages of the standard fixture (issue 17): the people's cars, current and past, with and
// without covers, from the list and typed; build-log entries with and without photos, mileage
// and cost; and which of their posts are tagged to which car, so post cards show car chips.
import { carImage } from './images.ts';
import { CAR_LIST } from './car-list.ts';
import type { MockCar, MockCarLogEntry } from './state.ts';

/** Well-known cars and log entries of the standard fixture (`FIXTURE.cars`, `FIXTURE.logEntries`). */
export const FIXTURE_CARS = {
  /** The viewer's current car with a cover, three tagged posts and ten log entries: its timeline has two pages. */
  own: 'car-maya-911sc',
  /** The viewer's daily: no cover, no description, nothing tagged. */
  ownNoCover: 'car-maya-mx5',
  /** The viewer's past car. */
  ownPast: 'car-maya-m3',
  /** Someone else's car ("1991 Porsche 911 Carrera 2"): no edit, no delete; a members-only post the viewer cannot see. */
  others: 'car-tomas-964',
  /** A make from the list with a typed model (the list lacks the E-Type). */
  typedModel: 'car-lena-etype',
} as const;

export const FIXTURE_LOG_ENTRIES = {
  /** Two photos (one described), mileage and cost. */
  withPhotos: 'log-911sc-paint',
  /** Title and text only: no photos, mileage or cost. */
  bare: 'log-911sc-squeak',
} as const;

let sequence = 0;
const nextId = (prefix: string) => `${prefix}-f${(++sequence).toString().padStart(3, '0')}`;

export function makeCar(input: Partial<MockCar> & Pick<MockCar, 'ownerId' | 'make' | 'model' | 'year'>): MockCar {
  const id = input.id ?? nextId('car');
  return {
    id,
    makeId: null,
    modelId: null,
    trim: '',
    colour: '',
    description: '',
    current: true,
    coverImageUrl: carImage({ seed: `car:${id}`, shape: 'coupe' }),
    coverImageAlt: '',
    createdAt: new Date(0).toISOString(),
    ...input,
  };
}

export function makeLogEntry(input: Partial<MockCarLogEntry> & Pick<MockCarLogEntry, 'carId' | 'date' | 'title'> & { imageCount?: number }): MockCarLogEntry {
  const { imageCount = 0, ...rest } = input;
  const id = rest.id ?? nextId('log');
  return {
    id,
    text: '',
    mileage: null,
    mileageUnit: 'km',
    cost: null,
    currency: 'EUR',
    imageUrls: Array.from({ length: imageCount }, (_, i) => carImage({ seed: `${id}:${i}` })),
    imageAlts: Array.from({ length: imageCount }, () => ''),
    createdAt: new Date(`${rest.date}T12:00:00.000Z`).toISOString(),
    ...rest,
  };
}

interface GarageInput {
  users: Record<'maya' | 'kenji' | 'lena' | 'sam' | 'tomas' | 'ruby' | 'olu' | 'jonas' | 'priya', string>;
  /** ISO time `minutes` before the fixture's now. */
  ago: (minutes: number) => string;
}

export function standardGarages({ users: U, ago }: GarageInput): { cars: MockCar[]; carLog: MockCarLogEntry[]; tags: Record<string, string> } {
  const D = 24 * 60;
  /** The calendar day `days` before now, and a time of that day for when an entry was written. */
  const day = (days: number) => ago(days * D).slice(0, 10);
  const { bmw, ford, jaguar, mazda, porsche, toyota, volkswagen } = CAR_LIST;
  const C = FIXTURE_CARS;

  const cars: MockCar[] = [
    makeCar({
      id: C.own, ownerId: U.maya, makeId: porsche.id, make: porsche.name, modelId: porsche.models['911']!, model: '911', year: 1981, trim: 'SC',
      colour: 'Guards Red', current: true, createdAt: ago(390 * D),
      description: 'Bought as a tired US import in 2019. Back to Guards Red, on 15" Fuchs, driven every dry weekend.',
      coverImageAlt: 'A red 1981 Porsche 911 SC parked on a mountain road at dawn.',
    }),
    makeCar({
      id: C.ownNoCover, ownerId: U.maya, makeId: mazda.id, make: mazda.name, modelId: mazda.models['MX-5']!, model: 'MX-5', year: 2017, trim: 'RF',
      colour: 'Machine Grey', current: true, coverImageUrl: '', createdAt: ago(200 * D),
    }),
    makeCar({
      id: C.ownPast, ownerId: U.maya, makeId: bmw.id, make: bmw.name, modelId: bmw.models['M3']!, model: 'M3', year: 2002, trim: 'E46',
      colour: 'Phoenix Yellow', current: false, createdAt: ago(395 * D),
      description: 'Six years, 90,000 km and one rod-bearing scare. Sold in 2019 to make room for the SC.',
    }),
    makeCar({
      id: C.others, ownerId: U.tomas, makeId: porsche.id, make: porsche.name, modelId: porsche.models['911']!, model: '911', year: 1991, trim: 'Carrera 2',
      colour: 'Midnight Blue', current: true, createdAt: ago(180 * D),
      description: 'A 964 on Cup 1 wheels and R888R tyres. Road legal, mostly driven to tracks.',
    }),
    makeCar({
      id: C.typedModel, ownerId: U.lena, makeId: jaguar.id, make: jaguar.name, model: 'E-Type', year: 1964, trim: 'Series 1 restomod',
      colour: 'Opalescent Silver Blue', current: true, createdAt: ago(280 * D),
      description: 'Fuel injection, five-speed, modern brakes, and still 1964 from every angle.',
      coverImageUrl: carImage({ seed: `car:${C.typedModel}`, shape: 'roadster' }),
    }),
    makeCar({ id: 'car-lena-912', ownerId: U.lena, makeId: porsche.id, make: porsche.name, model: '912', year: 1967, colour: 'Irish Green', coverImageUrl: '', createdAt: ago(3 * D), description: 'The barn find. Solid floors, seized engine.' }),
    makeCar({ id: 'car-kenji-ae86', ownerId: U.kenji, makeId: toyota.id, make: toyota.name, modelId: toyota.models['Corolla']!, model: 'Corolla', year: 1986, trim: 'AE86 GT-S', colour: 'Panda white and black', createdAt: ago(370 * D) }),
    makeCar({ id: 'car-kenji-fd', ownerId: U.kenji, makeId: mazda.id, make: mazda.name, modelId: mazda.models['RX-7']!, model: 'RX-7', year: 1993, trim: 'FD3S', colour: 'Montego Blue', current: false, createdAt: ago(375 * D) }),
    makeCar({ id: 'car-ruby-mx5', ownerId: U.ruby, makeId: mazda.id, make: mazda.name, modelId: mazda.models['MX-5']!, model: 'MX-5', year: 1991, trim: 'NA', colour: 'Mariner Blue', createdAt: ago(110 * D), coverImageUrl: carImage({ seed: 'car:car-ruby-mx5', shape: 'roadster' }) }),
    makeCar({ id: 'car-jonas-e30', ownerId: U.jonas, makeId: bmw.id, make: bmw.name, modelId: bmw.models['325i']!, model: '325i', year: 1988, trim: 'M3 tribute', colour: 'Alpine White', createdAt: ago(55 * D) }),
    makeCar({ id: 'car-olu-mustang', ownerId: U.olu, makeId: ford.id, make: ford.name, modelId: ford.models['Mustang']!, model: 'Mustang', year: 2018, trim: 'GT', colour: 'Race Red', createdAt: ago(85 * D), coverImageUrl: carImage({ seed: 'car:car-olu-mustang', shape: 'coupe' }) }),
    makeCar({ id: 'car-sam-993', ownerId: U.sam, makeId: porsche.id, make: porsche.name, modelId: porsche.models['911']!, model: '911', year: 1996, trim: 'Carrera', colour: 'Black', createdAt: ago(240 * D) }),
    makeCar({ id: 'car-priya-beetle', ownerId: U.priya, makeId: volkswagen.id, make: volkswagen.name, modelId: volkswagen.models['Beetle']!, model: 'Beetle', year: 1972, trim: 'EV conversion', colour: 'Clementine', createdAt: ago(18 * D) }),
  ];

  const log = (input: Parameters<typeof makeLogEntry>[0], writtenMinutesAgo?: number) =>
    makeLogEntry({ ...input, ...(writtenMinutesAgo === undefined ? {} : { createdAt: ago(writtenMinutesAgo) }) });
  const carLog: MockCarLogEntry[] = [
    // The viewer's 911 SC: ten entries over two years, so with its posts the timeline pages.
    log({ id: FIXTURE_LOG_ENTRIES.withPhotos, carId: C.own, date: day(2), title: 'Respray in the original Guards Red', text: 'Eight weeks at the paint shop: bare metal on the front lid and the sills, two small rust spots cut out under the rear window. Door jambs and the engine lid done too.', mileage: 148_210, cost: 8_400, imageCount: 2, imageAlts: ['The bare shell in primer, doors off, in the paint booth.', ''] }, 2 * D),
    log({ id: FIXTURE_LOG_ENTRIES.bare, carId: C.own, date: day(4), title: 'Squeak from the passenger door', text: 'Check strap. Grease, not a new part. Free fixes are the best fixes.' }, 4 * D),
    log({ id: 'log-911sc-valves', carId: C.own, date: day(9), title: 'Valve adjustment', text: 'Twelve valves set to 0.1 mm cold. New gaskets on all covers, no more drips on the garage floor.', mileage: 147_950, cost: 64.9, imageCount: 1 }, 9 * D),
    log({ id: 'log-911sc-fuchs', carId: C.own, date: day(35), title: 'Fuchs refurbished', text: 'Black centres, polished lips, new centre caps.', cost: 1_250.5, imageCount: 1, imageAlts: ['Four refurbished Fuchs wheels leaning on a garage wall.'] }, 34 * D),
    log({ id: 'log-911sc-tyres', carId: C.own, date: day(60), title: 'Tyres: Michelin Pilot Sport Classic', text: '205/55 front, 225/50 rear. The car feels planted again.', mileage: 147_100, cost: 1_180 }),
    log({ id: 'log-911sc-heat', carId: C.own, date: day(95), title: 'Heat exchangers replaced', text: 'The old ones were more hole than pipe. Stainless Dansk units, heater works for the first time since I own it.', mileage: 146_300, cost: 1_640, imageCount: 3 }),
    log({ id: 'log-911sc-service', carId: C.own, date: day(160), title: 'Annual service', text: 'Oil (Liqui Moly 20W-50), filters, plugs, distributor cap and rotor.', mileage: 144_900, cost: 310 }),
    log({ id: 'log-911sc-brakes', carId: C.own, date: day(250), title: 'Brake refresh', text: 'Pads, discs and braided lines all round, fluid flushed.', mileage: 143_200, cost: 920, imageCount: 1 }),
    log({ id: 'log-911sc-mot', carId: C.own, date: day(330), title: 'Passed inspection', text: 'First time, no advisories.', mileage: 141_800 }),
    log({ id: 'log-911sc-bought', carId: C.own, date: '2019-05-18', title: 'Bought her', text: 'A tired California car with good bones. Drove it home 400 km with the heater stuck on.', mileage: 139_000, cost: 38_500, imageCount: 1 }),
    // Someone else's car: miles and another currency.
    log({ id: 'log-964-pads', carId: C.others, date: day(5), title: 'Pagid RS29 pads and fresh fluid', text: 'After the Nordschleife lesson: proper track pads and Castrol SRF.', mileage: 121_400, cost: 540 }),
    log({ id: 'log-mx5-cambelt', carId: 'car-ruby-mx5', date: day(40), title: 'Cambelt and water pump', mileage: 98_400, mileageUnit: 'mi', cost: 420, currency: 'GBP' }),
    log({ id: 'log-ae86-engine', carId: 'car-kenji-ae86', date: day(120), title: '4A-GE rebuild', text: 'Bored 0.5 mm over, new rings and bearings, ported head.', mileage: 212_000, cost: 380_000, currency: 'JPY', imageCount: 5 }),
  ];

  /** Posts of the standard fixture tagged to a car (post id → car id): cards show the chip. */
  const tags: Record<string, string> = {
    'p-maya-911sc': C.own,
    'p-maya-turini': C.own,
    'p-maya-valves': C.own,
    'p-tomas-brakes': C.others,
    'p-tomas-spa': C.others,
    'p-lena-etype': C.typedModel,
    'p-lena-912': 'car-lena-912',
    'p-kenji-ae86': 'car-kenji-ae86',
    'p-kenji-tsukuba': 'car-kenji-ae86',
    'p-jonas-e30': 'car-jonas-e30',
    'p-sam-993': 'car-sam-993',
    'p-ruby-highlands': 'car-ruby-mx5',
    'p-olu-coyote': 'car-olu-mustang',
    'p-priya-beetle': 'car-priya-beetle',
  };
  return { cars, carLog, tags };
}
