import * as React from 'react';
import { ImagePlus, UserMinus } from 'lucide-react';
import { useController } from 'react-hook-form';
import { MAX_COMMUNITY_DESCRIPTION_LENGTH, MAX_PHOTO_DESCRIPTION_LENGTH, type Community, type UserSummary } from '@pitlane/api/contract';
import { useCommunityMembers, useRemoveMember, useUpdateCommunity } from '@pitlane/api/hooks';
import { useContractForm } from '../../lib/form.ts';
import { communityRule } from '../../lib/rules.ts';
import { Avatar } from '../../primitives/Avatar/Avatar.tsx';
import { Button } from '../../primitives/Button/Button.tsx';
import { ConfirmDialog } from '../../primitives/ConfirmDialog/ConfirmDialog.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../primitives/Dialog/Dialog.tsx';
import { Field } from '../../primitives/Field/Field.tsx';
import { IconButton } from '../../primitives/IconButton/IconButton.tsx';
import { Input } from '../../primitives/Input/Input.tsx';
import { Skeleton } from '../../primitives/Skeleton/Skeleton.tsx';
import { Textarea } from '../../primitives/Textarea/Textarea.tsx';
import { SingleImagePicker } from '../SingleImagePicker/SingleImagePicker.tsx';

export interface EditCommunityModalProps {
  community: Community;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After "Save Changes" succeeded, with the server's community. */
  onSaved?: (community: Community) => void;
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
              <Skeleton shape="circle" className="size-8" />
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

interface CommunityValues {
  name: string;
  description: string;
  /** The picked cover; null keeps the current one. */
  coverImage: File | null;
  /** The cover's description (issue 18). */
  coverImageAlt: string;
}

function EditCommunityForm({ community, onOpenChange, onSaved }: Omit<EditCommunityModalProps, 'open'>) {
  const update = useUpdateCommunity();
  const members = useCommunityMembers(community._id);
  const form = useContractForm<CommunityValues>({
    defaultValues: { name: community.name, description: community.description, coverImage: null, coverImageAlt: community.coverImageAlt ?? '' },
    rules: [communityRule],
  });
  const description = useController({ control: form.control, name: 'description' });
  // Save stays disabled until the contract's rule holds.
  const valid = communityRule(form.watch()) === null;

  const onSubmit = form.submitWith(({ name, description: text, coverImage, coverImageAlt }) => {
    const keep = members.data?.map((member) => member._id) ?? community.members;
    const body = { name: name.trim(), description: text.trim(), members: keep, coverImageAlt: coverImageAlt.trim(), ...(coverImage ? { coverImage } : {}) };
    update.mutate(
      { communityId: community._id, body },
      {
        onSuccess: (saved) => {
          onOpenChange(false);
          onSaved?.(saved);
        },
        // Spec §8: a failed update is logged only; the form stays open with what was typed.
        onError: (error) => console.error('Updating the community failed', error),
      },
    );
  });

  return (
    <form onSubmit={onSubmit} className="grid gap-5" noValidate>
      <SingleImagePicker
        layout="below"
        title="Cover photo"
        onChange={(file) => {
          form.setValue('coverImage', file);
          // A new picture needs its own description: the old one described another.
          if (file) form.setValue('coverImageAlt', '');
        }}
        preview={(picked) => (
          <img
            src={picked?.url ?? community.coverImageUrl}
            alt={picked ? 'New cover preview' : 'Current cover'}
            className="aspect-[16/6] w-full rounded-md bg-muted object-cover"
          />
        )}
      >
        <ImagePlus aria-hidden />
        Change cover
      </SingleImagePicker>
      <Field label="Description of the cover (alt text)">
        <Textarea {...form.register('coverImageAlt')} placeholder="Describe this photo for people who can't see it" maxLength={MAX_PHOTO_DESCRIPTION_LENGTH} rows={2} compact />
      </Field>
      <MembersList community={community} />
      <Field label="Name">
        <Input required autoComplete="off" {...form.register('name')} />
      </Field>
      <Field label="Description">
        <Textarea {...description.field} maxLength={MAX_COMMUNITY_DESCRIPTION_LENGTH} required rows={3} />
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
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>Edit Community</DialogTitle>
          <DialogDescription className="sr-only">Change the cover, members, name and description of {community.name}.</DialogDescription>
        </DialogHeader>
        {open ? <EditCommunityForm community={community} onOpenChange={onOpenChange} onSaved={onSaved} /> : null}
      </DialogContent>
    </Dialog>
  );
}
