import * as React from 'react';
import { Plus } from 'lucide-react';
import { FALLBACK_MESSAGES, type Community } from '@pitlane/api/contract';
import { errorMessage } from '@pitlane/api/client';
import { useCommunities, useSession } from '@pitlane/api/hooks';
import { cn } from '../../lib/cn.ts';
import { Button } from '../../primitives/Button/Button.tsx';
import { SearchField } from '../../primitives/SearchField/SearchField.tsx';
import { Skeleton } from '../../primitives/Skeleton/Skeleton.tsx';
import { CommunityCard } from '../CommunityCard/CommunityCard.tsx';
import { CreateCommunityModal } from '../CreateCommunityModal/CreateCommunityModal.tsx';

/** Spec §2: the search matches name or description, case-insensitive, on the client. */
export function matchesCommunity(community: Pick<Community, 'name' | 'description'>, query: string): boolean {
  const q = query.trim().toLocaleLowerCase();
  if (q === '') return true;
  return community.name.toLocaleLowerCase().includes(q) || community.description.toLocaleLowerCase().includes(q);
}

const grid = 'grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3';

function CommunitySection({ title, communities, empty }: { title: string; communities: Community[]; empty: string }) {
  const id = React.useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {communities.length > 0 ? (
        <ul className={grid}>
          {communities.map((community) => (
            <li key={community._id} className="flex">
              <CommunityCard community={community} className="flex-1" />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{empty}</p>
      )}
    </section>
  );
}

export interface CommunityDirectoryProps {
  /** After a community was created, e.g. to open its page. */
  onCreated?: (community: Community) => void;
  className?: string;
}

/** Spec §2 Communities: search, "Your Communities", "Discover Communities" and the Create button. */
export function CommunityDirectory({ onCreated, className }: CommunityDirectoryProps) {
  const { user } = useSession();
  const communities = useCommunities();
  const [query, setQuery] = React.useState('');
  const [creating, setCreating] = React.useState(false);
  const headingId = React.useId();

  const matching = (communities.data ?? []).filter((community) => matchesCommunity(community, query));
  const isMine = (community: Community) => (user ? community.members.includes(user.id) : false);
  const mine = matching.filter(isMine);
  const others = matching.filter((community) => !isMine(community));

  return (
    <section aria-labelledby={headingId} data-slot="community-directory" className={cn('flex flex-col gap-6', className)}>
      <div className="flex items-center justify-between gap-3">
        <h1 id={headingId} className="text-xl font-bold">
          Communities
        </h1>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden />
          Create
        </Button>
      </div>
      <SearchField label="Search communities" placeholder="Search communities" value={query} onChange={(event) => setQuery(event.target.value)} />

      {communities.isPending ? (
        <div role="status" aria-label="Loading communities" className={grid}>
          {[0, 1, 2].map((card) => (
            <div key={card} className="flex flex-col gap-3 rounded-lg p-0">
              <Skeleton shape="card" className="aspect-[16/7] w-full" />
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-3 w-full" />
              <Skeleton className="h-3 w-1/3" />
            </div>
          ))}
        </div>
      ) : communities.isError ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {errorMessage(communities.error, FALLBACK_MESSAGES.genericError)}
        </p>
      ) : query.trim() !== '' && matching.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">No communities match your search.</p>
      ) : (
        <>
          <CommunitySection title="Your Communities" communities={mine} empty="You haven't joined any communities yet." />
          <CommunitySection title="Discover Communities" communities={others} empty="No other communities to show." />
        </>
      )}

      <CreateCommunityModal open={creating} onOpenChange={setCreating} onCreated={onCreated} />
    </section>
  );
}
