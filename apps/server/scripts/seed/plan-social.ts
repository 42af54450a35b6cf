// Who follows whom and who belongs to which community. People follow others who share their
// scene more often, and the first people (the "well-known" ones) have the most followers. The
// demo account follows several people, is followed by some, and belongs to a few communities,
// one of which it created.
import type { SceneSpec } from './art/scene.ts';
import { CAR_MODELS, type Topic } from './content/cars.ts';
import { COMMUNITY_IDEAS } from './content/communities.ts';
import { photoDescription } from './content/descriptions.ts';
import { lookOf, type PersonPlan } from './plan-people.ts';
import { createRandom, hash32, type Random } from './random.ts';
import type { Size } from './sizes.ts';
import { ago, between, DAY, HOUR, POST_WINDOW } from './time.ts';

export interface FollowPlan {
  follower: number;
  followee: number;
  at: Date;
}

export interface MemberPlan {
  person: number;
  at: Date;
}

export interface CommunityPlan {
  index: number;
  name: string;
  description: string;
  creator: number;
  createdAt: Date;
  topics: readonly Topic[];
  cover: SceneSpec;
  /** The cover's description (alt text, issue 18), as a careful creator writes it. */
  coverAlt: string;
  /** The creator first. */
  members: MemberPlan[];
}

/** The demo account follows this many people and is followed by this many (fewer in tiny sizes). */
const DEMO_FOLLOWS = 8;
const DEMO_FOLLOWERS = 6;
/** Communities the demo account belongs to, its own included. */
const DEMO_COMMUNITIES = 3;

const later = (a: Date, b: Date) => (a > b ? a : b);

/** `count` distinct items, each chosen with probability proportional to its weight. */
function weightedSample<T>(random: Random, items: readonly T[], weight: (item: T) => number, count: number): T[] {
  const pool = items.map((item) => ({ item, weight: weight(item) }));
  const chosen: T[] = [];
  while (chosen.length < count && pool.length > 0) {
    const total = pool.reduce((sum, entry) => sum + entry.weight, 0);
    let target = random.next() * total;
    const index = pool.findIndex((entry) => (target -= entry.weight) < 0);
    chosen.push(pool.splice(index === -1 ? pool.length - 1 : index, 1)[0]!.item);
  }
  return chosen;
}

export function planFollows(people: readonly PersonPlan[], size: Size, now: Date): FollowPlan[] {
  const random = createRandom(`pitlane-follows:${size.name}`);
  const edges = new Map<string, FollowPlan>();
  const add = (follower: number, followee: number, at?: Date) => {
    const key = `${follower}>${followee}`;
    if (follower === followee || edges.has(key)) return;
    const since = later(people[follower]!.createdAt, people[followee]!.createdAt);
    // Most follows are old; about a quarter fall within the last three weeks (those notify).
    const when = at ?? (random.chance(0.75) ? between(random, since, ago(now, POST_WINDOW)) : between(random, ago(now, POST_WINDOW), ago(now, HOUR)));
    edges.set(key, { follower, followee, at: when });
  };
  for (const person of people) {
    const others = people.filter((other) => other.index !== person.index);
    const count = person.demo ? Math.min(DEMO_FOLLOWS, others.length) : Math.min(random.int(...size.follows), others.length);
    const shared = (other: PersonPlan) => other.topics.some((topic) => person.topics.includes(topic));
    const fame = (other: PersonPlan) => 1 + 3 / (1 + other.index / 5);
    for (const other of weightedSample(random, others, (o) => (shared(o) ? 3 : 1) * fame(o), count)) add(person.index, other.index);
  }
  // Followers of the demo account: two of them recent, so its notifications have news.
  const fans = random.sample(people.slice(1), Math.min(DEMO_FOLLOWERS, people.length - 1));
  fans.forEach((fan, i) => {
    edges.delete(`${fan.index}>0`);
    add(fan.index, 0, i < 2 ? ago(now, random.between(1, 30) * HOUR) : undefined);
  });
  return [...edges.values()];
}

export function planCommunities(people: readonly PersonPlan[], size: Size, now: Date): CommunityPlan[] {
  const random = createRandom(`pitlane-communities:${size.name}`);
  const ideas = COMMUNITY_IDEAS.slice(0, size.communities);
  const communities = ideas.map((idea, index): CommunityPlan => {
    // The demo account created the first one; each other community a person of its scene.
    const fitting = people.slice(1).filter((person) => person.topics.some((topic) => idea.topics.includes(topic)));
    const creator = index === 0 ? people[0]! : random.pick(fitting.length > 0 ? fitting : people.slice(1));
    // A day or more after its creator joined, at least 25 days ago.
    const createdAt = between(random, new Date(creator.createdAt.getTime() + DAY), ago(now, 25 * DAY));
    const model = CAR_MODELS.find((car) => car.handle === idea.car)!;
    const scale = size.pictureScale;
    const cover: SceneSpec = {
      kind: idea.cover,
      width: Math.round(1500 * scale),
      height: Math.round(500 * scale),
      car: lookOf(random.fork(index), model, model.paints[0]!, idea.topics[0]!),
      time: idea.time,
      seed: hash32(`cover:${idea.name}`),
      framing: 'side',
      others: [lookOf(random.fork(`${index}a`), CAR_MODELS[index]!, CAR_MODELS[index]!.paints[0]!, 'meet')],
    };
    return {
      index,
      name: idea.name,
      description: idea.description,
      creator: creator.index,
      createdAt,
      topics: idea.topics,
      cover,
      coverAlt: photoDescription(cover, model, model.paints[0]!),
      members: [{ person: creator.index, at: createdAt }],
    };
  });
  for (const person of people) {
    const mine = communities.filter((community) => community.creator !== person.index);
    let joined: CommunityPlan[];
    if (person.demo) {
      joined = random.sample(mine, DEMO_COMMUNITIES - 1);
    } else {
      joined = mine.filter((community) => random.chance(community.topics.some((topic) => person.topics.includes(topic)) ? 0.6 : 0.08));
    }
    for (const community of joined) {
      community.members.push({ person: person.index, at: between(random, later(community.createdAt, person.createdAt), ago(now, DAY)) });
    }
  }
  return communities;
}
