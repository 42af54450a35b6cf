import { Link } from 'wouter';
import { paths, type Post } from '@pitlane/api/contract';
import { PostThumbnail } from '../PostGrid/PostGrid.tsx';

export interface TrendingTileProps {
  post: Post;
  /** The first row loads at once; the rest lazily. */
  eager?: boolean;
}

/** Discover's tile (spec §2): the first image, the title and "by [author full name]", linking to the discovered post. */
export function TrendingTile({ post, eager }: TrendingTileProps) {
  return (
    <Link
      to={paths.discoverPost(post._id)}
      data-slot="trending-tile"
      className="group flex flex-col gap-2 rounded-md focus-visible:outline-offset-2 md:rounded-lg"
    >
      <PostThumbnail post={post} eager={eager} className="rounded-md md:rounded-lg" />
      <span className="flex min-w-0 flex-col gap-0.5 px-0.5 pb-1">
        <span className="truncate text-sm font-semibold text-foreground group-hover:underline">{post.title}</span>
        <span className="truncate text-xs text-muted-foreground">by {post.author.fullName}</span>
      </span>
    </Link>
  );
}
