// Meets (issue 21): a handful in the demo account's communities, placed relative to "now" so the
// Events page always has something this week: two in the next days, one cancelled, one next
// month, some with coordinates, two with a cover. Each meet's creator is a member (the community's
// creator for the first), going; other members answer going or interested.
import { meetInstant, meetWallClock } from '@pitlane/api/contract';
import type { SceneSpec } from './art/scene.ts';
import { CAR_MODELS } from './content/cars.ts';
import { photoDescription } from './content/descriptions.ts';
import { lookOf } from './plan-people.ts';
import type { CommunityPlan } from './plan-social.ts';
import { createRandom, hash32 } from './random.ts';
import type { Size } from './sizes.ts';
import { between, DAY, HOUR } from './time.ts';

export interface MeetPlan {
  index: number;
  community: number;
  creator: number;
  title: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
  cancelled: boolean;
  cover: SceneSpec | null;
  coverAlt: string;
  createdAt: Date;
  rsvps: Array<{ person: number; rsvp: 'going' | 'interested'; at: Date }>;
}

interface MeetIdea {
  title: string;
  description: string;
  /** Days from now to the meet's day (in its zone), and its local start and length. */
  inDays: number;
  localStart: string;
  hours: number;
  timeZone: string;
  address: string;
  at: readonly [number, number] | null;
  cancelled?: boolean;
  cover?: SceneSpec['kind'];
}

const IDEAS: readonly MeetIdea[] = [
  {
    title: 'Sunday breakfast run to Box Hill',
    description: 'Meet at the café at the top, then a gentle loop over the Zig Zag road. All cars welcome; bring a friend. #breakfastrun',
    inDays: 2, localStart: '08:30', hours: 3, timeZone: 'Europe/London',
    address: 'Box Hill, Zig Zag Road, Tadworth KT20 7LB', at: [51.2558, -0.3228], cover: 'meet',
  },
  {
    title: 'Evening cars & coffee',
    description: 'Informal evening under the lights. Park up, grab a coffee, talk builds.',
    inDays: 4, localStart: '18:30', hours: 3, timeZone: 'Europe/Berlin',
    address: 'Motorworld Region Stuttgart, Graf-Zeppelin-Platz 1, 71034 Böblingen', at: [48.6817, 9.0046],
  },
  {
    title: 'Night drive over Bear Mountain',
    description: 'Called off: the road is closed for resurfacing that night. We will pick a new date.',
    inDays: 6, localStart: '21:00', hours: 2, timeZone: 'America/New_York',
    address: 'Bear Mountain State Park, NY 10911', at: [41.3126, -74.0067], cancelled: true,
  },
  {
    title: 'Detailing workshop: paint correction basics',
    description: 'Hands-on session with a two-stage polish. Limited space in the unit, so say if you are going.',
    inDays: 1, localStart: '14:00', hours: 4, timeZone: 'Europe/London',
    address: 'Unit 4, Riverside Industrial Estate, Leeds LS10 1NB', at: null,
  },
  {
    title: 'Track day at Spa-Francorchamps',
    description: 'Open pit lane, noise limit 103 dB(A). Helmets required; passenger rides at lunch.',
    inDays: 35, localStart: '08:00', hours: 9, timeZone: 'Europe/Brussels',
    address: 'Circuit de Spa-Francorchamps, Route du Circuit 55, 4970 Stavelot', at: [50.4372, 5.9714], cover: 'track',
  },
];

/** The day `days` after `now` in `timeZone` at `localStart`, as an instant. */
function localStartAfter(now: Date, days: number, timeZone: string, localStart: string): Date {
  const day = meetWallClock(new Date(now.getTime() + days * DAY), timeZone).slice(0, 10);
  return meetInstant(`${day}T${localStart}`, timeZone);
}

export function planMeets(communities: readonly CommunityPlan[], size: Size, now: Date): MeetPlan[] {
  const random = createRandom(`pitlane-meets:${size.name}`);
  // The demo account's communities first (its own is the first), so its Events page shows them.
  const theirs = communities.filter((community) => community.members.some((member) => member.person === 0));
  const places = theirs.length > 0 ? theirs : communities;
  if (places.length === 0) return [];
  return IDEAS.map((idea, index): MeetPlan => {
    const community = places[index % places.length]!;
    const others = community.members.filter((member) => member.person !== community.creator);
    const creator = index === 0 || others.length === 0 ? community.creator : random.pick(others).person;
    const startsAt = localStartAfter(now, idea.inDays, idea.timeZone, idea.localStart);
    // Created a few days ago (not before the creator joined the community).
    const joined = community.members.find((member) => member.person === creator)!.at;
    const createdAt = between(random, new Date(Math.max(joined.getTime(), now.getTime() - 10 * DAY)), new Date(now.getTime() - HOUR));
    const model = CAR_MODELS[index % CAR_MODELS.length]!;
    const cover: SceneSpec | null = idea.cover
      ? {
          kind: idea.cover,
          width: Math.round(1500 * size.pictureScale),
          height: Math.round(500 * size.pictureScale),
          car: lookOf(random.fork(`cover${index}`), model, model.paints[0]!, 'meet'),
          time: 'golden',
          seed: hash32(`meet:${idea.title}`),
          framing: 'side',
          others: [lookOf(random.fork(`others${index}`), CAR_MODELS[(index + 1) % CAR_MODELS.length]!, CAR_MODELS[(index + 1) % CAR_MODELS.length]!.paints[0]!, 'meet')],
        }
      : null;
    const rsvps: MeetPlan['rsvps'] = [{ person: creator, rsvp: 'going', at: createdAt }];
    for (const member of community.members) {
      if (member.person === creator || !random.chance(0.7)) continue;
      rsvps.push({ person: member.person, rsvp: random.chance(0.6) ? 'going' : 'interested', at: between(random, createdAt, new Date(now.getTime() - 1000)) });
    }
    return {
      index,
      community: community.index,
      creator,
      title: idea.title,
      description: idea.description,
      startsAt,
      endsAt: new Date(startsAt.getTime() + idea.hours * HOUR),
      timeZone: idea.timeZone,
      address: idea.address,
      latitude: idea.at?.[0] ?? null,
      longitude: idea.at?.[1] ?? null,
      cancelled: idea.cancelled ?? false,
      cover,
      coverAlt: cover ? photoDescription(cover, model, model.paints[0]!) : '',
      createdAt,
      rsvps,
    };
  });
}
