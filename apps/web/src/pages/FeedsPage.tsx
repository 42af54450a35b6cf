import { useFeed } from '@pitlane/api/hooks';
import { FALLBACK_MESSAGES } from '@pitlane/api/contract';
import { Logo, PostList } from '@pitlane/ui';

/** My Feed (spec §2): the wordmark header (fixed at the top on mobile), then the feed's cards. */
export default function FeedsPage() {
  const feed = useFeed();
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
      <section aria-label="My Feed" className="mx-auto w-full max-w-[640px] px-3 py-4 md:px-6 md:py-6">
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
