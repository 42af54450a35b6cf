// Saved posts (issue 21): people keep some of the posts they liked for later, soon after liking
// them. The demo account keeps more, and at least DEMO_SAVES, so its Saved page shows what the
// feature does from the first sign-in.
import type { PostPlan } from './plan-posts.ts';
import { createRandom } from './random.ts';
import { between, reactionTime } from './time.ts';

export interface SavePlan {
  person: number;
  post: number;
  at: Date;
}

/** The demo account (person 0) has at least this many saved posts. */
const DEMO_SAVES = 3;
const DEMO = 0;

export function planSaves(posts: readonly PostPlan[], now: Date): SavePlan[] {
  const random = createRandom('saves');
  const saves: SavePlan[] = [];
  for (const post of posts) {
    for (const like of post.likes) {
      if (random.chance(like.person === DEMO ? 0.5 : 0.15)) saves.push({ person: like.person, post: post.index, at: reactionTime(random, like.at, now, 6) });
    }
  }
  // Too few for the demo: the newest profile posts of others it has not saved yet.
  const demoSaved = new Set(saves.filter((save) => save.person === DEMO).map((save) => save.post));
  const more = posts
    .filter((post) => post.author !== DEMO && post.community === null && !demoSaved.has(post.index))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .slice(0, Math.max(0, DEMO_SAVES - demoSaved.size));
  for (const post of more) saves.push({ person: DEMO, post: post.index, at: between(random, post.createdAt, now) });
  return saves;
}
