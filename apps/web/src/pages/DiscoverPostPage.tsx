import { useLocation, useParams } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import { FALLBACK_MESSAGES, paths } from '@pitlane/api/contract';
import { usePost, useRelatedPosts } from '@pitlane/api/hooks';
import { IconButton, PostList } from '@pitlane/ui';
import { PostDetail } from '../app/PostDetail.tsx';
import { useGoBack } from '../app/go-back.ts';

/** A post opened from Discover (spec §2): its card, then related posts as full cards, endlessly. */
export default function DiscoverPostPage() {
  const { postId = '' } = useParams();
  const [, navigate] = useLocation();
  const goBack = useGoBack(paths.discover);
  // Related posts only under a post that loaded: a missing post has nothing to relate to.
  const loaded = usePost(postId).isSuccess;
  const related = useRelatedPosts(loaded ? postId : undefined);
  return (
    <div className="mx-auto flex w-full max-w-[640px] flex-col gap-3 px-3 py-4 md:px-6 md:py-6">
      <IconButton aria-label="Back" onClick={goBack} className="self-start">
        <ArrowLeft />
      </IconButton>
      <PostDetail key={postId} postId={postId} onDeleted={() => navigate(paths.root, { replace: true })} />
      {loaded ? (
        <section aria-labelledby="related-posts" className="mt-4 flex flex-col gap-3">
          <h2 id="related-posts" className="text-lg font-semibold">
            Related posts
          </h2>
          <PostList
            query={related}
            label="Related posts"
            emptyText="No more related posts found."
            endText="No more related posts found."
            errorText={FALLBACK_MESSAGES.relatedPostsFailed}
            onDeleted={() => navigate(paths.root, { replace: true })}
            // The post above is the page's picture; these wait until they scroll near.
            priority={false}
          />
        </section>
      ) : null}
    </div>
  );
}
