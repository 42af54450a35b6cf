import { useLocation } from 'wouter';
import { paths } from '@pitlane/api/contract';
import { CommunityDirectory } from '@pitlane/ui';

/** Spec §2 Communities (`/community`): search, the two sections and "Create Community". */
export default function CommunitiesPage() {
  const [, navigate] = useLocation();
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 md:py-8">
      {/* A new community opens at once: its creator usually wants to set the cover next. */}
      <CommunityDirectory onCreated={(community) => navigate(paths.community(community._id))} />
    </div>
  );
}
