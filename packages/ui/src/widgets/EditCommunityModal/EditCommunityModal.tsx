import * as React from 'react';
import { ImagePlus, UserMinus } from 'lucide-react';
import { MAX_COMMUNITY_DESCRIPTION_LENGTH, REFUSAL_MESSAGES, isValidCommunity, type Community, type UserSummary } from '@pitlane/api/contract';
import { useCommunityMembers, useRemoveMember, useUpdateCommunity } from '@pitlane/api/hooks';
import { cn } from '../../lib/cn.ts';
import { Avatar } from '../../primitives/Avatar/Avatar.tsx';
import { Button, buttonVariants } from '../../primitives/Button/Button.tsx';
import { ConfirmDialog } from '../../primitives/ConfirmDialog/ConfirmDialog.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../primitives/Dialog/Dialog.tsx';
import { Field } from '../../primitives/Field/Field.tsx';
import { IconButton } from '../../primitives/IconButton/IconButton.tsx';
import { Input } from '../../primitives/Input/Input.tsx';
import { Skeleton } from '../../primitives/Skeleton/Skeleton.tsx';
import { Textarea } from '../../primitives/Textarea/Textarea.tsx';

export interface EditCommunityModalProps {
  community: Community;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After "Save Changes" succeeded, with the server's community. */
  onSaved?: (community: Community) => void;
}

/** Spec §2 "image files only": a type the browser reports as an image. The server checks the bytes. */
const isImageFile = (file: File) => file.type.startsWith('image/');

/** A picked cover and its local preview URL. */
interface PickedCover {
  file: File;
  url: string;
}

/**
 * The picked cover with a preview URL made when it is picked (not during render), released when
 * another is picked or the form goes away.
 */
function usePickedCover() {
  const [cover, setCover] = React.useState<PickedCover | null>(null);
  const latest = React.useRef<PickedCover | null>(null);
  React.useEffect(
    () => () => {
      if (latest.current) URL.revokeObjectURL(latest.current.url);
      latest.current = null;
    },
    [],
  );
  const pick = React.useCallback((file: File) => {
    if (latest.current) URL.revokeObjectURL(latest.current.url);
    const next = { file, url: URL.createObjectURL(file) };
    latest.current = next;
    setCover(next);
  }, []);
  return [cover, pick] as const;
}

function CoverPicker({ current, picked, onPick }: { current: string; picked: PickedCover | null; onPick: (file: File) => void }) {
  const inputId = React.useId();
  const statusId = React.useId();
  const [refused, setRefused] = React.useState(false);
  return (
    <div className="grid gap-2">
      <span className="text-sm font-medium">Cover photo</span>
      <img src={picked?.url ?? current} alt={picked ? 'New cover preview' : 'Current cover'} className="aspect-[16/6] w-full rounded-md bg-chalk object-cover" />
      <div className="flex items-center gap-3">
        <input
          id={inputId}
          type="file"
          accept="image/*"
          className="peer sr-only"
          aria-describedby={statusId}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            if (!isImageFile(file)) {
              setRefused(true);
              return;
            }
            setRefused(false);
            onPick(file);
          }}
        />
        <label
          htmlFor={inputId}
          className={cn(
            buttonVariants({ variant: 'outline', size: 'sm' }),
            'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring',
          )}
        >
          <ImagePlus aria-hidden />
          Change cover
        </label>
        <p id={statusId} aria-live="polite" className={cn('min-w-0 truncate text-xs', refused ? 'font-medium text-danger' : 'text-muted-foreground')}>
          {refused ? REFUSAL_MESSAGES.notAnImage : picked ? picked.file.name : null}
        </p>
      </div>
    </div>
  );
}

function MembersList({ community }: { community: Community }) {
  const members = useCommunityMembers(community._id);
  const remove = useRemoveMember();
  const [pending, setPending] = React.useState<UserSummary | null>(null);
  // Keep the name while the dialog closes, so the title does not empty out mid-close.
  const [lastPending, setLastPending] = React.useState<UserSummary | null>(null);
  const headingId = React.useId();
  const count = members.data?.length ?? community.members.length;

  // A removed member's button goes with them, which would drop the keyboard focus to <body>: it
  // goes to the heading instead, which reads the new count. The row may go before the dialog
  // closes (then the dialog sends the focus there) or after, when the list is fetched again.
  const heading = React.useRef<HTMLHeadingElement>(null);
  const removed = React.useRef<string | null>(null);
  const list = members.data;
  React.useEffect(() => {
    if (removed.current === null || !list || list.some((member) => member._id === removed.current)) return;
    removed.current = null;
    if (document.activeElement === document.body || document.activeElement === null) heading.current?.focus();
  }, [list]);

  const confirmRemove = () => {
    if (!pending) return;
    const userId = pending._id;
    // Spec §8: a failed removal is logged only; the dialog closes and the member stays listed.
    return remove
      .mutateAsync({ communityId: community._id, userId })
      .then(
        () => {
          removed.current = userId;
        },
        (error: unknown) => console.error('Removing a member failed', error),
      );
  };

  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h3 ref={heading} id={headingId} tabIndex={-1} className="text-sm font-medium">{`Members (${count})`}</h3>
      {members.data ? (
        <ul className="grid max-h-56 gap-1 overflow-y-auto rounded-md border p-1">
          {members.data.map((member) => {
            const isCreator = member._id === community.creator._id;
            return (
              <li key={member._id} className="flex items-center gap-3 rounded-sm px-2 py-1.5">
                <Avatar name={member.fullName} src={member.profilePictureUrl} alt="" size="sm" />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate text-sm font-medium">{member.fullName}</span>
                  <span className="truncate text-xs text-muted-foreground">@{member.username}</span>
                </span>
                {isCreator ? (
                  <span className="shrink-0 text-xs font-medium text-muted-foreground">Creator</span>
                ) : (
                  <IconButton
                    size="sm"
                    aria-label={`Remove ${member.username}`}
                    onClick={() => {
                      setPending(member);
                      setLastPending(member);
                    }}
                  >
                    <UserMinus aria-hidden />
                  </IconButton>
                )}
              </li>
            );
          })}
        </ul>
      ) : members.isError ? (
        <p role="alert" className="text-sm text-danger">
          {members.error.message}
        </p>
      ) : (
        <div role="status" aria-label="Loading members" className="grid gap-2 rounded-md border p-2">
          {[0, 1, 2].map((row) => (
            <div key={row} className="flex items-center gap-3">
              <Skeleton className="size-8 rounded-full" />
              <Skeleton className="h-3.5 w-1/3" />
            </div>
          ))}
        </div>
      )}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={`Remove ${(pending ?? lastPending)?.username ?? ''}`}
        message="This will permanently delete all of this user's posts and comments within this community. Are you sure?"
        confirmLabel="Yes, Remove"
        tone="danger"
        onConfirm={confirmRemove}
        fallbackFocus={() => heading.current}
      />
    </section>
  );
}

function EditCommunityForm({ community, onOpenChange, onSaved }: Omit<EditCommunityModalProps, 'open'>) {
  const update = useUpdateCommunity();
  const members = useCommunityMembers(community._id);
  const [name, setName] = React.useState(community.name);
  const [description, setDescription] = React.useState(community.description);
  const [cover, pickCover] = usePickedCover();
  const valid = isValidCommunity({ name, description });

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    const keep = members.data?.map((member) => member._id) ?? community.members;
    update.mutate(
      { communityId: community._id, body: { name: name.trim(), description: description.trim(), members: keep, ...(cover ? { coverImage: cover.file } : {}) } },
      {
        onSuccess: (saved) => {
          onOpenChange(false);
          onSaved?.(saved);
        },
        // Spec §8: a failed update is logged only; the form stays open with what was typed.
        onError: (error) => console.error('Updating the community failed', error),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-5" noValidate>
      <CoverPicker current={community.coverImageUrl} picked={cover} onPick={pickCover} />
      <MembersList community={community} />
      <Field label="Name">
        <Input value={name} onChange={(event) => setName(event.target.value)} required autoComplete="off" />
      </Field>
      <Field label="Description">
        <Textarea value={description} onChange={(event) => setDescription(event.target.value)} maxLength={MAX_COMMUNITY_DESCRIPTION_LENGTH} required rows={3} />
      </Field>
      <DialogFooter>
        <Button variant="outline" onClick={() => onOpenChange(false)} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={!valid} busy={update.isPending} busyLabel="Saving...">
          Save Changes
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Spec §2 "Edit Community modal": cover, members with remove buttons, name, description. */
export function EditCommunityModal({ community, open, onOpenChange, onSaved }: EditCommunityModalProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Edit Community</DialogTitle>
          <DialogDescription className="sr-only">Change the cover, members, name and description of {community.name}.</DialogDescription>
        </DialogHeader>
        {open ? <EditCommunityForm community={community} onOpenChange={onOpenChange} onSaved={onSaved} /> : null}
      </DialogContent>
    </Dialog>
  );
}
