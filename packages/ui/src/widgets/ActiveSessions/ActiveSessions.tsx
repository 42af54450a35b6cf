import * as React from 'react';
import { Monitor, Smartphone } from 'lucide-react';
import { FALLBACK_MESSAGES, type ActiveSession } from '@pitlane/api/contract';
import { errorMessage } from '@pitlane/api/client';
import { useActiveSessions, useEndOtherSessions, useEndSession } from '@pitlane/api/hooks';
import { cn } from '../../lib/cn.ts';
import { Badge } from '../../primitives/Badge/Badge.tsx';
import { Button } from '../../primitives/Button/Button.tsx';
import { ConfirmDialog } from '../../primitives/ConfirmDialog/ConfirmDialog.tsx';
import { FormMessages } from '../../primitives/FormMessages/FormMessages.tsx';
import { Skeleton } from '../../primitives/Skeleton/Skeleton.tsx';
import { DateTime } from '../DateTime/DateTime.tsx';
import { ListError } from '../ListNotice/ListNotice.tsx';

/** The section's words (issue 19, Edit Profile). */
const TEXT = {
  heading: 'Sessions',
  intro: 'The browsers and devices signed in to your account.',
  loading: 'Loading sessions',
  unknownDevice: 'Unknown device',
  thisDevice: 'This device',
  activeNow: 'Active now',
  lastActive: 'Last active',
  signedIn: 'Signed in',
  onlySession: 'This is your only session.',
  logOut: 'Log out',
  logOutOthers: 'Log out everywhere else',
  confirmTitle: 'Log out everywhere else?',
  confirmMessage: 'Every other browser and device signed in to your account will be signed out. This one stays signed in.',
  busy: 'Logging out...',
} as const;

const deviceName = (session: ActiveSession) => session.device ?? TEXT.unknownDevice;
/** A phone's systems get a phone; everything else (and an unknown device) a screen. */
const isPhone = (session: ActiveSession) => /\b(iOS|Android)\b/.test(session.device ?? '');

export interface ActiveSessionsProps {
  className?: string;
}

/**
 * Edit Profile's list of the person's sessions (issue 19): this device first, then the others by
 * last use, each with when it signed in; "Log out" ends one other session, "Log out everywhere
 * else" (after asking) ends them all.
 */
export function ActiveSessions({ className }: ActiveSessionsProps) {
  const query = useActiveSessions();
  const endOthers = useEndOtherSessions();
  const headingId = React.useId();
  const heading = React.useRef<HTMLHeadingElement>(null);
  const list = React.useRef<HTMLUListElement>(null);
  const [asking, setAsking] = React.useState(false);
  const [status, setStatus] = React.useState<string | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  // The row just ended: once it has left the list, the focus (lost with its button) moves to the
  // row now in its place, else the one before, else the heading.
  const ended = React.useRef<{ id: string; index: number } | null>(null);
  const [endCount, setEndCount] = React.useState(0);

  const sessions = query.data;
  const others = sessions?.filter((session) => !session.current) ?? [];
  React.useEffect(() => {
    const row = ended.current;
    if (row === null || sessions?.some((session) => session.id === row.id)) return;
    ended.current = null;
    if (document.activeElement !== null && document.activeElement !== document.body) return;
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>('[data-end-session]') ?? [];
    (buttons[Math.min(row.index, buttons.length - 1)] ?? heading.current)?.focus();
  }, [sessions, endCount]);

  const onEnded = (session: ActiveSession, index: number, message: string) => {
    setError(null);
    setStatus(message);
    ended.current = { id: session.id, index };
    setEndCount((count) => count + 1);
  };

  // Resolves either way, so the dialog closes; the outcome shows under the list.
  const logOutOthers = () =>
    endOthers.mutateAsync().then(
      (reply) => {
        setError(null);
        setStatus(reply.message);
      },
      (cause: unknown) => {
        setStatus(null);
        setError(errorMessage(cause, FALLBACK_MESSAGES.endOtherSessionsFailed));
      },
    );

  return (
    <section aria-labelledby={headingId} aria-busy={query.isPending || undefined} data-slot="active-sessions" className={cn('flex flex-col gap-3', className)}>
      <div className="flex flex-col gap-1">
        <h2 ref={heading} id={headingId} tabIndex={-1} className="text-lg font-semibold outline-none">
          {TEXT.heading}
        </h2>
        <p className="text-sm text-muted-foreground">{TEXT.intro}</p>
      </div>
      {query.isPending ? (
        <ActiveSessionsSkeleton />
      ) : query.isError ? (
        <ListError error={query.error} fallback={FALLBACK_MESSAGES.sessionsFailed} onRetry={() => void query.refetch()} boxed spacing="short" />
      ) : (
        <>
          <ul ref={list} className="flex flex-col divide-y">
            {sessions?.map((session) => (
              <SessionRow key={session.id} session={session} onEnded={(message) => onEnded(session, others.indexOf(session), message)} />
            ))}
          </ul>
          {others.length === 0 ? (
            <p className="rounded-lg bg-surface-sunken px-4 py-4 text-center text-sm text-muted-foreground">{TEXT.onlySession}</p>
          ) : (
            <div>
              <Button variant="outline" onClick={() => setAsking(true)} busy={endOthers.isPending}>
                {TEXT.logOutOthers}
              </Button>
            </div>
          )}
        </>
      )}
      <FormMessages error={error} success={status} emphasis />
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={TEXT.confirmTitle}
        message={TEXT.confirmMessage}
        confirmLabel={TEXT.logOutOthers}
        busyLabel={TEXT.busy}
        tone="danger"
        onConfirm={logOutOthers}
        fallbackFocus={() => heading.current}
      />
    </section>
  );
}

function SessionRow({ session, onEnded }: { session: ActiveSession; onEnded: (message: string) => void }) {
  // Each row has its own call, so two rows can be ended at once and each shows its own state.
  const end = useEndSession();
  const [error, setError] = React.useState<string | null>(null);
  const name = deviceName(session);
  const detailsId = React.useId();
  const Icon = isPhone(session) ? Smartphone : Monitor;

  const onClick = () => {
    setError(null);
    // The hook takes the session off the cached list at once, so the row goes by itself.
    end.mutate(
      { id: session.id },
      {
        onSuccess: (reply) => onEnded(reply.message),
        onError: (cause) => setError(errorMessage(cause, FALLBACK_MESSAGES.endSessionFailed)),
      },
    );
  };

  return (
    <li data-slot="active-session" data-current={session.current || undefined} className="flex items-center gap-3 py-3">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-surface-sunken text-muted-foreground">
        <Icon aria-hidden className="size-5" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          <span className="truncate text-sm font-semibold">{name}</span>
          {session.current ? <Badge tone="neutral">{TEXT.thisDevice}</Badge> : null}
        </span>
        <span id={detailsId} className="flex flex-col text-xs text-muted-foreground sm:flex-row sm:gap-x-3">
          {/* The date and time never break inside, "9:30 / AM" on a phone. */}
          <span>{session.current ? TEXT.activeNow : <>{TEXT.lastActive} <DateTime value={session.lastActiveAt} className="whitespace-nowrap" /></>}</span>
          <span>
            {TEXT.signedIn} <DateTime value={session.createdAt} className="whitespace-nowrap" />
          </span>
        </span>
        {error ? (
          <p role="alert" className="mt-1 text-xs font-medium text-danger">
            {error}
          </p>
        ) : null}
      </div>
      {session.current ? null : (
        <Button data-end-session="" size="sm" variant="outline" busy={end.isPending} aria-label={`${TEXT.logOut} ${name}`} aria-describedby={detailsId} onClick={onClick}>
          {TEXT.logOut}
        </Button>
      )}
    </li>
  );
}

function ActiveSessionsSkeleton() {
  return (
    <div role="status" aria-label={TEXT.loading} className="flex flex-col divide-y">
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex items-center gap-3 py-3">
          <Skeleton shape="circle" className="size-10 shrink-0" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-3.5 w-2/5" />
            <Skeleton className="h-3 w-3/5" />
          </div>
          <Skeleton className="h-8 w-20 shrink-0" />
        </div>
      ))}
    </div>
  );
}
