import { Link } from 'wouter';
import { FALLBACK_MESSAGES, paths, type Meet, type MeetRsvp } from '@pitlane/api/contract';
import { flattenAttendees, useMeetAttendees } from '@pitlane/api/hooks';
import { Avatar } from '../../primitives/Avatar/Avatar.tsx';
import { Button } from '../../primitives/Button/Button.tsx';
import { Skeleton } from '../../primitives/Skeleton/Skeleton.tsx';
import { ListError } from '../ListNotice/ListNotice.tsx';

const TITLES: Record<MeetRsvp, string> = { going: 'Going', interested: 'Interested' };

/** The people of one answer, first answered first, a page at a time ("Show more"). */
function AttendeeGroup({ meet, rsvp }: { meet: Meet; rsvp: MeetRsvp }) {
  const count = rsvp === 'going' ? meet.goingCount : meet.interestedCount;
  const query = useMeetAttendees(meet._id, rsvp, count > 0);
  const people = flattenAttendees(query.data?.pages);
  const headingId = `meet-${rsvp}-heading`;
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-2">
      <h3 id={headingId} className="text-sm font-semibold">
        {TITLES[rsvp]} <span className="font-normal text-muted-foreground tabular-nums">({count})</span>
      </h3>
      {count === 0 ? (
        <p className="text-sm text-muted-foreground">{rsvp === 'going' ? 'Nobody is going yet.' : 'Nobody is interested yet.'}</p>
      ) : query.isPending ? (
        <div role="status" aria-label={`Loading who is ${rsvp === 'going' ? 'going' : 'interested'}`} className="flex flex-col gap-2">
          <Skeleton className="h-8 w-40" />
          <Skeleton className="h-8 w-32" />
        </div>
      ) : query.isError && people.length === 0 ? (
        <ListError error={query.error} fallback={FALLBACK_MESSAGES.attendeesFailed} onRetry={() => void query.refetch()} spacing="tight" />
      ) : (
        <>
          <ul aria-labelledby={headingId} className="flex flex-col gap-1">
            {people.map((person) => (
              <li key={person._id}>
                <Link to={paths.profile(person.username)} className="flex w-fit min-w-0 items-center gap-2 rounded-md py-1 pr-2 text-sm hover:underline">
                  <Avatar name={person.fullName} src={person.profilePictureUrl} alt="" size="sm" />
                  <span className="min-w-0 truncate font-medium">{person.fullName}</span>
                </Link>
              </li>
            ))}
          </ul>
          {query.hasNextPage ? (
            <Button variant="ghost" size="sm" className="w-fit" busy={query.isFetchingNextPage} busyLabel="Loading..." onClick={() => void query.fetchNextPage()}>
              Show more
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}

/** Who answered a meet: going, then interested. */
export function MeetAttendees({ meet }: { meet: Meet }) {
  return (
    <section aria-labelledby="meet-people-heading" className="flex flex-col gap-4 rounded-lg bg-surface-sunken p-4">
      <h2 id="meet-people-heading" className="text-base font-semibold">
        Who’s coming
      </h2>
      <div className="grid gap-6 sm:grid-cols-2">
        <AttendeeGroup meet={meet} rsvp="going" />
        <AttendeeGroup meet={meet} rsvp="interested" />
      </div>
    </section>
  );
}
