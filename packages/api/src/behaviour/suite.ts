// The behaviour suite: what a caller of the API observes, happy paths and refusals, written once
// against a `BehaviourTarget`. It runs against the mock backend (mock-backend.test.ts) and,
// through the server's own test file, against the real server, so the two cannot drift.
import { describe } from 'vitest';
import { authBehaviour } from './auth.behaviour.ts';
import { commentsBehaviour } from './comments.behaviour.ts';
import { communitiesBehaviour } from './communities.behaviour.ts';
import { discoveryBehaviour } from './discovery.behaviour.ts';
import { garageBehaviour } from './garage.behaviour.ts';
import { meetsBehaviour } from './meets.behaviour.ts';
import { moderationBehaviour } from './moderation.behaviour.ts';
import { notificationsBehaviour } from './notifications.behaviour.ts';
import { postsBehaviour } from './posts.behaviour.ts';
import { savedPostsBehaviour } from './saved.behaviour.ts';
import { safetyBehaviour } from './safety.behaviour.ts';
import { tagsBehaviour } from './tags.behaviour.ts';
import { BEHAVIOUR_AREAS, type BehaviourArea, type BehaviourTargetFactory } from './target.ts';
import { usersBehaviour } from './users.behaviour.ts';
import { useWorld } from './world.ts';

export interface BehaviourOptions {
  /** The areas the target serves (default: all). Tests elsewhere that need a missing area are skipped. */
  areas?: readonly BehaviourArea[];
  /**
   * Of those, the areas whose tests run here (default: all it serves). The server's suite is
   * spread over several files this way (apps/server/test/behaviour/), each running some areas
   * against a server that has every one.
   */
  run?: readonly BehaviourArea[];
}

const AREA_SUITES: Record<BehaviourArea, (world: ReturnType<typeof useWorld>) => void> = {
  auth: authBehaviour,
  users: usersBehaviour,
  posts: (world) => {
    postsBehaviour(world);
    savedPostsBehaviour(world);
  },
  comments: commentsBehaviour,
  communities: communitiesBehaviour,
  notifications: notificationsBehaviour,
  discovery: discoveryBehaviour,
  garage: garageBehaviour,
  safety: safetyBehaviour,
  moderation: moderationBehaviour,
  tags: tagsBehaviour,
  meets: meetsBehaviour,
};

export function describeApiBehaviour(name: string, createTarget: BehaviourTargetFactory, options: BehaviourOptions = {}): void {
  const areas = options.areas ?? BEHAVIOUR_AREAS;
  const run = options.run ?? areas;
  describe(name, () => {
    const world = useWorld(createTarget, areas);
    for (const area of BEHAVIOUR_AREAS) if (areas.includes(area) && run.includes(area)) AREA_SUITES[area](world);
  });
}
