import type { HttpHandler } from 'msw';
import { createMockBackend } from './backend.ts';
import { fixtures } from './fixtures.ts';
import { handlers } from './handlers.ts';
import type { MockSeed } from './state.ts';

/** The part of a Storybook story context msw-storybook-addon adds. */
interface MswContext {
  msw: { use(...handlers: HttpHandler[]): void };
}

/**
 * A story's `beforeEach`: a fresh fake backend from `seed` answering every route, so stories
 * never share state, then `overrides` (failRoute, neverRespond, …) on top of it.
 *
 *   beforeEach: mockApi(fixtures.empty, failRoute('posts.feed', 500, 'Server down'))
 */
export function mockApi(seed: () => MockSeed = fixtures.standard, ...overrides: HttpHandler[]) {
  return ({ msw }: MswContext) => {
    msw.use(...handlers(createMockBackend(seed())));
    if (overrides.length > 0) msw.use(...overrides);
  };
}
