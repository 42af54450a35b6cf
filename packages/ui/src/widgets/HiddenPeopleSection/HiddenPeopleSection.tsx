import * as React from 'react';
import { Link } from 'wouter';
import { FALLBACK_MESSAGES, paths, type HiddenUser } from '@pitlane/api/contract';
import { errorMessage } from '@pitlane/api/client';
import { useBlockedUsers, useMutedUsers, useUnblockUser, useUnmuteUser } from '@pitlane/api/hooks';
import { cn } from '../../lib/cn.ts';
import { Avatar } from '../../primitives/Avatar/Avatar.tsx';
import { Button } from '../../primitives/Button/Button.tsx';
import { Skeleton } from '../../primitives/Skeleton/Skeleton.tsx';
import { DateTime } from '../DateTime/DateTime.tsx';
import { ListError } from '../ListNotice/ListNotice.tsx';
import { HideStatusMessages } from '../ProfileActions/HideStatusMessages.tsx';
import { hideStatusText, type HideStatus } from '../ProfileActions/use-hide-actions.ts';

export type HiddenPeopleKind = 'blocked' | 'muted';

/** Each list's words (issue 18, Edit Profile). */
const TEXT = {
  blocked: { heading: 'Blocked accounts', empty: "You haven't blocked anyone.", since: 'Blocked on', undo: 'Unblock', loading: 'Loading blocked accounts' },
  muted: { heading: 'Muted accounts', empty: "You haven't muted anyone.", since: 'Muted on', undo: 'Unmute', loading: 'Loading muted accounts' },
} as const;

// Both are the same useQuery underneath, so switching `kind` keeps the hooks' order; only the list asked for is fetched.
const LIST_QUERIES = { blocked: useBlockedUsers, muted: useMutedUsers } as const;

export interface HiddenPeopleListProps {
  kind: HiddenPeopleKind;
  className?: string;
}

/**
 * One of Edit Profile's two lists: the people the viewer blocked (or muted), newest first, each
 * linking to their profile, with when, and the button that undoes it and takes them off the list.
 */
export function HiddenPeopleList({ kind, className }: HiddenPeopleListProps) {
  const query = LIST_QUERIES[kind]();
  const text = TEXT[kind];
  const headingId = React.useId();
  const heading = React.useRef<HTMLHeadingElement>(null);
  const list = React.useRef<HTMLUListElement>(null);
  const [status, setStatus] = React.useState<HideStatus>({ text: '', key: 0 });
  // The row just undone: once it has left the list, the focus (lost with its button) moves to
  // the row now in its place, else the one before, else the heading.
  const undone = React.useRef<{ id: string; index: number } | null>(null);
  const [undoCount, setUndoCount] = React.useState(0);

  const people = query.data;
  React.useEffect(() => {
    const row = undone.current;
    if (row === null || people?.some((person) => person._id === row.id)) return;
    undone.current = null;
    // Only when the focus really went with the row, not if the person has moved on meanwhile.
    if (document.activeElement !== null && document.activeElement !== document.body) return;
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>('[data-undo]') ?? [];
    (buttons[Math.min(row.index, buttons.length - 1)] ?? heading.current)?.focus();
  }, [people, undoCount]);

  const onUndone = (person: HiddenUser, index: number) => {
    setStatus((last) => ({ text: hideStatusText(kind === 'blocked' ? 'unblock' : 'unmute', person.username), key: last.key + 1 }));
    undone.current = { id: person._id, index };
    setUndoCount((count) => count + 1);
  };

  return (
    <section aria-labelledby={headingId} aria-busy={query.isPending || undefined} data-slot="hidden-people-list" className={cn('flex flex-col gap-3', className)}>
      <h2 ref={heading} id={headingId} tabIndex={-1} className="text-lg font-semibold outline-none">
        {text.heading}
      </h2>
      {query.isPending ? (
        <HiddenPeopleSkeleton label={text.loading} />
      ) : query.isError ? (
        <ListError error={query.error} fallback={FALLBACK_MESSAGES.hiddenListFailed} onRetry={() => void query.refetch()} boxed spacing="short" />
      ) : people === undefined || people.length === 0 ? (
        <p className="rounded-lg bg-surface-sunken px-4 py-6 text-center text-sm text-muted-foreground">{text.empty}</p>
      ) : (
        <ul ref={list} className="flex flex-col divide-y">
          {people.map((person, index) => (
            <HiddenPersonRow key={person._id} kind={kind} person={person} onUndone={() => onUndone(person, index)} />
          ))}
        </ul>
      )}
      <HideStatusMessages status={status} error={null} />
    </section>
  );
}

function HiddenPersonRow({ kind, person, onUndone }: { kind: HiddenPeopleKind; person: HiddenUser; onUndone: () => void }) {
  // Each row has its own call, so two rows can be undone at once and each shows its own state.
  const unblock = useUnblockUser();
  const unmute = useUnmuteUser();
  const undo = kind === 'blocked' ? unblock : unmute;
  const [error, setError] = React.useState<string | null>(null);
  const text = TEXT[kind];

  const onClick = () => {
    setError(null);
    // The hooks take the person off the cached list at once, so the row goes by itself.
    undo.mutate(
      { userId: person._id },
      {
        onSuccess: onUndone,
        onError: (cause) => setError(errorMessage(cause, kind === 'blocked' ? FALLBACK_MESSAGES.unblockFailed : FALLBACK_MESSAGES.unmuteFailed)),
      },
    );
  };

  return (
    <li data-slot="hidden-person" className="flex items-center gap-3 py-3">
      <Avatar name={person.fullName} src={person.profilePictureUrl} alt="" />
      <div className="flex min-w-0 flex-1 flex-col">
        <Link to={paths.profile(person.username)} className="group flex min-w-0 flex-col rounded-sm">
          <span className="truncate text-sm font-semibold group-hover:underline">{person.fullName}</span>
          <span className="truncate text-sm text-muted-foreground">@{person.username}</span>
        </Link>
        <span className="text-xs text-muted-foreground">
          {/* The date and time never break inside, "9:30 / AM" on a phone. */}
          {text.since} <DateTime value={person.since} className="whitespace-nowrap" />
        </span>
        {error ? (
          <p role="alert" className="mt-1 text-xs font-medium text-danger">
            {error}
          </p>
        ) : null}
      </div>
      <Button
        data-undo=""
        size="sm"
        variant="outline"
        busy={undo.isPending}
        aria-label={`${text.undo} @${person.username}`}
        onClick={onClick}
        // The same width for Unblock and Unmute side by side; on a phone the text gets the room.
        className="sm:min-w-24"
      >
        {text.undo}
      </Button>
    </li>
  );
}

function HiddenPeopleSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col divide-y">
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex items-center gap-3 py-3">
          <Skeleton shape="circle" className="size-10 shrink-0" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-3.5 w-2/5" />
            <Skeleton className="h-3 w-1/4" />
            <Skeleton className="h-3 w-1/3" />
          </div>
          <Skeleton className="h-8 w-20 shrink-0 sm:w-24" />
        </div>
      ))}
    </div>
  );
}

export interface HiddenPeopleSectionProps {
  className?: string;
}

/** Edit Profile's Blocked and Muted lists, one under the other (issue 18). */
export function HiddenPeopleSection({ className }: HiddenPeopleSectionProps) {
  return (
    <div data-slot="hidden-people-section" className={cn('flex flex-col gap-8', className)}>
      <HiddenPeopleList kind="blocked" />
      <HiddenPeopleList kind="muted" />
    </div>
  );
}
