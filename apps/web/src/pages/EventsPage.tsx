import { Link } from 'wouter';
import { FALLBACK_MESSAGES, paths } from '@pitlane/api/contract';
import { useUpcomingMeets } from '@pitlane/api/hooks';
import { MeetList } from '@pitlane/ui';

/**
 * Events (`/events`, issue 21.4): the upcoming meets of the person's communities, of the people
 * they follow, their own and those they answered, soonest first, cancelled ones with their badge,
 * page after page. Meets are created from a community's page,
 * where the members are: "No upcoming events." until there is one.
 */
export default function EventsPage() {
  const meets = useUpcomingMeets();
  return (
    <section aria-labelledby="events-heading" className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-6 md:py-8">
      <div className="flex flex-col gap-1">
        <h1 id="events-heading" className="text-2xl font-bold tracking-tight">
          Events
        </h1>
        <p className="text-sm text-muted-foreground">
          Meets in your communities and by people you follow. To plan one, open{' '}
          <Link to={paths.communities} className="font-medium text-foreground underline underline-offset-2 hover:decoration-2">
            a community
          </Link>{' '}
          you are in.
        </p>
      </div>
      <MeetList query={meets} label="Upcoming meets" emptyText="No upcoming events." errorText={FALLBACK_MESSAGES.meetsFailed} />
    </section>
  );
}
