import * as React from 'react';
import { PREVIEW_COMMENT_COUNT, type Post } from '@pitlane/api/contract';
import { useCommentsPreview } from '@pitlane/api/hooks';
import { cn } from '../../lib/cn.ts';
import { Button } from '../../primitives/Button/Button.tsx';
import { CommentForm } from '../CommentForm/CommentForm.tsx';
import { CommentItem, CommentItemSkeleton } from '../CommentItem/CommentItem.tsx';
import { LazyCommentsModal } from '../CommentsModal/LazyCommentsModal.tsx';
import { usePostPermissions } from '../PostCard/use-post-permissions.ts';

export interface CommentsPreviewProps extends Omit<React.ComponentProps<'div'>, 'children'> {
  post: Pick<Post, '_id' | 'title' | 'author' | 'community'>;
}

/**
 * The comments under a post card (spec §2): the 2 newest comments, "View all [n] comments" when
 * there are more (it opens the comments modal), and the posting form.
 */
export function CommentsPreview({ post, className, ...props }: CommentsPreviewProps) {
  // Seeded by the list page that shows the card (no request of its own), else read on its own.
  const comments = useCommentsPreview(post._id);
  const { canDeleteComment, canReportComment } = usePostPermissions(post);
  const [modalOpen, setModalOpen] = React.useState(false);
  // A deleted comment takes its delete button with it: the focus goes on to the comment field.
  const field = React.useRef<HTMLInputElement>(null);
  const focusField = React.useCallback(() => field.current, []);
  const shown = comments.data?.comments.slice(0, PREVIEW_COMMENT_COUNT) ?? [];
  const total = comments.data?.totalComments ?? 0;

  return (
    // Named after its post: a feed holds many cards, and each card's comments must be told apart.
    // A group, not a region landmark: one landmark per card would bury the page's own.
    <div role="group" data-slot="comments-preview" aria-label={`Comments on ${post.title}`} className={cn('flex flex-col gap-3', className)} {...props}>
      {comments.isPending ? (
        <ul aria-label="Loading comments" className="flex flex-col gap-3">
          {Array.from({ length: PREVIEW_COMMENT_COUNT }, (_, i) => (
            <CommentItemSkeleton key={i} />
          ))}
        </ul>
      ) : comments.isError ? (
        <div role="alert" className="flex items-center gap-2 text-sm">
          <p>Could not load comments.</p>
          <Button variant="link" size="inline" className="font-semibold" onClick={() => void comments.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        shown.length > 0 && (
          <ul className="flex flex-col gap-3">
            {shown.map((comment) => (
              <CommentItem key={comment._id} postId={post._id} comment={comment} canDelete={canDeleteComment(comment)} canReport={canReportComment(comment)} focusAfterDelete={focusField} />
            ))}
          </ul>
        )
      )}
      {total > PREVIEW_COMMENT_COUNT && (
        <Button
          variant="link-muted"
          size="inline"
          aria-haspopup="dialog"
          className="self-start font-medium"
          onClick={() => setModalOpen(true)}
        >
          {`View all ${total} comments`}
        </Button>
      )}
      <CommentForm postId={post._id} inputRef={field} />
      <LazyCommentsModal post={post} open={modalOpen} onOpenChange={setModalOpen} />
    </div>
  );
}
