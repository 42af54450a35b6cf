import { Link, useParams } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import { useCommunity } from '@pitlane/api/hooks';
import { paths } from '@pitlane/api/contract';
import { ModerationQueue } from '@pitlane/ui';

/**
 * A community's moderation queue (issue 18, `/community/{id}/reports`): the open reports on its
 * posts and their comments, for its creator and the site's operators. Anyone else reads the
 * server's refusal where the queue would be.
 */
export default function CommunityReportsPage() {
  const { id = '' } = useParams();
  const community = useCommunity(id);
  const name = community.data?.pages[0]?.community.name;
  return (
    <section aria-labelledby="reports-heading" className="mx-auto w-full max-w-[720px] px-3 py-4 md:px-6 md:py-6">
      <Link to={paths.community(id)} className="mb-3 inline-flex items-center gap-1.5 px-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft aria-hidden className="size-4" />
        {name ?? 'Community'}
      </Link>
      <h1 id="reports-heading" className="mb-4 px-1 text-2xl font-bold tracking-tight">
        Reports
      </h1>
      <ModerationQueue scope={{ communityId: id }} />
    </section>
  );
}
