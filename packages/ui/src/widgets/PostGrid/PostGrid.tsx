import * as React from 'react';
import { Link } from 'wouter';
import { Heart, ImageOff } from 'lucide-react';
import { MOBILE_BREAKPOINT_PX, POST_GRID_MIN_COLUMN_PX, SKELETON_COUNTS, paths, postImageSrcSet, type Post } from '@pitlane/api/contract';
import { cn } from '../../lib/cn.ts';
import { ListError, ListNotice } from '../ListNotice/ListNotice.tsx';
import { usePagesScroll, type PagesSource } from '../../lib/pages-source.ts';
import { Skeleton } from '../../primitives/Skeleton/Skeleton.tsx';

/**
 * What the grid needs from a list of posts: any infinite query of posts (`useUserPosts`,
 * `useTrending`, …) as it is; a page holding plain pages builds the same shape (see
 * `staticPostPages` for a list that never grows).
 */
export type PostPagesSource = PagesSource<{ posts: Post[] }>;

/** A fixed list (e.g. search results) in the grid's shape: one page, nothing more to load. */
export function staticPostPages(posts: Post[]): PostPagesSource {
  return {
    data: { pages: [{ posts }] },
    isPending: false,
    isError: false,
    error: null,
    hasNextPage: false,
    isFetchingNextPage: false,
    fetchNextPage: () => undefined,
  };
}

// Spec §9: 150 px columns on mobile, 250 px otherwise, as many as fit. The numbers come from the
// contract through custom properties, so they are named once.
const gridStyle = {
  '--post-grid-min': `${POST_GRID_MIN_COLUMN_PX.mobile}px`,
  '--post-grid-min-md': `${POST_GRID_MIN_COLUMN_PX.desktop}px`,
} as React.CSSProperties;
const gridClasses =
  'grid gap-1 grid-cols-[repeat(auto-fill,minmax(var(--post-grid-min),1fr))] md:gap-2 md:grid-cols-[repeat(auto-fill,minmax(var(--post-grid-min-md),1fr))]';

/** The grid's layout with any tiles in it (TrendingTile, PostGridTile, skeletons). */
export function PostGridLayout({ className, style, ...props }: React.ComponentProps<'ul'>) {
  return <ul data-slot="post-grid" className={cn(gridClasses, className)} style={{ ...gridStyle, ...style }} {...props} />;
}

// How wide a tile shows, for the browser to pick a stored width (the 400 px thumb mostly): two
// columns on a phone; on wider screens the grid's columns stay near a third of the main column.
const TILE_IMAGE_SIZES = `(min-width: ${MOBILE_BREAKPOINT_PX}px) 360px, 50vw`;

/** A post's first image in a square that is reserved before the image loads, so nothing shifts. */
export function PostThumbnail({ post, eager = false, className }: { post: Post; eager?: boolean; className?: string }) {
  const src = post.imageUrls[0];
  const srcSet = src ? postImageSrcSet(src) : undefined;
  return (
    <div data-slot="post-thumbnail" className={cn('relative aspect-square w-full overflow-hidden bg-surface-sunken', className)}>
      {src ? (
        // The title beside it names the post, so the photo itself is decorative here.
        <img
          src={src}
          srcSet={srcSet}
          sizes={srcSet ? TILE_IMAGE_SIZES : undefined}
          alt=""
          width={400}
          height={400}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="size-full object-cover"
        />
      ) : (
        <ImageOff aria-hidden className="absolute top-1/2 left-1/2 size-8 -translate-1/2 text-muted-foreground" />
      )}
    </div>
  );
}

export interface PostGridTileProps {
  post: Post;
  /** Where the tile leads; default the post's own page. */
  href?: string;
  /** The first row loads at once; the rest lazily. */
  eager?: boolean;
}

/**
 * The profile's tile: the thumbnail, with the title and like count over it. Pointer devices see
 * them on hover (and keyboard users on focus); below 768 px there is no hover, so they always show.
 */
export function PostGridTile({ post, href = paths.post(post._id), eager }: PostGridTileProps) {
  const likes = post.likes.length;
  // Hover comes from mouse events rather than CSS :hover: the same signal in every browser and in
  // the stories' simulated pointer. Keyboard focus reveals the caption through CSS.
  const [hovered, setHovered] = React.useState(false);
  return (
    <Link
      to={href}
      data-slot="post-grid-tile"
      data-hovered={hovered || undefined}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      className="group relative block overflow-hidden rounded-md focus-visible:outline-offset-2 md:rounded-lg"
    >
      <PostThumbnail post={post} eager={eager} />
      <div
        data-slot="post-grid-caption"
        className={cn(
          'absolute inset-x-0 bottom-0 flex items-end justify-between gap-2 bg-gradient-to-t from-asphalt/85 via-asphalt/50 to-transparent px-2 pt-6 pb-2 text-white md:px-3 md:pb-3',
          'md:opacity-0 md:group-focus-visible:opacity-100 md:group-data-hovered:opacity-100',
        )}
      >
        <span className="line-clamp-2 min-w-0 text-xs font-semibold md:text-sm">{post.title}</span>
        <span className="flex shrink-0 items-center gap-1 text-xs font-semibold tabular-nums md:text-sm">
          <Heart aria-hidden className="size-3.5 fill-current md:size-4" />
          {likes}
          <span className="sr-only">{likes === 1 ? ' like' : ' likes'}</span>
        </span>
      </div>
    </Link>
  );
}

export interface PostGridSkeletonProps {
  /** Spec §9: 8 by default. */
  count?: number;
  /** Tiles with a caption below the image (TrendingTile) get caption lines in their skeleton. */
  captions?: boolean;
  className?: string;
}

/** The grid while its first page loads: the same columns and squares as the real thing. */
export function PostGridSkeleton({ count = SKELETON_COUNTS.postGrid, captions = false, className }: PostGridSkeletonProps) {
  return (
    <div role="status" aria-busy="true" aria-label="Loading posts" className={className}>
      <PostGridLayout aria-hidden>
        {Array.from({ length: count }, (_, i) => (
          <SkeletonTile key={i} captions={captions} />
        ))}
      </PostGridLayout>
    </div>
  );
}

function SkeletonTile({ captions }: { captions: boolean }) {
  return (
    <li data-slot="post-grid-skeleton-tile" className="flex flex-col gap-2">
      <Skeleton className="aspect-square w-full md:rounded-lg" />
      {captions ? (
        <div className="flex flex-col gap-1.5 px-0.5 pb-1">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-3 w-1/2" />
        </div>
      ) : null}
    </li>
  );
}

export interface PostGridProps {
  /** The posts: an infinite query's result, or the same shape built by the page. */
  query: PostPagesSource;
  /** Shown after the last page, e.g. "No more posts to show.". */
  endText: React.ReactNode;
  /** Shown when there are no posts at all, e.g. "This user hasn't created any posts yet.". */
  emptyText: React.ReactNode;
  /** Shown when the first page fails and the server gave no message (spec §8: server message first). */
  errorText?: string;
  /** One tile; default `PostGridTile`. Discover passes `TrendingTile`. */
  renderTile?: (post: Post, index: number) => React.ReactNode;
  /** Skeleton tiles carry caption lines (for tiles with a caption below the image). */
  captionedSkeleton?: boolean;
  /** How many skeleton tiles stand in for the first page. */
  skeletonCount?: number;
  /** Accessible name of the list, e.g. "Posts". */
  label?: string;
  className?: string;
}

/** How many tiles of the first row load eagerly; the rest wait until they scroll near. */
const EAGER_TILES = 4;

/**
 * Thumbnails of posts in as many columns as fit, loading the next page 300 px before the end of
 * the page (spec §9). Loading, empty, error, next-page and end states included.
 */
export function PostGrid({
  query,
  endText,
  emptyText,
  errorText = 'Could not load posts.',
  renderTile = (post, index) => <PostGridTile post={post} eager={index < EAGER_TILES} />,
  captionedSkeleton = false,
  skeletonCount,
  label = 'Posts',
  className,
}: PostGridProps) {
  const posts = React.useMemo(() => query.data?.pages.flatMap((page) => page.posts) ?? [], [query.data]);
  const sentinelRef = usePagesScroll(query);

  if (query.isPending) return <PostGridSkeleton count={skeletonCount} captions={captionedSkeleton} className={className} />;

  if (query.isError && posts.length === 0) {
    return (
      <ListError className={className} error={query.error} fallback={errorText} onRetry={query.refetch ? () => void query.refetch?.() : undefined} />
    );
  }

  if (posts.length === 0) return <ListNotice className={className}>{emptyText}</ListNotice>;

  const atEnd = !query.hasNextPage && !query.isFetchNextPageError;
  return (
    <div data-slot="post-grid-root" className={cn('flex flex-col', className)}>
      <PostGridLayout aria-label={label} aria-busy={query.isFetchingNextPage || undefined}>
        {posts.map((post, index) => (
          <li key={post._id}>{renderTile(post, index)}</li>
        ))}
        {query.isFetchingNextPage
          ? Array.from({ length: EAGER_TILES }, (_, i) => <SkeletonTile key={`loading-${i}`} captions={captionedSkeleton} />)
          : null}
      </PostGridLayout>
      <div ref={sentinelRef} data-slot="post-grid-sentinel" aria-hidden className="h-px" />
      {query.isFetchingNextPage ? <p role="status" className="sr-only">Loading more posts...</p> : null}
      {query.isFetchNextPageError ? (
        <ListError error={query.error} fallback={errorText} onRetry={() => void query.fetchNextPage()} />
      ) : null}
      {atEnd ? <ListNotice>{endText}</ListNotice> : null}
    </div>
  );
}
