import { FALLBACK_MESSAGES } from '@pitlane/api/contract';
import { useTagPosts } from '@pitlane/api/hooks';
import { PostList } from '../PostList/PostList.tsx';

export interface TagPostListProps {
  /** The tag, normalized and without `#` (`normalizeTag`). */
  tag: string;
  className?: string;
}

/**
 * A tag's page (issue 21): the posts carrying `#tag`, newest first, as full cards in an infinite
 * scroll like the feed; loading, empty, error (with Try again) and end states from PostList.
 */
export function TagPostList({ tag, className }: TagPostListProps) {
  const posts = useTagPosts(tag);
  return (
    <PostList
      query={posts}
      label={`Posts with #${tag}`}
      className={className}
      emptyText={`No posts with #${tag} yet.`}
      endText={`That's every post with #${tag}.`}
      errorText={FALLBACK_MESSAGES.tagPostsFailed}
    />
  );
}
