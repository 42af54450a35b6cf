import * as React from 'react';
import { Link } from 'wouter';
import { paths, type UserSummary } from '@pitlane/api/contract';
import { useFollowers, useFollowing, useRemoveFollower, useSession } from '@pitlane/api/hooks';
import { Avatar } from '../../primitives/Avatar/Avatar.tsx';
import { Button } from '../../primitives/Button/Button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../primitives/Dialog/Dialog.tsx';
import { Skeleton } from '../../primitives/Skeleton/Skeleton.tsx';
import { FollowButton } from '../FollowButton/FollowButton.tsx';

export type FollowListKind = 'followers' | 'following';

export const FOLLOW_LIST_TITLES: Record<FollowListKind, string> = { followers: 'Followers', following: 'Following' };

export interface FollowListModalProps {
  /** Whose list: the profile's user id. */
  userId: string;
  kind: FollowListKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function RemoveFollowerButton({ user, onRemoved }: { user: UserSummary; onRemoved: (userId: string) => void }) {
  const remove = useRemoveFollower();
  return (
    <Button
      size="sm"
      variant="outline"
      busy={remove.isPending}
      aria-label={`Remove ${user.username}`}
      onClick={() =>
        remove.mutate(
          { userId: user._id },
          {
            onSuccess: () => onRemoved(user._id),
            // The spec has no message for a failed removal; the row stays, so it can be retried.
            onError: (error) => console.error('Removing a follower failed', error),
          },
        )
      }
    >
      Remove
    </Button>
  );
}

function FollowListRows({ userId, kind, onNavigate }: { userId: string; kind: FollowListKind; onNavigate: () => void }) {
  const { user: me } = useSession();
  const followers = useFollowers(userId, { enabled: kind === 'followers' });
  const following = useFollowing(userId, { enabled: kind === 'following' });
  const query = kind === 'followers' ? followers : following;

  // The list as it stood when it settled after opening: unfollowing someone keeps their row (now
  // reading "Follow"), so a mis-tap can be undone; removing a follower drops the row. Waiting for
  // the fetch to settle means a stale cached copy is never frozen in.
  const [rows, setRows] = React.useState<UserSummary[] | null>(null);
  if (rows === null && query.data && !query.isFetching) setRows(query.data);
  const [removed, setRemoved] = React.useState<ReadonlySet<string>>(new Set());

  const ownList = me?.id === userId;
  const visible = rows?.filter((row) => !removed.has(row._id));

  if (!visible) {
    if (query.isError) {
      return (
        <p role="alert" className="py-6 text-center text-sm text-danger">
          {query.error.message}
        </p>
      );
    }
    return (
      <div role="status" aria-label="Loading users" className="flex flex-col gap-4 py-2">
        {[0, 1, 2].map((row) => (
          <div key={row} className="flex items-center gap-3">
            <Skeleton shape="circle" className="size-10" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-3.5 w-2/5" />
              <Skeleton className="h-3 w-1/4" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (visible.length === 0) return <p className="py-6 text-center text-sm text-muted-foreground">No users to show.</p>;

  return (
    <ul className="flex flex-col gap-4">
      {visible.map((row) => {
        const isMe = row._id === me?.id;
        const iFollowThem = me?.following.includes(row._id) ?? false;
        return (
          <li key={row._id} className="flex items-center gap-3">
            <Link to={paths.profile(row.username)} onClick={onNavigate} className="group flex min-w-0 flex-1 items-center gap-3 rounded-md">
              <Avatar name={row.fullName} src={row.profilePictureUrl} alt="" />
              <span className="flex min-w-0 flex-col">
                <span className="truncate text-sm font-semibold group-hover:underline">{row.fullName}</span>
                <span className="truncate text-xs text-muted-foreground">@{row.username}</span>
              </span>
            </Link>
            {isMe ? null : kind === 'followers' && ownList ? (
              <div className="flex shrink-0 items-start gap-2">
                {/* Spec §2: "Follow Back" only when not already following them. */}
                {iFollowThem ? null : <FollowButton userId={row._id} username={row.username} />}
                <RemoveFollowerButton user={row} onRemoved={(id) => setRemoved((set) => new Set(set).add(id))} />
              </div>
            ) : (
              <FollowButton userId={row._id} username={row.username} />
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** Spec §2 "Follow list modal": a profile's followers or following, each row linking to the profile. */
export function FollowListModal({ userId, kind, open, onOpenChange }: FollowListModalProps) {
  const title = FOLLOW_LIST_TITLES[kind];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent layout="bare" className="grid max-h-[min(36rem,calc(100dvh-2rem))] content-start gap-4 overflow-y-auto p-6">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className="sr-only">{kind === 'followers' ? 'People who follow this profile.' : 'People this profile follows.'}</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so each opening starts from a fresh list. */}
        {open ? <FollowListRows userId={userId} kind={kind} onNavigate={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
