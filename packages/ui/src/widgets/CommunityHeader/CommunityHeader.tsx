import * as React from 'react';
import { Link } from 'wouter';
import { Flag, LogOut, Pencil, Trash2, UserPlus } from 'lucide-react';
import { FALLBACK_MESSAGES, NOT_FOUND_MESSAGES, paths, type Community } from '@pitlane/api/contract';
import { errorMessage } from '@pitlane/api/client';
import { useCommunity, useDeleteCommunity, useJoinCommunity, useLeaveCommunity, useSession } from '@pitlane/api/hooks';
import { cn } from '../../lib/cn.ts';
import { AltBadge } from '../ImageSlider/AltBadge.tsx';
import { Button } from '../../primitives/Button/Button.tsx';
import { ConfirmDialog } from '../../primitives/ConfirmDialog/ConfirmDialog.tsx';
import { Skeleton } from '../../primitives/Skeleton/Skeleton.tsx';
import { membersLabel } from '../CommunityCard/CommunityCard.tsx';
import { EditCommunityModal } from '../EditCommunityModal/EditCommunityModal.tsx';
import { PageError } from '../PageError/PageError.tsx';

export type CommunityRole = 'creator' | 'member' | 'visitor';

type Confirmation = 'join' | 'leave' | 'delete';

/** Spec §2 community page confirmations, exactly as quoted (curly quotes included). */
export function communityConfirmation(kind: Confirmation, name: string) {
  switch (kind) {
    case 'join':
      return { title: `Join “${name}”?`, message: 'You will become a member of this community.', confirmLabel: 'Confirm', tone: 'default' } as const;
    case 'leave':
      return {
        title: 'Leave Community',
        message: 'Leaving will also permanently delete all of your posts in this community. Are you sure?',
        confirmLabel: 'Yes, Leave',
        tone: 'danger',
      } as const;
    case 'delete':
      return {
        title: `Delete “${name}”`,
        message: 'This action is permanent. All posts and data will be deleted.',
        confirmLabel: 'Delete Permanently',
        tone: 'danger',
      } as const;
  }
}

export interface CommunityHeaderProps {
  communityId: string;
  /** After the community was deleted: the page goes to `/community` (spec §2). */
  onDeleted: () => void;
  className?: string;
}

function CommunityHeaderSkeleton() {
  return (
    <div role="status" aria-label="Loading community" className="flex flex-col gap-4">
      <Skeleton shape="card" className="aspect-[16/5] w-full" />
      <Skeleton className="h-7 w-1/2" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-1/3" />
    </div>
  );
}

function Actions({ community, role, onAsk, onEdit }: { community: Community; role: CommunityRole; onAsk: (kind: Confirmation) => void; onEdit: () => void }) {
  if (role === 'creator') {
    return (
      <>
        <Button variant="outline" size="sm" onClick={onEdit}>
          <Pencil aria-hidden />
          Edit
        </Button>
        <Button variant="danger" size="sm" onClick={() => onAsk('delete')}>
          <Trash2 aria-hidden />
          Delete
        </Button>
      </>
    );
  }
  if (role === 'member') {
    return (
      <Button variant="outline" size="sm" onClick={() => onAsk('leave')} aria-label={`Leave ${community.name}`}>
        <LogOut aria-hidden />
        Leave
      </Button>
    );
  }
  return (
    <Button size="sm" onClick={() => onAsk('join')} aria-label={`Join ${community.name}`}>
      <UserPlus aria-hidden />
      Join
    </Button>
  );
}

/**
 * Spec §2 community page header: cover, name, description, "Created by : [creator username]",
 * member count, and the viewer's actions: Edit and Delete for the creator, Leave for a member,
 * Join for everyone else, each behind its confirmation. Join and leave failures are logged only;
 * a failed delete shows "Failed to delete community." (server message first) on the page.
 */
export function CommunityHeader({ communityId, onDeleted, className }: CommunityHeaderProps) {
  const { user } = useSession();
  const page = useCommunity(communityId);
  const join = useJoinCommunity();
  const leave = useLeaveCommunity();
  const remove = useDeleteCommunity();
  const [asking, setAsking] = React.useState<Confirmation | null>(null);
  // The last confirmation stays rendered while its dialog closes.
  const [lastAsked, setLastAsked] = React.useState<Confirmation>('join');
  const [editing, setEditing] = React.useState(false);
  const [deleteError, setDeleteError] = React.useState<string | null>(null);

  if (page.isPending) return <CommunityHeaderSkeleton />;
  if (page.isError || !page.data.pages[0]) {
    return <PageError error={page.error} fallback={NOT_FOUND_MESSAGES.community} />;
  }

  const { community, isMember } = page.data.pages[0];
  const role: CommunityRole = user?.id === community.creator._id ? 'creator' : isMember ? 'member' : 'visitor';
  const shown = communityConfirmation(asking ?? lastAsked, community.name);

  const ask = (kind: Confirmation) => {
    setDeleteError(null);
    setLastAsked(kind);
    setAsking(kind);
  };

  const onConfirm = (): Promise<unknown> => {
    const input = { communityId: community._id };
    switch (asking ?? lastAsked) {
      case 'join':
        // Spec §8: join and leave failures are logged only.
        return join.mutateAsync(input).catch((error: unknown) => console.error('Joining the community failed', error));
      case 'leave':
        return leave.mutateAsync(input).catch((error: unknown) => console.error('Leaving the community failed', error));
      case 'delete':
        return remove.mutateAsync(input).then(onDeleted, (error: unknown) =>
          setDeleteError(errorMessage(error, FALLBACK_MESSAGES.deleteCommunityFailed)),
        );
    }
  };

  return (
    <header data-slot="community-header" className={cn('flex flex-col gap-4', className)}>
      {/* The cover's description is its alt text (issue 18), with the ALT badge; without one it is decorative. */}
      <div className="relative">
        <img src={community.coverImageUrl} alt={community.coverImageAlt ?? ''} className="aspect-[16/5] w-full rounded-lg bg-muted object-cover" />
        {community.coverImageAlt ? <AltBadge description={community.coverImageAlt} /> : null}
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <h1 className="text-2xl leading-tight font-bold break-words">{community.name}</h1>
          {community.description ? <p className="text-sm break-words text-foreground">{community.description}</p> : null}
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
            <span>
              {'Created by : '}
              <Link to={paths.profile(community.creator.username)} className="font-medium text-foreground underline-offset-4 hover:underline">
                {community.creator.username}
              </Link>
            </span>
            <span aria-hidden>·</span>
            <span className="tabular-nums">{membersLabel(community.members.length)}</span>
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          {/* Its moderators (issue 18): the creator, and the site's operators. */}
          {role === 'creator' || user?.operator ? (
            <Button asChild variant="outline" size="sm">
              <Link to={paths.communityReports(community._id)}>
                <Flag aria-hidden />
                Reports
              </Link>
            </Button>
          ) : null}
          <Actions community={community} role={role} onAsk={ask} onEdit={() => setEditing(true)} />
        </div>
      </div>
      {deleteError ? (
        <p role="alert" className="rounded-md bg-danger/10 px-3 py-2 text-sm font-medium text-danger">
          {deleteError}
        </p>
      ) : null}

      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={shown.title}
        message={shown.message}
        confirmLabel={shown.confirmLabel}
        tone={shown.tone}
        onConfirm={onConfirm}
      />
      {role === 'creator' ? <EditCommunityModal community={community} open={editing} onOpenChange={setEditing} /> : null}
    </header>
  );
}
