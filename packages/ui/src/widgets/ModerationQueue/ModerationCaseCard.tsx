import * as React from 'react';
import { Link } from 'wouter';
import { CircleAlert } from 'lucide-react';
import {
  FALLBACK_MESSAGES,
  MAX_MODERATION_REASON_LENGTH,
  paths,
  postImageSrcSet,
  REPORT_REASON_LABELS,
  type CaseReport,
  type ModerationCase,
  type ReportTargetKind,
} from '@pitlane/api/contract';
import { errorMessage } from '@pitlane/api/client';
import { useDismissCase, useRemoveContent, useSuspendUser, useUnsuspendUser } from '@pitlane/api/hooks';
import { cn } from '../../lib/cn.ts';
import { Avatar } from '../../primitives/Avatar/Avatar.tsx';
import { Badge } from '../../primitives/Badge/Badge.tsx';
import { Button } from '../../primitives/Button/Button.tsx';
import { ConfirmDialog } from '../../primitives/ConfirmDialog/ConfirmDialog.tsx';
import { Field } from '../../primitives/Field/Field.tsx';
import { Textarea } from '../../primitives/Textarea/Textarea.tsx';
import { DateTime } from '../DateTime/DateTime.tsx';

/** What a case is about, as the card names it. */
export const CASE_KIND_LABELS: Record<ReportTargetKind, string> = { post: 'Post', comment: 'Comment', user: 'Person' };

/** "1 report", "3 reports". */
export const reportCountText = (count: number) => `${count} ${count === 1 ? 'report' : 'reports'}`;

type DialogKind = 'dismiss' | 'remove' | 'suspend';

export interface ModerationCaseCardProps {
  moderationCase: ModerationCase;
  /** The viewer is a site operator: they may also suspend the author, or lift a suspension. */
  operator: boolean;
  /** After an action succeeded, with the server's message (the queue announces it). */
  onActed: (message: string) => void;
  className?: string;
}

/**
 * One case of a moderation queue: what was reported (a post, a comment, a person), by whom it was
 * written and where, every open report, and what the moderator can do about it. Each action asks
 * first (none can be undone from here); removal and suspension take the reason the author reads.
 * A failure is shown on the card; a success is the queue's to announce (the case leaves it).
 */
export function ModerationCaseCard({ moderationCase: item, operator, onActed, className }: ModerationCaseCardProps) {
  const dismiss = useDismissCase();
  const remove = useRemoveContent();
  const suspend = useSuspendUser();
  const unsuspend = useUnsuspendUser();
  const [dialog, setDialog] = React.useState<DialogKind | null>(null);
  const [reason, setReason] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const reportsId = React.useId();

  const { author, kind } = item;
  const removable = kind === 'post' || kind === 'comment' ? kind : null;
  const busy = dismiss.isPending || remove.isPending || suspend.isPending || unsuspend.isPending;

  const open = (next: DialogKind) => {
    setError(null);
    // A reason typed for one action is not silently reused for another.
    if (next !== dialog) setReason('');
    setDialog(next);
  };

  // Resolves either way, so the dialog closes: a failure is shown on the card, where the case
  // still is (the reason typed is kept for a second try).
  const settle = (call: Promise<{ message: string }>, after?: () => void) =>
    call.then(
      ({ message }) => {
        after?.();
        onActed(message);
      },
      (cause: unknown) => setError(errorMessage(cause, FALLBACK_MESSAGES.moderationActionFailed)),
    );

  const confirm = (): Promise<void> => {
    const trimmed = reason.trim();
    switch (dialog) {
      case 'remove':
        return removable ? settle(remove.mutateAsync({ kind: removable, targetId: item.targetId, reason: trimmed })) : Promise.resolve();
      case 'suspend':
        return settle(suspend.mutateAsync({ userId: author._id, reason: trimmed }), () => setReason(''));
      default:
        return settle(dismiss.mutateAsync({ kind, targetId: item.targetId }));
    }
  };

  const liftSuspension = () => {
    setError(null);
    void settle(unsuspend.mutateAsync({ userId: author._id }));
  };

  const kindLabel = CASE_KIND_LABELS[kind];
  const count = item.reports.length;
  const needsReason = dialog === 'remove' || dialog === 'suspend';

  return (
    <article
      data-slot="moderation-case"
      aria-label={`${kindLabel} by ${author.fullName}`}
      // The queue moves the focus here when the case before it has left the list.
      tabIndex={-1}
      className={cn('flex flex-col gap-4 rounded-lg border bg-surface p-4 outline-none focus-visible:ring-2 focus-visible:ring-ring sm:p-5', className)}
    >
      <div className="flex items-start gap-3">
        <Avatar name={author.fullName} src={author.profilePictureUrl} alt="" />
        <div className="flex min-w-0 flex-1 flex-col">
          <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
            <Link to={paths.profile(author.username)} className="min-w-0 truncate rounded-sm text-sm font-semibold hover:underline">
              {author.fullName} <span className="font-normal text-muted-foreground">@{author.username}</span>
            </Link>
            {item.authorSuspended ? (
              <Badge tone="danger">
                Suspended
              </Badge>
            ) : null}
          </div>
          <p className="text-xs text-muted-foreground">
            <span className="font-medium text-foreground">{kindLabel}</span>
            {item.community ? (
              <>
                {' in '}
                <Link to={paths.community(item.community._id)} className="rounded-sm hover:text-foreground hover:underline">
                  {item.community.name}
                </Link>
              </>
            ) : null}
          </p>
        </div>
      </div>

      <CaseContent item={item} />

      <div className="flex flex-col gap-2 rounded-md bg-surface-sunken p-3">
        <p id={reportsId} className="text-xs font-semibold text-muted-foreground tabular-nums">
          {reportCountText(count)}
        </p>
        <ul aria-labelledby={reportsId} className="flex flex-col gap-2.5">
          {item.reports.map((report) => (
            <ReportRow key={`${report.reporter._id}-${report.createdAt}`} report={report} />
          ))}
        </ul>
      </div>

      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" disabled={busy} onClick={() => open('dismiss')}>
            Dismiss
          </Button>
          {removable ? (
            <Button size="sm" variant="outline-danger" disabled={busy} onClick={() => open('remove')}>
              Remove {removable}
            </Button>
          ) : null}
          {operator && !item.authorSuspended ? (
            <Button size="sm" variant="outline" disabled={busy} onClick={() => open('suspend')} className="min-w-0">
              <span className="truncate">Suspend @{author.username}</span>
            </Button>
          ) : null}
          {operator && item.authorSuspended ? (
            <Button size="sm" variant="outline" disabled={busy && !unsuspend.isPending} busy={unsuspend.isPending} busyLabel="Lifting..." onClick={liftSuspension}>
              Lift suspension
            </Button>
          ) : null}
        </div>
        {error ? (
          <p role="alert" className="flex items-center gap-1.5 text-sm font-medium text-danger">
            <CircleAlert aria-hidden className="size-4 shrink-0" />
            {error}
          </p>
        ) : null}
      </div>

      <ConfirmDialog
        open={dialog !== null}
        onOpenChange={(next) => {
          if (!next) setDialog(null);
        }}
        {...dialogText(dialog ?? 'dismiss', item)}
        onConfirm={confirm}
        confirmDisabled={needsReason && reason.trim() === ''}
      >
        {needsReason ? (
          <Field label={dialog === 'suspend' ? `Reason (@${author.username} will read it)` : 'Reason (the author will read it)'}>
            <Textarea value={reason} onChange={(event) => setReason(event.target.value)} maxLength={MAX_MODERATION_REASON_LENGTH} rows={3} required />
          </Field>
        ) : null}
      </ConfirmDialog>
    </article>
  );
}

/** "its report is closed", "its 3 reports are closed". */
const closedText = (count: number) => (count === 1 ? 'its report is closed' : `its ${count} reports are closed`);

/** The dialog's words for each action on this case. */
function dialogText(dialog: DialogKind, item: ModerationCase) {
  const count = item.reports.length;
  const who = `@${item.author.username}`;
  switch (dialog) {
    case 'remove': {
      const noun = item.kind === 'comment' ? 'comment' : 'post';
      return {
        title: `Remove this ${noun}?`,
        message: `It is taken down for everyone and ${closedText(count)}. ${who} is notified with your reason.`,
        confirmLabel: `Remove ${noun}`,
        busyLabel: 'Removing...',
        tone: 'danger' as const,
      };
    }
    case 'suspend':
      return {
        title: `Suspend ${who}?`,
        message: `${who} can no longer sign in, their sessions end, and what they wrote is hidden from everyone but operators. Open reports on their profile are closed.`,
        confirmLabel: 'Suspend',
        busyLabel: 'Suspending...',
        tone: 'danger' as const,
      };
    case 'dismiss':
      return {
        title: 'Dismiss the reports?',
        message:
          item.kind === 'user'
            ? `Nothing changes for ${who}, and ${count === 1 ? 'the report on them is closed' : `the ${count} reports on them are closed`}. Nobody is notified.`
            : `The ${item.kind} stays as it is and ${closedText(count)}. Nobody is notified.`,
        confirmLabel: 'Dismiss',
        busyLabel: 'Dismissing...',
        tone: 'default' as const,
      };
  }
}

const CASE_IMAGE_SIZES = '96px';

/** What the moderator judges: the post (title, text, first photo), the comment and its post, the person. */
function CaseContent({ item }: { item: ModerationCase }) {
  const srcSet = item.imageUrl ? postImageSrcSet(item.imageUrl) : undefined;
  const postLink = item.postId ? paths.post(item.postId) : null;
  return (
    <div className="flex items-start gap-3">
      <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm break-words">
        {item.kind === 'post' ? (
          <>
            {item.title ? (
              postLink ? (
                <Link to={postLink} className="rounded-sm font-semibold hover:underline">
                  {item.title}
                </Link>
              ) : (
                <p className="font-semibold">{item.title}</p>
              )
            ) : null}
            {item.text ? <p className="line-clamp-4 whitespace-pre-line text-muted-foreground">{item.text}</p> : null}
          </>
        ) : item.kind === 'comment' ? (
          <>
            <blockquote className="line-clamp-4 border-l-2 pl-3 whitespace-pre-line">{item.text}</blockquote>
            {postLink ? (
              <p className="text-xs text-muted-foreground">
                on{' '}
                <Link to={postLink} className="rounded-sm font-medium text-foreground hover:underline">
                  “{item.title}”
                </Link>
              </p>
            ) : null}
          </>
        ) : (
          <p className="text-muted-foreground">
            Their profile is reported.{' '}
            <Link to={paths.profile(item.author.username)} className="rounded-sm font-medium text-foreground underline-offset-4 hover:underline">
              View profile
            </Link>
          </p>
        )}
      </div>
      {item.imageUrl && item.kind !== 'user' ? (
        // The text beside it names the item, so the photo is decorative for a screen reader.
        <img
          src={item.imageUrl}
          srcSet={srcSet}
          sizes={srcSet ? CASE_IMAGE_SIZES : undefined}
          alt=""
          width={96}
          height={96}
          decoding="async"
          className="size-20 shrink-0 rounded-md bg-surface-sunken object-cover sm:size-24"
        />
      ) : null}
    </div>
  );
}

function ReportRow({ report }: { report: CaseReport }) {
  return (
    <li className="flex flex-col gap-0.5 text-sm">
      <p className="flex flex-wrap items-baseline gap-x-1.5">
        {/* The spaces between the parts are for screen readers and copying; the gap lays them out. */}
        <span className="font-semibold">{REPORT_REASON_LABELS[report.reason]}</span>{' '}
        <span className="text-muted-foreground">
          by{' '}
          <Link to={paths.profile(report.reporter.username)} className="rounded-sm text-foreground hover:underline">
            {report.reporter.fullName}
          </Link>
        </span>{' '}
        {/* On a phone the time takes a line of its own rather than wrapping after a lone dot. */}
        <span aria-hidden className="text-muted-foreground max-sm:hidden">
          ·
        </span>{' '}
        <DateTime value={report.createdAt} className="text-xs whitespace-nowrap text-muted-foreground max-sm:basis-full" />
      </p>
      {report.details ? <p className="whitespace-pre-line break-words text-muted-foreground">“{report.details}”</p> : null}
    </li>
  );
}
