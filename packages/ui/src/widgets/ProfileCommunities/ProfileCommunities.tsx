import * as React from 'react';
import { useProfile, useSession } from '@pitlane/api/hooks';
import { cn } from '../../lib/cn.ts';
import { Skeleton } from '../../primitives/Skeleton/Skeleton.tsx';
import { CommunityCard } from '../CommunityCard/CommunityCard.tsx';

export interface ProfileCommunitiesProps {
  /** The profile's username: the section reads the same profile query as the header. */
  username: string;
  className?: string;
}

/**
 * Spec §2 profile communities section: "Your Communities" on one's own profile, otherwise
 * "Communities"; cards with name and "[n] members". Nothing shows when the user is in no
 * community (the spec has no empty text for it) or when the profile failed (the header says why).
 */
export function ProfileCommunities({ username, className }: ProfileCommunitiesProps) {
  const { user: me } = useSession();
  const profile = useProfile(username);
  const headingId = React.useId();

  if (profile.isPending) {
    return (
      <div role="status" aria-label="Loading communities" className={cn('grid grid-cols-2 gap-3 sm:grid-cols-3', className)}>
        {[0, 1, 2].map((card) => (
          <Skeleton key={card} shape="card" className="h-28" />
        ))}
      </div>
    );
  }
  if (profile.isError || profile.data.communities.length === 0) return null;

  const own = me?.id === profile.data._id;
  return (
    <section aria-labelledby={headingId} data-slot="profile-communities" className={cn('flex flex-col gap-3', className)}>
      <h2 id={headingId} className="text-base font-semibold">
        {own ? 'Your Communities' : 'Communities'}
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {profile.data.communities.map((community) => (
          <li key={community._id} className="flex">
            <CommunityCard community={community} variant="compact" className="flex-1" />
          </li>
        ))}
      </ul>
    </section>
  );
}
