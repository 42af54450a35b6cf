import { Bookmark } from 'lucide-react';
import { FALLBACK_MESSAGES } from '@pitlane/api/contract';
import { useSavedPosts } from '@pitlane/api/hooks';
import { PostList } from '../PostList/PostList.tsx';

/**
 * The Saved page's list (issue 21): the signed-in person's saved posts as full cards, newest saved
 * first, in an infinite scroll. A card taken out of Saved here stays (its bookmark empty, ready to
 * save again) until the list is next shown: the list is not read again under the pointer.
 */
export function SavedPostList({ className }: { className?: string }) {
  const saved = useSavedPosts();
  return (
    <PostList
      query={saved}
      label="Saved posts"
      className={className}
      emptyText={
        <>
          <p className="font-medium text-foreground">No saved posts yet.</p>
          <p>
            Save a post with its bookmark <Bookmark aria-hidden className="inline size-4 align-text-bottom" /> to find it here later.
          </p>
        </>
      }
      endText="That's everything you've saved."
      errorText={FALLBACK_MESSAGES.savedPostsFailed}
    />
  );
}
