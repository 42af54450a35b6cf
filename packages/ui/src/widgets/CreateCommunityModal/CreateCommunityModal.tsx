import { useController } from 'react-hook-form';
import { FALLBACK_MESSAGES, MAX_COMMUNITY_DESCRIPTION_LENGTH, type Community } from '@pitlane/api/contract';
import { errorMessage } from '@pitlane/api/client';
import { useCreateCommunity } from '@pitlane/api/hooks';
import { useContractForm } from '../../lib/form.ts';
import { communityRule } from '../../lib/rules.ts';
import { Button } from '../../primitives/Button/Button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../primitives/Dialog/Dialog.tsx';
import { Field } from '../../primitives/Field/Field.tsx';
import { FormMessages } from '../../primitives/FormMessages/FormMessages.tsx';
import { Input } from '../../primitives/Input/Input.tsx';
import { Textarea } from '../../primitives/Textarea/Textarea.tsx';

export interface CreateCommunityModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the server created it (the session user is already replaced by then). */
  onCreated?: (community: Community) => void;
}

function CreateCommunityForm({ onOpenChange, onCreated }: Omit<CreateCommunityModalProps, 'open'>) {
  const create = useCreateCommunity();
  const form = useContractForm({ defaultValues: { name: '', description: '' }, rules: [communityRule] });
  const description = useController({ control: form.control, name: 'description' });
  // Create stays disabled until the contract's rule holds.
  const valid = communityRule(form.watch()) === null;

  const onSubmit = form.submitWith(({ name, description: text }) => {
    create.mutate(
      { name: name.trim(), description: text.trim() },
      {
        onSuccess: ({ newCommunity }) => {
          onOpenChange(false);
          onCreated?.(newCommunity);
        },
        onError: (failure) => form.failWith(errorMessage(failure, FALLBACK_MESSAGES.createCommunityFailed)),
      },
    );
  });

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <Field label="Name">
        <Input required autoComplete="off" {...form.register('name')} />
      </Field>
      <Field label="Description">
        <Textarea {...description.field} maxLength={MAX_COMMUNITY_DESCRIPTION_LENGTH} required rows={4} />
      </Field>
      <FormMessages error={form.message} emphasis />
      <DialogFooter>
        <Button variant="outline" onClick={() => onOpenChange(false)} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={!valid} busy={create.isPending} busyLabel="Creating...">
          Create
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Spec §2 "Create Community": Name and Description (at most 300 characters, with a counter). */
export function CreateCommunityModal({ open, onOpenChange, onCreated }: CreateCommunityModalProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create Community</DialogTitle>
          <DialogDescription>Give your community a name and tell people what it is about.</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open: every opening starts with an empty form. */}
        {open ? <CreateCommunityForm onOpenChange={onOpenChange} onCreated={onCreated} /> : null}
      </DialogContent>
    </Dialog>
  );
}
