// Everything `npm run seed` will create, decided up front and without the database: the same
// size gives the same people, posts and pictures every time (only the dates move with `now`).
import { planGarages, type GaragePlan } from './plan-garage.ts';
import { planHides, type HidesPlan } from './plan-hides.ts';
import { planMeets, type MeetPlan } from './plan-meets.ts';
import { operatorPerson, planPeople, type PersonPlan } from './plan-people.ts';
import { planPosts, type PostPlan } from './plan-posts.ts';
import { planModeration, type ModerationPlan } from './plan-reports.ts';
import { planSaves, type SavePlan } from './plan-saves.ts';
import { planCommunities, planFollows, type CommunityPlan, type FollowPlan } from './plan-social.ts';
import { SIZES, type SizeName } from './sizes.ts';

export interface SeedPlan {
  size: SizeName;
  now: Date;
  people: PersonPlan[];
  follows: FollowPlan[];
  communities: CommunityPlan[];
  posts: PostPlan[];
  saves: SavePlan[];
  garages: GaragePlan;
  hides: HidesPlan;
  moderation: ModerationPlan;
  /** Meets (issue 21) in the demo account's communities, relative to `now`. */
  meets: MeetPlan[];
}

export function planSeed(sizeName: SizeName, now: Date): SeedPlan {
  const size = SIZES[sizeName];
  const people = planPeople(size.users, now);
  const follows = planFollows(people, size, now);
  const communities = planCommunities(people, size, now);
  const posts = planPosts(people, follows, communities, size, now);
  const saves = planSaves(posts, now);
  const garages = planGarages(people, posts, size, now);
  const hides = planHides(people, follows, posts, now);
  // The site operator comes last and takes part in nothing above, so adding them changed none of it.
  const operator = operatorPerson(people.length, now);
  const moderation = planModeration(people, communities, posts, hides, operator.index, size, now);
  // Last, from a random source of their own: nothing planned above changed with them.
  const meets = planMeets(communities, size, now);
  return { size: sizeName, now, people: [...people, operator], follows, communities, posts, saves, garages, hides, moderation, meets };
}

/** A notification the product would have sent: a like, a comment or a follow by someone else. */
export interface PlannedNotification {
  type: 'like' | 'comment' | 'follow';
  sender: number;
  recipient: number;
  post: number | null;
  at: Date;
}

export function plannedNotifications(plan: SeedPlan): PlannedNotification[] {
  const events: PlannedNotification[] = plan.follows.map((f) => ({ type: 'follow', sender: f.follower, recipient: f.followee, post: null, at: f.at }));
  for (const post of plan.posts) {
    for (const like of post.likes) events.push({ type: 'like', sender: like.person, recipient: post.author, post: post.index, at: like.at });
    for (const comment of post.comments) events.push({ type: 'comment', sender: comment.person, recipient: post.author, post: post.index, at: comment.at });
  }
  return events.filter((event) => event.sender !== event.recipient).sort((a, b) => a.at.getTime() - b.at.getTime());
}
