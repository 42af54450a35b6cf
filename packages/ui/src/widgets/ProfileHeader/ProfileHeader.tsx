import * as React from 'react';
import { Link } from 'react-router-dom';
import { Pencil } from 'lucide-react';
import { NOT_FOUND_MESSAGES, paths } from '@pitlane/api/contract';
import { errorMessage } from '@pitlane/api/client';
import { useProfile, useSession } from '@pitlane/api/hooks';
import { cn } from '../../lib/cn.ts';
import { Avatar } from '../../primitives/Avatar/Avatar.tsx';
import { IconButton } from '../../primitives/IconButton/IconButton.tsx';
import { Skeleton } from '../../primitives/Skeleton/Skeleton.tsx';
import { FollowButton } from '../FollowButton/FollowButton.tsx';
import { FollowListModal, type FollowListKind } from '../FollowListModal/FollowListModal.tsx';

export interface ProfileHeaderProps {
  /** The profile's username (the `/profile/{username}` route parameter). */
  username: string;
  className?: string;
}

function Stat({ value, label, onClick }: { value: number; label: string; onClick?: () => void }) {
  const content = (
    <>
      <span className="text-base font-semibold text-foreground tabular-nums">{value}</span>{' '}
      <span className="text-sm text-muted-foreground">{label}</span>
    </>
  );
  const classes = 'flex items-baseline gap-1.5';
  // Spec §2: the follower and following counts open the list only on one's own profile.
  return onClick ? (
    <button type="button" onClick={onClick} className={cn(classes, '-mx-1.5 rounded-sm px-1.5 hover:bg-surface-sunken')}>
      {content}
    </button>
  ) : (
    <span className={classes}>{content}</span>
  );
}

function ProfileHeaderSkeleton() {
  return (
    <div role="status" aria-label="Loading profile" className="flex items-center gap-4 sm:gap-6">
      <Skeleton className="size-16 shrink-0 rounded-full sm:size-24" />
      <div className="flex flex-1 flex-col gap-3">
        <Skeleton className="h-6 w-48 max-w-full" />
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-4 w-64 max-w-full" />
      </div>
    </div>
  );
}

/**
 * Spec §2 profile header: avatar, full name, @username, post / followers / following counts, and
 * either the follow button (someone else's profile) or the edit icon (one's own).
 */
export function ProfileHeader({ username, className }: ProfileHeaderProps) {
  const { user: me } = useSession();
  const profile = useProfile(username);
  const [list, setList] = React.useState<FollowListKind | null>(null);
  // Keep the last kind while the dialog closes, so its title does not flip mid-close.
  const [lastKind, setLastKind] = React.useState<FollowListKind>('followers');

  if (profile.isPending) return <ProfileHeaderSkeleton />;
  if (profile.isError) {
    // Without a profile the message is the page's heading: the page still says what it is.
    return (
      <div role="alert" className="py-8 text-center">
        <h1 className="text-base font-medium text-foreground">{errorMessage(profile.error, NOT_FOUND_MESSAGES.user)}</h1>
      </div>
    );
  }

  const user = profile.data;
  const own = me?.id === user._id;
  const openList = (kind: FollowListKind) => {
    setLastKind(kind);
    setList(kind);
  };

  return (
    <header data-slot="profile-header" className={cn('flex items-start gap-4 sm:gap-6', className)}>
      <Avatar name={user.fullName} src={user.profilePictureUrl} alt="" className="size-16 text-xl sm:size-24 sm:text-3xl" />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex items-start gap-3">
          <div className="flex min-w-0 flex-1 flex-col">
            <h1 className="text-xl leading-tight font-bold break-words sm:text-2xl">{user.fullName}</h1>
            <p className="truncate text-sm text-muted-foreground">@{user.username}</p>
          </div>
          {own ? (
            <IconButton asChild variant="outline" size="sm" aria-label="Edit profile" className="shrink-0">
              <Link to={paths.editProfile}>
                <Pencil aria-hidden />
              </Link>
            </IconButton>
          ) : (
            <FollowButton userId={user._id} username={user.username} className="shrink-0" />
          )}
        </div>
        <div className="flex flex-wrap items-center gap-x-5 gap-y-1">
          <Stat value={user.postCount} label="posts" />
          <Stat value={user.followers.length} label="followers" onClick={own ? () => openList('followers') : undefined} />
          <Stat value={user.following.length} label="following" onClick={own ? () => openList('following') : undefined} />
        </div>
      </div>
      {own ? <FollowListModal userId={user._id} kind={list ?? lastKind} open={list !== null} onOpenChange={(open) => !open && setList(null)} /> : null}
    </header>
  );
}
