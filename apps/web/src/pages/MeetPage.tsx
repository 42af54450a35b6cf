import { useParams } from 'wouter';
import { MeetDetails } from '@pitlane/ui';

/** A meet's page (`/meet/{id}`, issue 21.4): when and where, RSVPs, who is coming, the calendar file. */
export default function MeetPage() {
  const { id = '' } = useParams();
  return (
    <div className="mx-auto flex w-full max-w-[640px] flex-col gap-8 px-3 py-4 md:px-6 md:py-6">
      <MeetDetails key={id} meetId={id} />
    </div>
  );
}
