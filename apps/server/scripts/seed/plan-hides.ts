// Block and mute (issue 18): a few people hide others, as on any network. The demo account mutes
// the followee who posts the most (the common reason: a busy feed), so its Muted list and a
// muted profile show from the first sign-in. Blocks only join people who never touched each
// other (no follow, like or comment either way): a block ends follows and refuses likes and
// comments, so the data stays what the product could have made.
import type { PersonPlan } from './plan-people.ts';
import type { PostPlan } from './plan-posts.ts';
import type { FollowPlan } from './plan-social.ts';
import { createRandom } from './random.ts';
import { between, DAY } from './time.ts';

export interface HidePlan {
  /** The one who blocks or mutes. */
  person: number;
  /** The one blocked or muted. */
  other: number;
  at: Date;
}

export interface HidesPlan {
  blocks: HidePlan[];
  mutes: HidePlan[];
}

const DEMO = 0;
/** The share of people (the demo account aside) who muted someone, and who blocked someone. */
const MUTE_SHARE = 0.1;
const BLOCK_SHARE = 0.05;

const pairKey = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

export function planHides(people: readonly PersonPlan[], follows: readonly FollowPlan[], posts: readonly PostPlan[], now: Date): HidesPlan {
  const random = createRandom('hides');
  // The pairs who touched each other, either way: follows, likes and comments.
  const touched = new Set(follows.map((f) => pairKey(f.follower, f.followee)));
  for (const post of posts) for (const reaction of [...post.likes, ...post.comments]) touched.add(pairKey(reaction.person, post.author));
  const when = () => between(random, new Date(now.getTime() - 14 * DAY), new Date(now.getTime() - DAY));

  const mutes: HidePlan[] = [];
  const postCounts = new Map<number, number>();
  for (const post of posts) postCounts.set(post.author, (postCounts.get(post.author) ?? 0) + 1);
  const busiest = follows
    .filter((f) => f.follower === DEMO)
    .map((f) => f.followee)
    .sort((a, b) => (postCounts.get(b) ?? 0) - (postCounts.get(a) ?? 0) || a - b)[0];
  if (busiest !== undefined) mutes.push({ person: DEMO, other: busiest, at: when() });

  const blocks: HidePlan[] = [];
  const blocked = new Set<string>();
  for (const person of people) {
    if (person.index === DEMO) continue;
    const others = people.filter((other) => other.index !== person.index && other.index !== DEMO);
    if (random.chance(MUTE_SHARE)) mutes.push({ person: person.index, other: random.pick(others).index, at: when() });
    if (random.chance(BLOCK_SHARE)) {
      const strangers = others.filter((other) => !touched.has(pairKey(person.index, other.index)) && !blocked.has(pairKey(person.index, other.index)));
      if (strangers.length === 0) continue;
      const other = random.pick(strangers).index;
      blocked.add(pairKey(person.index, other));
      blocks.push({ person: person.index, other, at: when() });
    }
  }
  return { blocks, mutes };
}
