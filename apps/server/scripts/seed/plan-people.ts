// The demo people: who they are, what they drive and how their car and helmet look. Person i is
// the same in every size (its own random stream), so a larger size only adds people.
import type { AvatarSpec } from './art/avatar.ts';
import type { CarLook, Livery } from './art/car.ts';
import { ACCENTS, CALIPERS, CAR_MODELS, RIM_COLOURS, TOPICS, type CarModel, type Paint, type Topic } from './content/cars.ts';
import { FIRST_NAMES, LAST_NAMES, usernameFor } from './content/people.ts';
import { DEMO_ACCOUNT, DEMO_EMAIL_DOMAIN, OPERATOR_ACCOUNT } from './demo-account.ts';
import { createRandom, hash32, type Random } from './random.ts';
import { ago, DAY } from './time.ts';

export interface PersonPlan {
  index: number;
  username: string;
  email: string;
  fullName: string;
  createdAt: Date;
  model: CarModel;
  paint: Paint;
  look: CarLook;
  /** What they post about, the main one first. */
  topics: readonly Topic[];
  avatar: AvatarSpec;
  demo: boolean;
}

const AVATAR_BACKGROUNDS = ['#2a2e33', '#e4e6e9', '#1f3b5c', '#3a2a2a', '#f4ead5', '#264d3b', '#4a3b63', '#5b616b'];

const LIVERIES: Record<Topic, readonly Livery[]> = {
  track: ['number', 'stripes', 'decals', 'none'],
  rally: ['number', 'twoTone', 'decals'],
  jdm: ['none', 'none', 'stripes', 'decals'],
  restoration: ['none', 'none', 'stripes'],
  meet: ['none', 'none', 'stripes'],
  ev: ['none', 'none', 'decals'],
  roads: ['none', 'none', 'stripes'],
};

/** How a person's car looks, given its model, paint and what it is used for. */
export function lookOf(random: Random, model: CarModel, paint: Paint, topic: Topic): CarLook {
  const accent = random.pick(ACCENTS.filter((colour) => colour !== paint.hex));
  const livery = model.handle === 'ae86' && random.chance(0.6) ? 'panda' : random.pick(LIVERIES[topic]);
  const lowered = topic === 'jdm' ? random.between(0.5, 1) : topic === 'track' ? random.between(0.3, 0.8) : random.between(0, 0.4);
  return {
    style: model.style,
    paint: paint.hex,
    accent: livery === 'panda' ? '#141416' : accent,
    livery,
    number: random.int(2, 99),
    rim: random.pick(model.rims),
    rimColour: random.pick(RIM_COLOURS),
    caliper: random.chance(0.6) ? random.pick(CALIPERS) : null,
    wing: model.wing ?? (topic === 'track' && random.chance(0.3) ? 'gt' : 'none'),
    headlights: model.headlights,
    rally: topic === 'rally',
    drop: model.style === 'suv' ? 0 : lowered,
  };
}

function avatarOf(random: Random, index: number, look: CarLook): AvatarSpec {
  return {
    seed: hash32(`avatar:${index}`),
    colour: look.paint,
    accent: look.accent,
    background: random.pick(AVATAR_BACKGROUNDS.filter((colour) => colour !== look.paint)),
    kind: random.chance(0.2) ? 'car' : 'helmet',
    car: look,
    number: look.number,
  };
}

/** The demo account: a Mariner Blue MX-5 that goes to meets and up mountain passes. */
function demoPerson(now: Date): PersonPlan {
  const random = createRandom('pitlane-demo');
  const model = CAR_MODELS.find((car) => car.handle === 'mx5')!;
  const paint = model.paints[0]!;
  const look = { ...lookOf(random, model, paint, 'roads'), livery: 'stripes' as const, accent: '#f4f4f2', caliper: '#c8102e' };
  return {
    index: 0,
    username: DEMO_ACCOUNT.username,
    email: DEMO_ACCOUNT.email,
    fullName: DEMO_ACCOUNT.fullName,
    createdAt: ago(now, 300 * DAY),
    model,
    paint,
    look,
    topics: ['meet', 'roads', 'track'],
    avatar: { ...avatarOf(random, 0, look), kind: 'helmet', colour: '#c8102e', accent: '#f4f4f2', background: '#1f3b5c' },
    demo: true,
  };
}

/**
 * The site operator (OPERATOR_ACCOUNT), as person `index`: after everyone else, so the others
 * and all they do stay as they were. An orange marshal's helmet, the same in every size.
 */
export function operatorPerson(index: number, now: Date): PersonPlan {
  const random = createRandom('pitlane-operator');
  const model = CAR_MODELS.find((car) => car.handle === 'gt4')!;
  const paint = model.paints[0]!;
  const look = lookOf(random, model, paint, 'track');
  return {
    index,
    username: OPERATOR_ACCOUNT.username,
    email: OPERATOR_ACCOUNT.email,
    fullName: OPERATOR_ACCOUNT.fullName,
    createdAt: ago(now, 400 * DAY),
    model,
    paint,
    look,
    topics: ['track', 'meet'],
    avatar: { ...avatarOf(random, index, look), seed: hash32('avatar:operator'), kind: 'helmet', colour: '#f26b1d', accent: '#f4f4f2', background: '#2a2e33' },
    demo: false,
  };
}

/** `count` people, the demo account first; `now` dates their accounts. */
export function planPeople(count: number, now: Date): PersonPlan[] {
  // Models dealt out like cards, so even a small size has a varied car park.
  const deck = createRandom('pitlane-models').shuffle(CAR_MODELS.filter((car) => car.handle !== 'mx5'));
  // Names too, so nobody shares a first name until the deck runs out.
  const firstNames = createRandom('pitlane-first-names').shuffle(FIRST_NAMES);
  const lastNames = createRandom('pitlane-last-names').shuffle(LAST_NAMES);
  const taken = new Set<string>([DEMO_ACCOUNT.username, OPERATOR_ACCOUNT.username]);
  const people = [demoPerson(now)];
  for (let index = 1; index < count; index++) {
    const random = createRandom(`pitlane-person:${index}`);
    const model = deck[(index - 1) % deck.length]!;
    const paint = random.pick(model.paints);
    const main = random.chance(0.8) ? model.topics[0]! : random.pick(model.topics);
    // Side interests that make sense for the car: no range tests in a 240Z, no rust in a Taycan.
    const electric = model.topics.includes('ev');
    const fitting = TOPICS.filter((topic) => topic !== main && (electric ? topic !== 'restoration' : topic !== 'ev'));
    const topics = [main, ...random.sample(fitting, random.int(1, 2))];
    const first = firstNames[(index - 1) % firstNames.length]!;
    const last = lastNames[(index * 7) % lastNames.length]!;
    let username = usernameFor(random, first, last, model, main);
    for (let n = 2; taken.has(username); n++) username = `${username.replace(/\d+$/, '')}${n}`;
    taken.add(username);
    const look = lookOf(random, model, paint, main);
    people.push({
      index,
      username,
      email: `${username}@${DEMO_EMAIL_DOMAIN}`,
      fullName: `${first} ${last}`,
      createdAt: ago(now, random.between(30, 700) * DAY),
      model,
      paint,
      look,
      topics,
      avatar: avatarOf(random, index, look),
      demo: false,
    });
  }
  return people;
}
