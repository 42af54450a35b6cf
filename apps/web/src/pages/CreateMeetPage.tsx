import { useLocation, useParams } from 'wouter';
import { paths } from '@pitlane/api/contract';
import { MeetForm } from '@pitlane/ui';
import { useGoBack } from '../app/go-back.ts';

/**
 * Create a meet (`/community/{id}/meets/new`, issue 21.4), opened from the community page's
 * "Meets": saved, the meet's page; cancelled, back to the community.
 */
export default function CreateMeetPage() {
  const { id = '' } = useParams();
  const [, navigate] = useLocation();
  const goBack = useGoBack(paths.community(id));
  return (
    <div className="mx-auto flex w-full max-w-[640px] flex-col gap-4 px-3 py-4 md:px-6 md:py-6">
      <h1 className="text-2xl font-bold tracking-tight">Create a meet</h1>
      <div className="rounded-lg bg-surface p-4 shadow-card md:p-6">
        <MeetForm key={id} communityId={id} onSaved={(meet) => navigate(paths.meet(meet._id), { replace: true })} onCancel={goBack} />
      </div>
    </div>
  );
}
