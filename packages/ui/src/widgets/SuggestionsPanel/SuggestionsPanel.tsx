import * as React from 'react';
import { Link } from 'wouter';
import { communityCoverThumbUrl, paths, type Community, type SuggestedUser } from '@pitlane/api/contract';
import { useSuggestions, useToggleFollow } from '@pitlane/api/hooks';
import { Avatar } from '../../primitives/Avatar/Avatar.tsx';
import { Button } from '../../primitives/Button/Button.tsx';
import { membersLabel } from '../CommunityCard/CommunityCard.tsx';
import { FOLLOW_LABELS } from '../FollowButton/FollowButton.tsx';
import { SuggestionsPanelFrame, SuggestionsSection as Section, WhoToFollowSkeleton } from './SuggestionsPanelFrame.tsx';

function SuggestedUserRow({ user }: { user: SuggestedUser }) {
  const toggle = useToggleFollow();
  const label = user.followsYou ? FOLLOW_LABELS.followsYou : FOLLOW_LABELS.none;
  return (
    <li className="flex items-center gap-3">
      <Link to={paths.profile(user.username)} className="group flex min-w-0 flex-1 items-center gap-3 rounded-md">
        <Avatar name={user.fullName} src={user.profilePictureUrl} alt="" />
        <span className="flex min-w-0 flex-col">
          <span className="truncate text-sm font-semibold group-hover:underline">{user.fullName}</span>
          <span className="truncate text-xs text-muted-foreground">@{user.username}</span>
        </span>
      </Link>
      <Button
        size="sm"
        busy={toggle.isPending}
        aria-label={`${label} ${user.username}`}
        onClick={() =>
          // Spec §8: a failed follow from the suggestions is logged to the console only.
          toggle.mutate({ userId: user._id }, { onError: (error) => console.error('Following from the suggestions failed', error) })
        }
      >
        {label}
      </Button>
    </li>
  );
}

function SuggestedCommunityRow({ community }: { community: Community }) {
  return (
    <li>
      <Link to={paths.community(community._id)} className="group flex min-w-0 items-center gap-3 rounded-md">
        {/* Lazy: the panel is hidden below the mobile breakpoint, where it should cost nothing. */}
        <img
          src={communityCoverThumbUrl(community.coverImageUrl)}
          alt=""
          loading="lazy"
          decoding="async"
          className="size-10 shrink-0 rounded-md bg-muted object-cover"
        />
        <span className="flex min-w-0 flex-col">
          <span className="truncate text-sm font-semibold group-hover:underline">{community.name}</span>
          <span className="text-xs text-muted-foreground tabular-nums">{membersLabel(community.members.length)}</span>
        </span>
      </Link>
    </li>
  );
}

const Empty = ({ children }: { children: React.ReactNode }) => <p className="text-sm text-muted-foreground">{children}</p>;

export interface SuggestionsPanelProps {
  className?: string;
}

/**
 * The right-hand column (spec §2): who to follow and communities to join. Following someone
 * drops them from the list at once (the hook filters the cached suggestions), and the list is
 * fetched again when the user's following or communities change. Load failures are logged only.
 */
export function SuggestionsPanel({ className }: SuggestionsPanelProps) {
  const suggestions = useSuggestions();
  const data = suggestions.data;

  return (
    <SuggestionsPanelFrame className={className}>
      <Section title="Who to Follow">
        {data ? (
          data.users.length > 0 ? (
            <ul className="flex flex-col gap-4">
              {data.users.map((user) => (
                <SuggestedUserRow key={user._id} user={user} />
              ))}
            </ul>
          ) : (
            <Empty>No new users to suggest.</Empty>
          )
        ) : suggestions.isError ? null : (
          <WhoToFollowSkeleton />
        )}
      </Section>
      {data ? (
        <Section title="Communities to Join">
          {data.communities.length > 0 ? (
            <ul className="flex flex-col gap-4">
              {data.communities.map((community) => (
                <SuggestedCommunityRow key={community._id} community={community} />
              ))}
            </ul>
          ) : (
            <Empty>No new communities to suggest.</Empty>
          )}
        </Section>
      ) : null}
    </SuggestionsPanelFrame>
  );
}
