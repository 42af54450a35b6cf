// Garages (issue 17): every demo person owns the car their posts show, some also list a car they
// sold, and each car has a build log from the day it arrived: services, parts, repairs, events,
// with odometer readings and costs where owners bother. Most posts are tagged to the author's car.
import type { SceneKind, SceneSpec } from './art/scene.ts';
import { CAR_MODELS, type CarModel, type Paint, type Topic } from './content/cars.ts';
import { photoDescription } from './content/descriptions.ts';
import { ARRIVAL, CAR_DESCRIPTIONS, CAR_IDENTITIES, LOG_COSTS, LOG_SCENES, LOG_TEMPLATES, OWNER_CURRENCIES, type CarIdentity, type LogTemplate } from './content/garage.ts';
import { lookOf, type PersonPlan } from './plan-people.ts';
import type { PostPlan } from './plan-posts.ts';
import { createRandom, hash32, type Random } from './random.ts';
import type { Size } from './sizes.ts';
import { between, DAY, HOUR } from './time.ts';

export interface CarPlan {
  index: number;
  owner: number;
  identity: CarIdentity;
  year: number;
  colour: string;
  description: string;
  current: boolean;
  createdAt: Date;
  cover: SceneSpec;
  coverAlt: string;
}

export interface LogPlan {
  index: number;
  car: number;
  /** YYYY-MM-DD. */
  date: string;
  title: string;
  text: string;
  mileage: number | null;
  mileageUnit: 'km' | 'mi';
  cost: number | null;
  currency: string;
  createdAt: Date;
  images: SceneSpec[];
  imageAlts: string[];
}

export interface GaragePlan {
  cars: CarPlan[];
  logs: LogPlan[];
  /** The car each tagged post is tagged to: post index → car index. */
  postCars: Map<number, number>;
}

/** Share of people who also list a car they sold; the demo account always does. */
const PAST_CAR_SHARE = 0.35;
/** Share of posts their authors tag to their car. */
const TAGGED_SHARE = 0.85;
/** Share of log entries with photos, and with an odometer reading. */
const PHOTO_SHARE = 0.3;
const MILEAGE_SHARE = 0.7;
/** Entries in a current car's log (after its arrival); the demo car's log is the fullest. */
const LOG_ENTRIES: readonly [number, number] = [2, 5];
const DEMO_LOG_ENTRIES = 6;
const COVER = { width: 1200, height: 800 };

const isoDate = (at: Date) => at.toISOString().slice(0, 10);

function coverOf(random: Random, car: { model: CarModel; paint: Paint; topic: Topic; seed: string }, scale: number): { cover: SceneSpec; coverAlt: string } {
  const scenes: Record<Topic, SceneKind> = { track: 'track', jdm: 'night', restoration: 'garage', meet: 'meet', rally: 'rally', ev: 'charging', roads: 'touge' };
  const cover: SceneSpec = {
    kind: scenes[car.topic],
    width: Math.round(COVER.width * scale),
    height: Math.round(COVER.height * scale),
    car: lookOf(random.fork('look'), car.model, car.paint, car.topic),
    time: random.pick(['day', 'golden', 'dusk'] as const),
    seed: hash32(`car:${car.seed}`),
    others: scenes[car.topic] === 'meet' ? random.sample(CAR_MODELS, 2).map((model, k) => lookOf(random.fork(k), model, random.pick(model.paints), 'meet')) : [],
  };
  return { cover, coverAlt: photoDescription(cover, car.model, car.paint) };
}

function fits(template: LogTemplate, topics: readonly Topic[], electric: boolean): boolean {
  if (electric && template.combustion) return false;
  return !template.topics || template.topics.some((topic) => topics.includes(topic));
}

export function planGarages(people: readonly PersonPlan[], posts: readonly PostPlan[], size: Size, now: Date): GaragePlan {
  const cars: CarPlan[] = [];
  const logs: LogPlan[] = [];
  const mainCar = new Map<number, number>();

  for (const person of people) {
    const random = createRandom(`pitlane-garage:${person.index}`);
    const currency = person.demo ? 'EUR' : random.pick(OWNER_CURRENCIES);
    const unit = currency === 'GBP' || currency === 'USD' ? 'mi' : 'km';
    const topic = person.topics[0]!;
    const electric = person.model.topics.includes('ev');

    // A car they sold before this one, listed as past (its story was told elsewhere: no log).
    if (person.demo || random.chance(PAST_CAR_SHARE)) {
      const model = person.demo ? CAR_MODELS.find((m) => m.handle === 'ae86')! : random.pick(CAR_MODELS.filter((m) => m !== person.model && !m.topics.includes('ev')));
      const paint = random.pick(model.paints);
      const createdAt = new Date(person.createdAt.getTime() + random.between(0.2, 2) * HOUR);
      cars.push({
        index: cars.length,
        owner: person.index,
        identity: CAR_IDENTITIES[model.handle]!,
        year: model.year,
        colour: paint.name,
        description: `Sold it to make room for the ${person.model.name}. Still miss it.`,
        current: false,
        createdAt,
        ...coverOf(random.fork('past'), { model, paint, topic: model.topics[0]!, seed: `${person.index}:past` }, size.pictureScale),
      });
    }

    const index = cars.length;
    const createdAt = new Date(person.createdAt.getTime() + random.between(2, 6) * HOUR);
    mainCar.set(person.index, index);
    cars.push({
      index,
      owner: person.index,
      identity: CAR_IDENTITIES[person.model.handle]!,
      year: person.model.year,
      colour: person.paint.name,
      description: random.pick(CAR_DESCRIPTIONS[topic]),
      current: true,
      createdAt,
      ...coverOf(random.fork('main'), { model: person.model, paint: person.paint, topic, seed: `${person.index}:main` }, size.pictureScale),
    });

    // The build log: the arrival, then entries spread over the time since, odometer climbing.
    const count = person.demo ? DEMO_LOG_ENTRIES : size.name === 'tiny' ? 1 : random.int(...LOG_ENTRIES);
    const templates = random.sample(
      LOG_TEMPLATES.filter((template) => fits(template, person.topics, electric)),
      count,
    );
    const arrival = new Date(Date.UTC(createdAt.getUTCFullYear(), createdAt.getUTCMonth(), createdAt.getUTCDate()) - random.int(0, 20) * DAY);
    const dates = [arrival, ...templates.map(() => between(random, new Date(arrival.getTime() + DAY), new Date(now.getTime() - DAY)))].sort((a, b) => a.getTime() - b.getTime());
    let mileage = random.int(20, 160) * 1000 + random.int(0, 999);
    const perDay = random.between(15, 45);
    dates.forEach((date, n) => {
      const template = n === 0 ? { kind: 'event' as const, ...ARRIVAL } : templates[n - 1]!;
      if (n > 0) mileage += Math.round(((date.getTime() - dates[n - 1]!.getTime()) / DAY) * perDay);
      const costRange = LOG_COSTS[template.kind];
      const photos = random.chance(PHOTO_SHARE) ? random.int(1, n === 0 ? 1 : 2) : 0;
      const scenes = n === 0 ? (['garage'] as const) : random.sample(LOG_SCENES[template.kind], photos);
      const images: SceneSpec[] = scenes.slice(0, photos).map((kind, i) => ({
        kind,
        width: Math.round(1200 * size.pictureScale),
        height: Math.round(900 * size.pictureScale),
        car: lookOf(random.fork(`log:${n}`), person.model, person.paint, topic),
        time: random.pick(['day', 'golden', 'overcast'] as const),
        seed: hash32(`log:${person.index}:${n}:${i}`),
        others: [],
      }));
      // Written the evening of the day (UTC), never in the future.
      const day = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
      const written = new Date(Math.min(day + random.between(17, 22) * HOUR, now.getTime() - HOUR));
      logs.push({
        index: logs.length,
        car: index,
        date: isoDate(date),
        title: template.title,
        text: template.text,
        mileage: n === 0 || random.chance(MILEAGE_SHARE) ? mileage : null,
        mileageUnit: unit,
        cost: costRange && random.chance(0.8) ? Math.round(random.between(...costRange) * (currency === 'SEK' ? 10 : 1)) + (random.chance(0.5) ? 0.5 : 0) : null,
        currency,
        createdAt: written,
        images,
        imageAlts: images.map((spec) => photoDescription(spec, person.model, person.paint)),
      });
    });
  }

  const postCars = new Map<number, number>();
  const random = createRandom('pitlane-post-cars');
  for (const post of posts) {
    const car = mainCar.get(post.author);
    if (car !== undefined && post.createdAt >= cars[car]!.createdAt && random.chance(TAGGED_SHARE)) postCars.set(post.index, car);
  }
  return { cars, logs, postCars };
}
