// Helpers the behaviour tests share: people created through the public API only (register →
// read the e-mailed code → verify → log in), so the same tests run against any target.
import { afterEach, beforeEach, expect } from 'vitest';
import { isApiError, type ApiClient } from '../client/index.ts';
import { signedInUser, type Post, type SessionUser } from '../contract/index.ts';
import { BEHAVIOUR_AREAS, type BehaviourArea, type BehaviourTarget, type BehaviourTargetFactory } from './target.ts';

export const PASSWORD = 'Apex@2024';

export interface Actor {
  api: ApiClient;
  user: SessionUser;
  id: string;
  username: string;
  fullName: string;
  email: string;
  password: string;
}

export interface World {
  readonly target: BehaviourTarget;
  /** Whether this run includes `area` (tests that need another area use `it.skipIf(!world.has(…))`). */
  has(area: BehaviourArea): boolean;
  /** Register, verify and log in a new person in their own browser. */
  person(handle: string, fullName?: string): Promise<Actor>;
  /** Several people at once, in order. */
  people<const N extends readonly string[]>(...handles: N): Promise<{ [K in keyof N]: Actor }>;
  /** Create a post as `actor` (1 image by default), in a community or tagged to one of their cars if asked. */
  post(actor: Actor, input?: { title?: string; content?: string; images?: number; community?: string; car?: string }): Promise<Post>;
  /** `count` image files. */
  images(count: number): Blob[];
}

/** The status and server message of a refused call; fails the test if the call succeeds. */
export async function refusal(call: Promise<unknown>): Promise<{ status: number; message: string | undefined }> {
  try {
    await call;
  } catch (error) {
    if (isApiError(error)) return { status: error.status, message: error.serverMessage };
    throw error;
  }
  expect.fail('Expected the call to be refused, but it succeeded.');
}

const NAMES: Record<string, string> = {
  maya: 'Maya Fischer',
  kenji: 'Kenji Watanabe',
  lena: 'Lena Novak',
  sam: 'Samir Haddad',
  tomas: 'Tomas Ortega',
  ruby: 'Ruby Clarke',
  olu: 'Olu Adeyemi',
  jonas: 'Jonas Berg',
  priya: 'Priya Nair',
};

/** Registers the per-test target and returns the helpers. Call inside a `describe`. */
export function useWorld(factory: BehaviourTargetFactory, areas: readonly BehaviourArea[] = BEHAVIOUR_AREAS): World {
  let target: BehaviourTarget | undefined;
  let counter = 0;
  // Unique per run, so a target that keeps one database between tests still sees fresh people.
  const run = Math.random().toString(36).slice(2, 6);

  beforeEach(async () => {
    target = await factory();
  });
  afterEach(async () => {
    await target?.close?.();
    target = undefined;
  });

  const world: World = {
    get target() {
      if (!target) throw new Error('The behaviour target is only available inside a test.');
      return target;
    },
    has: (area) => areas.includes(area),
    async person(handle, fullName = NAMES[handle] ?? 'Test Driver') {
      const t = world.target;
      const username = `${handle}_${run}${++counter}`;
      const email = `${username.replace(/[^a-z0-9]/g, '')}@pitlane.test`;
      const api = t.newBrowser();
      await api.call('auth.sendOtp', { body: { fullName, username, email, password: PASSWORD } });
      await api.call('auth.verifyOtp', { body: { email, otp: await t.readOtp(email) } });
      const user = signedInUser(await api.call('auth.login', { body: { email, password: PASSWORD } }));
      return { api, user, id: user.id, username, fullName, email, password: PASSWORD };
    },
    async people(...handles) {
      const actors: Actor[] = [];
      for (const handle of handles) actors.push(await world.person(handle));
      return actors as never;
    },
    async post(actor, input = {}) {
      return actor.api.call('posts.create', {
        body: {
          title: input.title ?? 'Sunday meet at the old airfield',
          content: input.content ?? 'Coffee, croissants and a row of air-cooled 911s.',
          images: world.images(input.images ?? 1),
          ...(input.community ? { community: input.community } : {}),
          ...(input.car ? { car: input.car } : {}),
        },
      });
    },
    images(count) {
      return Array.from({ length: count }, (_, i) => world.target.imageFile(`photo-${i + 1}.png`));
    },
  };
  return world;
}
