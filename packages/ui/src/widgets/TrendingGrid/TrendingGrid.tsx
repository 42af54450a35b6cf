import { useTrending } from '@pitlane/api/hooks';
import { PostGrid } from '../PostGrid/PostGrid.tsx';
import { TrendingTile } from '../TrendingTile/TrendingTile.tsx';

/** How many tiles of the first row load eagerly. */
const EAGER_TILES = 4;

export interface TrendingGridProps {
  className?: string;
}

/**
 * Discover's trending grid (spec §2): trending posts as TrendingTiles in the post grid's columns,
 * with infinite scroll and "You've seen all posts!" at the end.
 */
export function TrendingGrid({ className }: TrendingGridProps) {
  const query = useTrending();
  return (
    <PostGrid
      query={query}
      label="Trending posts"
      endText="You've seen all posts!"
      emptyText="No posts to discover yet."
      errorText="Could not load trending posts."
      captionedSkeleton
      renderTile={(post, index) => <TrendingTile post={post} eager={index < EAGER_TILES} />}
      className={className}
    />
  );
}
