import * as React from 'react';
import { Link } from 'wouter';
import { Pencil } from 'lucide-react';
import { NOT_FOUND_MESSAGES, paths, type ProfileUser } from '@pitlane/api/contract';
import { errorMessage } from '@pitlane/api/client';
import { useProfile, useSession } from '@pitlane/api/hooks';
import { cn } from '../../lib/cn.ts';
import { Avatar } from '../../primitives/Avatar/Avatar.tsx';
import { Badge } from '../../primitives/Badge/Badge.tsx';
import { Button } from '../../primitives/Button/Button.tsx';
import { IconButton } from '../../primitives/IconButton/IconButton.tsx';
import { Skeleton } from '../../primitives/Skeleton/Skeleton.tsx';
import { FollowButton } from '../FollowButton/FollowButton.tsx';
import { FollowListModal, type FollowListKind } from '../FollowListModal/FollowListModal.tsx';
import { HideStatusMessages } from '../ProfileActions/HideStatusMessages.tsx';
import { ProfileActions } from '../ProfileActions/ProfileActions.tsx';
import { useHideActions } from '../ProfileActions/use-hide-actions.ts';
import { useSuspensionActions } from '../ProfileActions/use-suspension-actions.ts';

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
      <Skeleton shape="circle" className="size-16 shrink-0 sm:size-24" />
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
 * either the follow button and the "More" menu (someone else's profile) or the edit icon (one's
 * own). A site operator also suspends from the menu, and sees "Suspended" beside a suspended
 * person's name (only operators see such a profile at all). A profile the viewer blocked shows its name and picture, says so and offers Unblock; one
 * who blocked the viewer answers "This profile is not available." as an unknown one does.
 */
export function ProfileHeader({ username, className }: ProfileHeaderProps) {
  const profile = useProfile(username);

  if (profile.isPending) return <ProfileHeaderSkeleton />;
  if (profile.isError) {
    // Without a profile the message is the page's heading: the page still says what it is.
    return (
      <div role="alert" className="py-8 text-center">
        <h1 className="text-base font-medium text-foreground">{errorMessage(profile.error, NOT_FOUND_MESSAGES.user)}</h1>
      </div>
    );
  }
  return <ProfileHeaderContent user={profile.data} className={className} />;
}

function ProfileHeaderContent({ user, className }: { user: ProfileUser; className?: string | undefined }) {
  const { user: me } = useSession();
  const [list, setList] = React.useState<FollowListKind | null>(null);
  // Keep the last kind while the dialog closes, so its title does not flip mid-close.
  const [lastKind, setLastKind] = React.useState<FollowListKind>('followers');
  const hide = useHideActions(user);
  const suspension = useSuspensionActions(user);
  // One polite status for the header: whichever kind of action ran last speaks.
  const [lastActions, setLastActions] = React.useState<'hide' | 'suspension'>('hide');
  const spoken = lastActions === 'hide' ? hide : suspension;
  const more = React.useRef<HTMLButtonElement>(null);
  const blocked = user.blocked === true;
  const muted = user.muted === true;
  useFocusAfterUnblock(blocked, more);

  const own = me?.id === user._id;
  // Whose profile this is comes with the session: no menu until it is known.
  const others = me !== null && !own;
  const operator = me?.operator === true;
  const suspended = user.suspended === true;
  const openList = (kind: FollowListKind) => {
    setLastKind(kind);
    setList(kind);
  };

  return (
    <header data-slot="profile-header" className={cn('flex items-start gap-4 sm:gap-6', className)}>
      <Avatar name={user.fullName} src={user.profilePictureUrl} alt="" size="profile" />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        {/* On a phone someone else's buttons go under the name, which would otherwise get a third of the row. */}
        <div className={cn('flex items-start gap-3', !own && 'max-sm:flex-col')}>
          <div className="flex w-full min-w-0 flex-1 flex-col">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <h1 className="min-w-0 text-xl leading-tight font-bold break-words sm:text-2xl">{user.fullName}</h1>
              {suspended ? <Badge tone="neutral">Suspended</Badge> : null}
              {muted && !own ? <Badge tone="neutral">Muted</Badge> : null}
            </div>
            <p className="truncate text-sm text-muted-foreground">@{user.username}</p>
          </div>
          {own ? (
            <IconButton asChild variant="outline" size="sm" aria-label="Edit profile">
              <Link to={paths.editProfile}>
                <Pencil aria-hidden />
              </Link>
            </IconButton>
          ) : (
            // One row whose last child is always the More button, so it keeps the focus (and the
            // block dialog's way back to it) when the button beside it changes.
            <div className="flex shrink-0 items-start gap-2">
              {blocked ? (
                <Button size="sm" variant="outline" busy={hide.isPending('unblock')} onClick={() => void hide.run('unblock')} className="min-w-24">
                  Unblock
                </Button>
              ) : (
                <FollowButton userId={user._id} username={user.username} />
              )}
              {others ? (
                <ProfileActions
                  userId={user._id}
                  username={user.username}
                  blocked={blocked}
                  muted={muted}
                  busy={hide.pending}
                  onAction={(action) => {
                    setLastActions('hide');
                    return hide.run(action);
                  }}
                  triggerRef={more}
                  suspension={
                    operator
                      ? {
                          suspended,
                          busy: suspension.pending,
                          onSuspend: (reason) => {
                            setLastActions('suspension');
                            return suspension.suspend(reason);
                          },
                          onLift: () => {
                            setLastActions('suspension');
                            return suspension.lift();
                          },
                        }
                      : undefined
                  }
                />
              ) : null}
            </div>
          )}
        </div>
        {blocked && !own ? (
          <p className="text-sm text-muted-foreground">You blocked @{user.username}.</p>
        ) : (
          <div className="flex flex-wrap items-center gap-x-5 gap-y-1">
            <Stat value={user.postCount} label="posts" />
            <Stat value={user.followers.length} label="followers" onClick={own ? () => openList('followers') : undefined} />
            <Stat value={user.following.length} label="following" onClick={own ? () => openList('following') : undefined} />
          </div>
        )}
        {own ? null : <HideStatusMessages status={spoken.status} error={spoken.error} />}
      </div>
      {own ? <FollowListModal userId={user._id} kind={list ?? lastKind} open={list !== null} onOpenChange={(open) => !open && setList(null)} /> : null}
    </header>
  );
}

/**
 * The Unblock button goes away with the block (the follow button takes its place): the focus,
 * which would fall to the page, goes to the More button beside it instead.
 */
function useFocusAfterUnblock(blocked: boolean, more: React.RefObject<HTMLButtonElement | null>) {
  const wasBlocked = React.useRef(blocked);
  React.useEffect(() => {
    const unblocked = wasBlocked.current && !blocked;
    wasBlocked.current = blocked;
    if (unblocked && (document.activeElement === null || document.activeElement === document.body)) more.current?.focus();
  }, [blocked, more]);
}
