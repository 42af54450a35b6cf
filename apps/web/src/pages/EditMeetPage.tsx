import { useLocation, useParams } from 'wouter';
import { FALLBACK_MESSAGES, paths, REFUSAL_MESSAGES } from '@pitlane/api/contract';
import { errorMessage } from '@pitlane/api/client';
import { useMeet } from '@pitlane/api/hooks';
import { MeetForm, Skeleton } from '@pitlane/ui';
import { useGoBack } from '../app/go-back.ts';

/** Edit a meet (`/meet/{id}/edit`, issue 21.4): its creator only; saved, the meet's page; cancelled, back. */
export default function EditMeetPage() {
  const { id = '' } = useParams();
  const [, navigate] = useLocation();
  const goBack = useGoBack(paths.meet(id));
  const meet = useMeet(id);
  return (
    <div className="mx-auto flex w-full max-w-[640px] flex-col gap-4 px-3 py-4 md:px-6 md:py-6">
      <h1 className="text-2xl font-bold tracking-tight">Edit meet</h1>
      <div className="rounded-lg bg-surface p-4 shadow-card md:p-6">
        {meet.isPending ? (
          <div role="status" aria-label="Loading meet" className="flex flex-col gap-4">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : meet.isError ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {errorMessage(meet.error, FALLBACK_MESSAGES.meetFailed)}
          </p>
        ) : !meet.data.canEdit ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {REFUSAL_MESSAGES.editOwnMeetOnly}
          </p>
        ) : (
          <MeetForm key={id} meet={meet.data} onSaved={(saved) => navigate(paths.meet(saved._id), { replace: true })} onCancel={goBack} />
        )}
      </div>
    </div>
  );
}
