// Shared by the post widgets' stories (not a story file itself): a post loaded through the hooks
// as a page has it, a fresh mock backend per story, pinned dates and a pinned clock.
import type * as React from 'react';
import type { Decorator } from '@storybook/react-vite';
import type { SetupWorker } from 'msw/browser';
import type { Post } from '@pitlane/api/contract';
import { usePost } from '@pitlane/api/hooks';
import { createMockBackend, FIXTURE_NOW, fixtures, handlers, type MockBackend } from '@pitlane/api/mocks';
import { DateTimeFormatProvider } from '../DateTime/DateTime.tsx';
import { PostCardSkeleton } from '../PostCardSkeleton/PostCardSkeleton.tsx';

/** Renders `children(post)` once the post has loaded through `usePost`, the skeleton before. */
export function WithPost({ postId, children }: { postId: string; children: (post: Post) => React.ReactNode }) {
  const { data: post, isError } = usePost(postId);
  if (isError) return <p role="alert">Failed to fetch post. It may have been deleted or the link is incorrect.</p>;
  return post ? children(post) : <PostCardSkeleton />;
}

/** The backend the current story talks to (created fresh in its `beforeEach`). */
export let storyBackend: MockBackend;

/** A fresh standard world per story, so stories never leak state into each other. */
export function standardBackend(msw: Pick<SetupWorker, 'use'>, seed = fixtures.standard()): MockBackend {
  storyBackend = createMockBackend(seed);
  msw.use(...handlers(storyBackend));
  return storyBackend;
}

/** Dates print the same on every machine: en-US, UTC. */
export const pinnedDates: Decorator = (Story) => (
  <DateTimeFormatProvider locale="en-US" timeZone="UTC">
    <Story />
  </DateTimeFormatProvider>
);

/**
 * The mock backend stamps new comments with the clock; pinning it to the fixtures' "now" makes
 * a freshly posted comment print the same date on every run. Returns the cleanup.
 */
export function pinClock(): () => void {
  const real = Date.now;
  Date.now = () => FIXTURE_NOW.getTime();
  return () => {
    Date.now = real;
  };
}

/** The card's width in a feed column. */
export const feedColumn: Decorator = (Story) => (
  <div className="mx-auto max-w-[600px]">
    <Story />
  </div>
);
