import { useNavigate } from 'react-router-dom';
import { CommunityDirectory, communityPath } from '@pitlane/ui';

/** Spec §2 Communities (`/community`): search, the two sections and "Create Community". */
export default function CommunitiesPage() {
  const navigate = useNavigate();
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 md:py-8">
      {/* A new community opens at once: its creator usually wants to set the cover next. */}
      <CommunityDirectory onCreated={(community) => navigate(communityPath(community._id))} />
    </div>
  );
}
