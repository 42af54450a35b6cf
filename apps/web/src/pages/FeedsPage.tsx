import { useMemo, useRef } from 'react';
import { useFeed, useNewPosts } from '@pitlane/api/hooks';
import { FALLBACK_MESSAGES } from '@pitlane/api/contract';
import { Logo, NewPostsPill, PostList } from '@pitlane/ui';

/**
 * My Feed (spec §2): the wordmark header (fixed at the top on mobile), then the feed's cards.
 * Posts announced by the live stream wait behind the "new posts" pill until the reader asks.
 */
export default function FeedsPage() {
  const feed = useFeed();
  const shown = useMemo(() => new Set(feed.data?.pages.flatMap((page) => page.posts.map((post) => post._id)) ?? []), [feed.data]);
  const newPosts = useNewPosts(shown);
  const section = useRef<HTMLElement>(null);
  const showNewPosts = async () => {
    window.scrollTo({ top: 0 });
    // The pill goes away: the reader's focus moves to the list it brought up to date.
    section.current?.focus({ preventScroll: true });
    await newPosts.show();
  };
  return (
    <>
      <header className="fixed inset-x-0 top-0 z-10 flex h-14 items-center border-b bg-surface/95 px-4 backdrop-blur md:static md:h-auto md:border-b-0 md:bg-transparent md:px-6 md:pt-6 md:backdrop-blur-none">
        <h1 className="flex items-center">
          <Logo size="sm" className="md:h-8" />
          <span className="sr-only">My Feed</span>
        </h1>
      </header>
      {/* The fixed header's height, so the first card starts below it on mobile. */}
      <div aria-hidden className="h-14 md:hidden" />
      <section ref={section} tabIndex={-1} aria-label="My Feed" className="mx-auto w-full max-w-[640px] px-3 py-4 outline-none md:px-6 md:py-6">
        <NewPostsPill count={newPosts.count} onShow={() => void showNewPosts()} />
        <PostList
          query={feed}
          label="Posts from people you follow"
          emptyText="Your feed is empty. Go to the Discover page to find users to follow!"
          endText="You've reached the end of the road!"
          errorText={FALLBACK_MESSAGES.feedFailed}
        />
      </section>
    </>
  );
}
