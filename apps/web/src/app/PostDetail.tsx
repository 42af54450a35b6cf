import { FALLBACK_MESSAGES, NOT_FOUND_MESSAGES } from '@pitlane/api/contract';
import { ApiError } from '@pitlane/api/client';
import { usePost } from '@pitlane/api/hooks';
import { PostCard, PostCardSkeleton } from '@pitlane/ui';

/**
 * One post as the post page and the discovered-post page show it: a skeleton while it loads, the
 * card (its title the page's heading), or why it cannot be shown: "Post not found." when the
 * server says it does not exist, otherwise the §8 text for a failed load.
 */
export function PostDetail({ postId, onDeleted }: { postId: string; onDeleted: () => void }) {
  const post = usePost(postId);
  if (post.isPending) return <PostCardSkeleton />;
  if (post.isError) {
    const notFound = post.error instanceof ApiError && post.error.status === 404;
    // Without a post the message is the page's heading (the card's title would have been).
    return (
      <div role="alert" className="rounded-lg bg-surface px-4 py-8 text-center shadow-card">
        <h1 className="text-sm">{notFound ? NOT_FOUND_MESSAGES.post : FALLBACK_MESSAGES.postDetailFailed}</h1>
      </div>
    );
  }
  return <PostCard post={post.data} headingLevel={1} onDeleted={onDeleted} priority />;
}
