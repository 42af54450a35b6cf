import * as React from 'react';
import { Link } from 'wouter';
import { ScrollText } from 'lucide-react';
import { FALLBACK_MESSAGES, paths, type ModerationAction } from '@pitlane/api/contract';
import { flattenActions, useModerationLog } from '@pitlane/api/hooks';
import { cn } from '../../lib/cn.ts';
import { usePagesScroll } from '../../lib/pages-source.ts';
import { Avatar } from '../../primitives/Avatar/Avatar.tsx';
import { Skeleton } from '../../primitives/Skeleton/Skeleton.tsx';
import { DateTime } from '../DateTime/DateTime.tsx';
import { ListError, ListNotice } from '../ListNotice/ListNotice.tsx';

const KIND_NOUNS = { post: 'a post', comment: 'a comment' } as const;

/** "2 reports on", "1 report on", or "the reports on" when none was open any more. */
const reportsOn = (count: number) => (count === 0 ? 'the reports on' : `${count} ${count === 1 ? 'report' : 'reports'} on`);

/**
 * What was done, after the moderator's name: "removed a post by @x in Air-Cooled Society",
 * "dismissed 2 reports on a comment by @x", "suspended @x", "lifted the suspension of @x".
 * The people and the community link to their pages.
 */
export function ModerationActionText({ action }: { action: ModerationAction }) {
  const subject = (
    <Link to={paths.profile(action.subject.username)} className="rounded-sm font-medium hover:underline">
      @{action.subject.username}
    </Link>
  );
  const where = action.community ? (
    <>
      {' in '}
      <Link to={paths.community(action.community._id)} className="rounded-sm font-medium hover:underline">
        {action.community.name}
      </Link>
    </>
  ) : null;
  switch (action.action) {
    case 'suspended':
      return <>suspended {subject}</>;
    case 'unsuspended':
      return <>lifted the suspension of {subject}</>;
    case 'removed':
      return (
        <>
          removed {action.kind === 'comment' ? KIND_NOUNS.comment : KIND_NOUNS.post} by {subject}
          {where}
        </>
      );
    case 'dismissed':
      return action.kind === 'user' ? (
        <>
          dismissed {reportsOn(action.reportCount)} {subject}
        </>
      ) : (
        <>
          dismissed {reportsOn(action.reportCount)} {KIND_NOUNS[action.kind]} by {subject}
          {where}
        </>
      );
  }
}

function ModerationLogLine({ action }: { action: ModerationAction }) {
  return (
    <li data-slot="moderation-log-line" className="flex gap-3 py-4">
      <Avatar name={action.actor.fullName} src={action.actor.profilePictureUrl} alt="" size="sm" />
      <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm break-words">
        <p>
          <Link to={paths.profile(action.actor.username)} className="rounded-sm font-semibold hover:underline">
            {action.actor.fullName}
          </Link>{' '}
          <ModerationActionText action={action} />
        </p>
        {action.excerpt ? (
          <blockquote className="line-clamp-3 border-l-2 pl-3 whitespace-pre-line text-muted-foreground">“{action.excerpt}”</blockquote>
        ) : null}
        {action.reason ? (
          <p className="whitespace-pre-line">
            <span className="font-medium text-muted-foreground">Reason: </span>
            {action.reason}
          </p>
        ) : null}
        <DateTime value={action.createdAt} className="text-xs text-muted-foreground" />
      </div>
    </li>
  );
}

export interface ModerationLogProps {
  className?: string;
}

/**
 * The moderation log (issue 18, operators): every action, newest first, one line each: who did
 * what to whose content and where, the content as it was, the reason given and when. Read-only.
 * The next page loads as the end comes near; loading, error and empty states included.
 */
export function ModerationLog({ className }: ModerationLogProps) {
  const query = useModerationLog();
  const actions = React.useMemo(() => flattenActions(query.data?.pages), [query.data]);
  const sentinelRef = usePagesScroll(query);

  if (query.isPending) return <ModerationLogSkeleton className={className} />;

  if (query.isError && actions.length === 0) {
    return <ListError className={className} error={query.error} fallback={FALLBACK_MESSAGES.moderationLogFailed} onRetry={() => void query.refetch()} />;
  }

  if (actions.length === 0) {
    return (
      <ListNotice boxed spacing="tall" className={className}>
        <ScrollText aria-hidden className="size-8 text-muted-foreground" />
        <p className="font-medium text-foreground">Nothing has been moderated yet.</p>
        <p>Every dismissal, removal and suspension is written here.</p>
      </ListNotice>
    );
  }

  return (
    <div data-slot="moderation-log" className={cn('flex flex-col', className)}>
      <ul aria-label="Moderation log" aria-busy={query.isFetchingNextPage || undefined} className="flex flex-col divide-y">
        {actions.map((action) => (
          <ModerationLogLine key={action._id} action={action} />
        ))}
      </ul>
      {query.isFetchingNextPage ? <ModerationLogSkeleton rows={1} label="Loading more of the log" /> : null}
      <div ref={sentinelRef} data-slot="moderation-log-sentinel" aria-hidden className="h-px" />
      {query.isFetchNextPageError ? (
        <ListError error={query.error} fallback={FALLBACK_MESSAGES.moderationLogFailed} onRetry={() => void query.fetchNextPage()} />
      ) : null}
    </div>
  );
}

function ModerationLogSkeleton({ rows = 4, label = 'Loading the moderation log', className }: { rows?: number; label?: string; className?: string }) {
  return (
    <div role="status" aria-label={label} className={cn('flex flex-col divide-y', className)}>
      {Array.from({ length: rows }, (_, row) => (
        <div key={row} className="flex gap-3 py-4">
          <Skeleton shape="circle" className="size-8 shrink-0" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-3.5 w-3/5" />
            <Skeleton className="h-3.5 w-4/5" />
            <Skeleton className="h-3 w-1/4" />
          </div>
        </div>
      ))}
    </div>
  );
}
