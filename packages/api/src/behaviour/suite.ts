// The behaviour suite: what a caller of the API observes, happy paths and refusals, written once
// against a `BehaviourTarget`. It runs against the mock backend (mock-backend.test.ts) and,
// through the server's own test file, against the real server, so the two cannot drift.
import { describe } from 'vitest';
import { authBehaviour } from './auth.behaviour.ts';
import { commentsBehaviour } from './comments.behaviour.ts';
import { communitiesBehaviour } from './communities.behaviour.ts';
import { discoveryBehaviour } from './discovery.behaviour.ts';
import { notificationsBehaviour } from './notifications.behaviour.ts';
import { postsBehaviour } from './posts.behaviour.ts';
import type { BehaviourTargetFactory } from './target.ts';
import { usersBehaviour } from './users.behaviour.ts';
import { useWorld } from './world.ts';

export function describeApiBehaviour(name: string, createTarget: BehaviourTargetFactory): void {
  describe(name, () => {
    const world = useWorld(createTarget);
    authBehaviour(world);
    usersBehaviour(world);
    postsBehaviour(world);
    commentsBehaviour(world);
    communitiesBehaviour(world);
    notificationsBehaviour(world);
    discoveryBehaviour(world);
  });
}
