import * as React from 'react';
import { Link } from 'wouter';
import { CalendarPlus, Clock, ExternalLink, MapPin, Pencil, Star, Check, XCircle } from 'lucide-react';
import { FALLBACK_MESSAGES, paths, REFUSAL_MESSAGES, type Meet, type MeetRsvp } from '@pitlane/api/contract';
import { errorMessage } from '@pitlane/api/client';
import { useCancelMeet, useMeet, useMeetCalendarUrl, useMeetRsvp } from '@pitlane/api/hooks';
import { cn } from '../../lib/cn.ts';
import { Avatar } from '../../primitives/Avatar/Avatar.tsx';
import { Button } from '../../primitives/Button/Button.tsx';
import { ConfirmDialog } from '../../primitives/ConfirmDialog/ConfirmDialog.tsx';
import { Skeleton } from '../../primitives/Skeleton/Skeleton.tsx';
import { useDateTimeFormat } from '../DateTime/DateTime.tsx';
import { AltBadge } from '../ImageSlider/AltBadge.tsx';
import { CancelledBadge, MeetCover } from '../MeetCard/MeetCard.tsx';
import { meetWhen, openStreetMapUrl } from '../MeetCard/meet-format.ts';
import { PageError } from '../PageError/PageError.tsx';
import { RichText } from '../RichText/RichText.tsx';
import { MeetAttendees } from './MeetAttendees.tsx';

export interface MeetDetailsProps {
  meetId: string;
  className?: string;
}

function MeetDetailsSkeleton() {
  return (
    <div role="status" aria-label="Loading meet" className="flex flex-col gap-4">
      <Skeleton shape="card" className="aspect-[16/7] w-full" />
      <Skeleton className="h-7 w-2/3" />
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="h-20 w-full" />
    </div>
  );
}

/** Going and Interested: pressing one's own answer again takes it back. The counts come from the server. */
function RsvpButtons({ meet }: { meet: Meet }) {
  const rsvp = useMeetRsvp(meet._id);
  const [error, setError] = React.useState<string | null>(null);
  const answer = (choice: MeetRsvp) => {
    setError(null);
    rsvp.mutate(meet.myRsvp === choice ? null : choice, { onError: (failure) => setError(errorMessage(failure, FALLBACK_MESSAGES.rsvpFailed)) });
  };
  const options = [
    { choice: 'going' as const, label: 'Going', count: meet.goingCount, icon: Check },
    { choice: 'interested' as const, label: 'Interested', count: meet.interestedCount, icon: Star },
  ];
  return (
    <div className="flex flex-col gap-2">
      <div role="group" aria-label="Your answer" className="flex flex-wrap gap-2">
        {options.map(({ choice, label, count, icon: Icon }) => {
          const chosen = meet.myRsvp === choice;
          return (
            <Button
              key={choice}
              variant={chosen ? 'secondary' : 'outline'}
              aria-pressed={chosen}
              disabled={rsvp.isPending}
              onClick={() => answer(choice)}
            >
              <Icon aria-hidden />
              {label}
              <span className="tabular-nums opacity-80">{count}</span>
            </Button>
          );
        })}
      </div>
      {error ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** One line of the facts: its term (with an icon) and the value. */
function Fact({ term, icon: Icon, children }: { term: string; icon: typeof Clock; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <Icon aria-hidden className="size-4 shrink-0" />
        {term}
      </dt>
      <dd className="pl-5.5 text-sm font-medium break-words">{children}</dd>
    </div>
  );
}

/**
 * A meet's page (issue 21.4): the cover, the title (with "Cancelled" when it is), its community
 * and organiser, when (in the meet's own zone, named) and where (with an OpenStreetMap link),
 * Going and Interested with their counts, "Add to calendar" (the .ics file), the description and
 * who is coming. The creator gets Edit; the creator and the community's creator get "Cancel meet",
 * behind the app's confirmation. A cancelled or ended meet (`ended` is the server's word, never the
 * device's clock) takes no answers or changes: a short note instead. "Meet not found." when it does
 * not exist or is not theirs to see (a block pair, a suspended organiser).
 */
export function MeetDetails({ meetId, className }: MeetDetailsProps) {
  const query = useMeet(meetId);
  const { locale } = useDateTimeFormat();
  const calendarUrl = useMeetCalendarUrl(meetId);
  const cancel = useCancelMeet();
  const [cancelling, setCancelling] = React.useState(false);
  const [cancelError, setCancelError] = React.useState<string | null>(null);

  if (query.isPending) return <MeetDetailsSkeleton />;
  if (query.isError) {
    return <PageError error={query.error} fallback={FALLBACK_MESSAGES.meetFailed} />;
  }

  const meet = query.data;
  const scheduled = meet.status === 'scheduled';
  // Answers, edits and cancelling are for a meet still to come (or under way).
  const open = scheduled && !meet.ended;
  return (
    <article data-slot="meet-details" aria-labelledby="meet-title" className={cn('flex flex-col gap-5', className)}>
      {/* No placeholder without a cover: the title leads. */}
      {meet.coverImageUrl ? (
        <div className="relative">
          <MeetCover meet={meet} priority className={cn('aspect-[16/7] w-full rounded-lg', !scheduled && 'opacity-60')} />
          {meet.coverImageAlt ? <AltBadge description={meet.coverImageAlt} /> : null}
        </div>
      ) : null}

      <header className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <Link to={paths.community(meet.community._id)} className="w-fit text-sm font-semibold text-muted-foreground hover:text-foreground hover:underline">
            {meet.community.name}
          </Link>
          <div className="flex flex-wrap items-center gap-2">
            <h1 id="meet-title" className="text-2xl leading-tight font-bold break-words">
              {meet.title}
            </h1>
            {scheduled ? null : <CancelledBadge />}
          </div>
          <Link to={paths.profile(meet.creator.username)} className="group flex w-fit min-w-0 items-center gap-2 text-sm">
            <Avatar name={meet.creator.fullName} src={meet.creator.profilePictureUrl} alt="" size="sm" />
            <span className="min-w-0 truncate">
              <span className="text-muted-foreground">Organised by</span> <span className="font-semibold group-hover:underline">{meet.creator.fullName}</span>
            </span>
          </Link>
        </div>
        {open && (meet.canEdit || meet.canCancel) ? (
          <div className="flex shrink-0 flex-wrap gap-2">
            {meet.canEdit ? (
              <Button asChild variant="outline" size="sm">
                <Link to={paths.editMeet(meet._id)}>
                  <Pencil aria-hidden />
                  Edit
                </Link>
              </Button>
            ) : null}
            {meet.canCancel ? (
              <Button
                variant="danger"
                size="sm"
                onClick={() => {
                  setCancelError(null);
                  setCancelling(true);
                }}
              >
                <XCircle aria-hidden />
                Cancel meet
              </Button>
            ) : null}
          </div>
        ) : null}
      </header>

      {cancelError ? (
        <p role="alert" className="rounded-md bg-danger/10 px-3 py-2 text-sm font-medium text-danger">
          {cancelError}
        </p>
      ) : null}

      <dl className="flex flex-col gap-4 rounded-lg bg-surface-sunken p-4">
        <Fact term="When" icon={Clock}>
          <time dateTime={meet.startsAt} className="tabular-nums">
            {meetWhen(meet, locale)}
          </time>
        </Fact>
        <Fact term="Where" icon={MapPin}>
          <span className="block">{meet.place.address}</span>
          <a href={openStreetMapUrl(meet.place)} target="_blank" rel="noreferrer" className="mt-1 inline-flex items-center gap-1 font-normal underline underline-offset-2 hover:decoration-2">
            Open in OpenStreetMap
            <ExternalLink aria-hidden className="size-3.5" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </Fact>
      </dl>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        {open ? (
          <RsvpButtons meet={meet} />
        ) : (
          <p className="text-sm text-muted-foreground">{scheduled ? REFUSAL_MESSAGES.meetEnded : REFUSAL_MESSAGES.meetCancelled}</p>
        )}
        <Button asChild variant="ghost" className="w-fit">
          <a href={calendarUrl} download>
            <CalendarPlus aria-hidden />
            Add to calendar
          </a>
        </Button>
      </div>

      {meet.description ? <RichText text={meet.description} className="text-sm" /> : null}

      <MeetAttendees meet={meet} />

      {open && meet.canCancel ? (
        <ConfirmDialog
          open={cancelling}
          onOpenChange={setCancelling}
          title="Cancel this meet?"
          message="Everyone who answered is told. The meet stays listed, marked cancelled, until it ends."
          confirmLabel="Cancel meet"
          cancelLabel="Keep it"
          busyLabel="Cancelling..."
          tone="danger"
          onConfirm={() =>
            cancel.mutateAsync(meet._id).catch((failure: unknown) => {
              setCancelError(errorMessage(failure, FALLBACK_MESSAGES.cancelMeetFailed));
              setCancelling(false);
            })
          }
        />
      ) : null}
    </article>
  );
}
