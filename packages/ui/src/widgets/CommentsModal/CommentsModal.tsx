import * as React from 'react';
import {
  COMMENTS_MODAL_INFINITE_SCROLL_TRIGGER_PX,
  COMMENTS_MODAL_WIDTH_PX,
  NO_MORE_COMMENTS_AFTER,
  type Post,
} from '@pitlane/api/contract';
import { flattenComments, useComments } from '@pitlane/api/hooks';
import { cn } from '../../lib/cn.ts';
import { BottomSheet, BottomSheetContent } from '../../primitives/BottomSheet/BottomSheet.tsx';
import { Button } from '../../primitives/Button/Button.tsx';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '../../primitives/Dialog/Dialog.tsx';
import { CommentForm } from '../CommentForm/CommentForm.tsx';
import { CommentItem, CommentItemSkeleton } from '../CommentItem/CommentItem.tsx';
import { usePostPermissions } from '../PostCard/use-post-permissions.ts';
import { MOBILE_QUERY, useMediaQuery } from '../../lib/use-media-query.ts';

export interface CommentsModalProps {
  post: Pick<Post, '_id' | 'author' | 'community'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Every comment of a post (spec §2 "Comments modal"): a centred 600 px dialog on desktop, a
 * bottom sheet with the 300 ms slide on mobile (< 768 px). The list loads its next page when
 * scrolled within 50 px of its end, and has the same posting form as the preview.
 */
export function CommentsModal({ post, open, onOpenChange }: CommentsModalProps) {
  const mobile = useMediaQuery(MOBILE_QUERY);
  if (mobile) {
    return (
      <BottomSheet open={open} onOpenChange={onOpenChange}>
        <BottomSheetContent title="Comments" flush>
          <CommentsModalBody post={post} frame="sheet" className="max-h-[70dvh]" />
        </BottomSheetContent>
      </BottomSheet>
    );
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        aria-describedby={undefined}
        style={{ maxWidth: COMMENTS_MODAL_WIDTH_PX }}
        layout="bare"
        className="flex max-h-[min(80dvh,640px)] flex-col overflow-hidden outline-none"
        // Start on the dialog itself, as the sheet does: its name is announced, and focus does not
        // land on the first comment's delete button.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          (event.target as HTMLElement).focus();
        }}
      >
        <DialogHeader besideClose={false} className="border-b px-6 py-4">
          <DialogTitle>Comments</DialogTitle>
        </DialogHeader>
        <CommentsModalBody post={post} frame="dialog" className="min-h-0 flex-1" />
      </DialogContent>
    </Dialog>
  );
}

// The sheet pads its content already; the list keeps 4 px of its own so focus rings are not clipped.
const FRAME_PADDING = { dialog: 'px-6', sheet: '-mx-1 px-1' } as const;

function CommentsModalBody({ post, frame, className }: { post: CommentsModalProps['post']; frame: keyof typeof FRAME_PADDING; className?: string }) {
  const comments = useComments(post._id);
  const { canDeleteComment, canReportComment } = usePostPermissions(post);
  const list = flattenComments(comments.data?.pages);
  const scroller = React.useRef<HTMLDivElement>(null);
  // A deleted comment takes its delete button with it: the focus goes on to the comment field.
  const field = React.useRef<HTMLInputElement>(null);
  const focusField = React.useCallback(() => field.current, []);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = comments;

  const loadMoreIfNearEnd = React.useCallback(() => {
    const element = scroller.current;
    if (!element || !hasNextPage || isFetchingNextPage) return;
    const fromBottom = element.scrollHeight - element.scrollTop - element.clientHeight;
    if (fromBottom <= COMMENTS_MODAL_INFINITE_SCROLL_TRIGGER_PX) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  // A page that does not fill the list cannot be scrolled: load on until it does or none are left.
  React.useEffect(loadMoreIfNearEnd, [loadMoreIfNearEnd, list.length]);

  return (
    <div data-slot="comments-modal-body" className={cn('flex flex-col', className)}>
      <div
        ref={scroller}
        data-slot="comments-list"
        onScroll={loadMoreIfNearEnd}
        aria-busy={comments.isPending || isFetchingNextPage || undefined}
        className={cn('min-h-0 flex-1 overflow-y-auto overscroll-contain py-4', FRAME_PADDING[frame])}
      >
        {comments.isPending ? (
          <ul aria-label="Loading comments" className="flex flex-col gap-4">
            {[0, 1, 2].map((i) => (
              <CommentItemSkeleton key={i} />
            ))}
          </ul>
        ) : comments.isError && list.length === 0 ? (
          <div role="alert" className="flex flex-col items-start gap-2 text-sm">
            <p>Could not load comments.</p>
            <Button variant="outline" size="sm" onClick={() => void comments.refetch()}>
              Try again
            </Button>
          </div>
        ) : list.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">Be the first to comment!</p>
        ) : (
          <ul className="flex flex-col gap-4">
            {list.map((comment) => (
              <CommentItem key={comment._id} postId={post._id} comment={comment} canDelete={canDeleteComment(comment)} canReport={canReportComment(comment)} confirmLayer="over-menu" focusAfterDelete={focusField} />
            ))}
          </ul>
        )}
        <div aria-live="polite" className="text-center text-sm text-muted-foreground empty:hidden">
          {isFetchingNextPage ? (
            <p className="pt-4">Loading more comments...</p>
          ) : !hasNextPage && list.length > NO_MORE_COMMENTS_AFTER ? (
            <p className="pt-4">No more comments</p>
          ) : null}
        </div>
      </div>
      <div data-slot="comments-modal-form" className={cn('border-t py-3', frame === 'dialog' && 'px-6')}>
        <CommentForm postId={post._id} inputRef={field} />
      </div>
    </div>
  );
}
