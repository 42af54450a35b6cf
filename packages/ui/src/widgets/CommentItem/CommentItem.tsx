import * as React from 'react';
import { Link } from 'wouter';
import { Flag, Trash2 } from 'lucide-react';
import { FALLBACK_MESSAGES, paths, type Comment } from '@pitlane/api/contract';
import { useDeleteComment } from '@pitlane/api/hooks';
import { cn } from '../../lib/cn.ts';
import { Avatar } from '../../primitives/Avatar/Avatar.tsx';
import { LazyConfirmDialog } from '../../primitives/ConfirmDialog/LazyConfirmDialog.tsx';
import type { DialogLayer } from '../../primitives/Dialog/Dialog.tsx';
import { IconButton } from '../../primitives/IconButton/IconButton.tsx';
import { Skeleton } from '../../primitives/Skeleton/Skeleton.tsx';
import { DateTime } from '../DateTime/DateTime.tsx';
import { RichText } from '../RichText/RichText.tsx';
import { LazyReportDialog } from '../ReportDialog/LazyReportDialog.tsx';

export interface CommentItemProps extends Omit<React.ComponentProps<'li'>, 'children'> {
  postId: string;
  comment: Comment;
  /** Spec §6: the comment's author, the post's author or the community's creator. */
  canDelete: boolean;
  /** Anyone signed in but its author may report it (issue 18). */
  canReport?: boolean;
  /** `over-menu` inside the comments modal, so the confirmation and the report dialog stack above the sheet. */
  confirmLayer?: DialogLayer;
  /** Where the keyboard focus goes once the comment (and so its delete button) is gone. */
  focusAfterDelete?: () => HTMLElement | null | undefined;
}

/**
 * One comment (spec §2): the author's avatar and name linking to the profile, the text (its
 * mentions and tags linked) and the date; a flag to report it (issue 18) for those who may, and a delete icon for those who may
 * delete it, behind the "Delete Comment" confirmation. A failed delete says "Could not delete
 * comment." under the comment (§8); it can be retried.
 */
export function CommentItem({ postId, comment, canDelete, canReport = false, confirmLayer, focusAfterDelete, className, ...props }: CommentItemProps) {
  const deleteComment = useDeleteComment(postId);
  const [confirming, setConfirming] = React.useState(false);
  const [reporting, setReporting] = React.useState(false);
  const [failed, setFailed] = React.useState(false);
  const profile = paths.profile(comment.author.username);

  return (
    <li data-slot="comment" className={cn('flex gap-3', className)} {...props}>
      {/* The name beside it is the link people use; the avatar is the same link for pointers only. */}
      <Link to={profile} tabIndex={-1} aria-hidden className="shrink-0">
        <Avatar size="sm" name={comment.author.fullName} src={comment.author.profilePictureUrl} alt="" />
      </Link>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <Link to={profile} className="font-semibold hover:underline">
            {comment.author.fullName}
          </Link>
          <DateTime value={comment.createdAt} className="text-xs text-muted-foreground" />
        </p>
        <RichText text={comment.text} className="text-sm" />
        {failed && (
          <p role="alert" className="mt-1 text-sm font-medium text-danger">
            {FALLBACK_MESSAGES.deleteCommentFailed}
          </p>
        )}
      </div>
      {canReport || canDelete ? (
        // Side by side without a gap: a phone's comment column keeps its width.
        <div className="-mt-1 flex shrink-0">
          {canReport && (
            <>
              <IconButton
                aria-label={`Report comment by ${comment.author.fullName}`}
                size="sm"
                variant="ghost-muted"
                className="hover:text-foreground"
                onClick={() => setReporting(true)}
              >
                <Flag />
              </IconButton>
              <LazyReportDialog kind="comment" targetId={comment._id} subject="this comment" open={reporting} onOpenChange={setReporting} layer={confirmLayer} />
            </>
          )}
          {canDelete && (
            <>
              <IconButton
                aria-label={`Delete comment by ${comment.author.fullName}`}
                size="sm"
                variant="ghost-muted"
                className="hover:text-danger"
                onClick={() => setConfirming(true)}
              >
                <Trash2 />
              </IconButton>
              <LazyConfirmDialog
                open={confirming}
                onOpenChange={setConfirming}
                title="Delete Comment"
                message="Are you sure you want to permanently delete this comment?"
                confirmLabel="Delete"
                busyLabel="Deleting..."
                tone="danger"
                layer={confirmLayer}
                fallbackFocus={focusAfterDelete}
                // The dialog closes either way; a failure is reported beside the comment instead,
                // where it stays readable once the dialog is gone.
                onConfirm={() => {
                  setFailed(false);
                  return deleteComment.mutateAsync({ commentId: comment._id }).catch(() => setFailed(true));
                }}
              />
            </>
          )}
        </div>
      ) : null}
    </li>
  );
}

/** Comment rows while comments load: avatar, name and a line of text. */
export function CommentItemSkeleton({ className }: { className?: string }) {
  return (
    <li aria-hidden className={cn('flex gap-3', className)}>
      <Skeleton shape="circle" className="size-8 shrink-0" />
      <div className="flex flex-1 flex-col gap-2 pt-1">
        <Skeleton className="h-3 w-32" />
        <Skeleton className="h-3 w-3/4" />
      </div>
    </li>
  );
}
