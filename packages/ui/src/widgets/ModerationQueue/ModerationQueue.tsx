import * as React from 'react';
import { ShieldCheck } from 'lucide-react';
import { FALLBACK_MESSAGES } from '@pitlane/api/contract';
import { flattenCases, useCommunityReports, useSession, useSiteReports } from '@pitlane/api/hooks';
import { cn } from '../../lib/cn.ts';
import { usePagesScroll } from '../../lib/pages-source.ts';
import { Skeleton } from '../../primitives/Skeleton/Skeleton.tsx';
import { ListError, ListNotice } from '../ListNotice/ListNotice.tsx';
import { ModerationCaseCard } from './ModerationCaseCard.tsx';

export type ModerationScope = { communityId: string } | 'site';

export interface ModerationQueueProps {
  /** A community's queue (its creator and operators), or the site's (operators). */
  scope: ModerationScope;
  className?: string;
}

/** One hook per scope, both always called (the rules of hooks); only the one asked for reads. */
function useQueue(scope: ModerationScope) {
  const communityId = scope === 'site' ? '' : scope.communityId;
  const community = useCommunityReports(communityId, { enabled: scope !== 'site' });
  const site = useSiteReports({ enabled: scope === 'site' });
  return scope === 'site' ? site : community;
}

/**
 * A moderation queue (issue 18): the open cases, the longest waiting first, each with its reports
 * and its actions, loading the next page as the end comes near. An action's result is announced
 * politely; the case then leaves the list (the hooks read the queue again) and the focus moves to
 * the case that took its place. Loading, error, empty and next-page states included.
 */
export function ModerationQueue({ scope, className }: ModerationQueueProps) {
  const query = useQueue(scope);
  const { user } = useSession();
  const operator = user?.operator === true;
  const cases = React.useMemo(() => flattenCases(query.data?.pages), [query.data]);
  const sentinelRef = usePagesScroll(query);

  const [status, setStatus] = React.useState({ text: '', key: 0 });
  const container = React.useRef<HTMLDivElement>(null);
  // The case just acted on: once it has left the list, the focus (lost with its buttons) goes to
  // the case now in its place, else the one before, else the queue itself.
  const acted = React.useRef<{ key: string; index: number } | null>(null);
  React.useEffect(() => {
    const last = acted.current;
    if (last === null || cases.some((item) => caseKey(item) === last.key)) return;
    acted.current = null;
    if (document.activeElement !== null && document.activeElement !== document.body) return;
    const cards = container.current?.querySelectorAll<HTMLElement>('[data-slot="moderation-case"]') ?? [];
    (cards[Math.min(last.index, cards.length - 1)] ?? container.current)?.focus();
  }, [cases]);

  const announce = (text: string) => setStatus((previous) => ({ text, key: previous.key + 1 }));

  let body: React.ReactNode;
  if (query.isPending) {
    body = <ModerationQueueSkeleton />;
  } else if (query.isError && cases.length === 0) {
    body = <ListError error={query.error} fallback={FALLBACK_MESSAGES.moderationQueueFailed} onRetry={() => void query.refetch()} />;
  } else if (cases.length === 0) {
    body = (
      <ListNotice boxed spacing="tall">
        <ShieldCheck aria-hidden className="size-8 text-muted-foreground" />
        <p className="font-medium text-foreground">No open reports.</p>
        <p>Anything people report shows up here.</p>
      </ListNotice>
    );
  } else {
    body = (
      <>
        <ul aria-label="Open reports" aria-busy={query.isFetchingNextPage || undefined} className="flex flex-col gap-4">
          {cases.map((item, index) => (
            <li key={caseKey(item)}>
              <ModerationCaseCard
                moderationCase={item}
                operator={operator}
                onActed={(message) => {
                  acted.current = { key: caseKey(item), index };
                  announce(message);
                }}
              />
            </li>
          ))}
        </ul>
        {query.isFetchingNextPage ? <ModerationCaseSkeleton label="Loading more reports" className="mt-4" /> : null}
        <div ref={sentinelRef} data-slot="moderation-queue-sentinel" aria-hidden className="h-px" />
        {query.isFetchNextPageError ? (
          <ListError error={query.error} fallback={FALLBACK_MESSAGES.moderationQueueFailed} onRetry={() => void query.fetchNextPage()} />
        ) : null}
      </>
    );
  }

  return (
    <div ref={container} tabIndex={-1} data-slot="moderation-queue" className={cn('flex flex-col outline-none', className)}>
      {body}
      {/* Always in the DOM, even empty: a live region only announces changes it was there for. */}
      <p role="status" className="sr-only">
        <span key={status.key}>{status.text}</span>
      </p>
    </div>
  );
}

const caseKey = (item: { kind: string; targetId: string }) => `${item.kind}:${item.targetId}`;

/** Two cards in the shape of a case while the queue loads. */
export function ModerationQueueSkeleton({ className }: { className?: string }) {
  return (
    <div role="status" aria-label="Loading reports" className={cn('flex flex-col gap-4', className)}>
      <ModerationCaseSkeleton />
      <ModerationCaseSkeleton />
    </div>
  );
}

function ModerationCaseSkeleton({ label, className }: { label?: string; className?: string }) {
  return (
    <div
      role={label ? 'status' : undefined}
      aria-label={label}
      className={cn('flex flex-col gap-4 rounded-lg border p-4 sm:p-5', className)}
    >
      <div className="flex items-center gap-3">
        <Skeleton shape="circle" className="size-10 shrink-0" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-3.5 w-2/5" />
          <Skeleton className="h-3 w-1/4" />
        </div>
      </div>
      <div className="flex gap-3">
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-4 w-3/5" />
          <Skeleton className="h-3.5 w-full" />
          <Skeleton className="h-3.5 w-4/5" />
        </div>
        <Skeleton className="size-20 shrink-0 sm:size-24" />
      </div>
      <Skeleton className="h-16 w-full" />
      <div className="flex gap-2">
        <Skeleton className="h-8 w-20" />
        <Skeleton className="h-8 w-28" />
      </div>
    </div>
  );
}
