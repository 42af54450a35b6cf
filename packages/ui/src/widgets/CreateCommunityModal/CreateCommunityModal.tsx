import * as React from 'react';
import { FALLBACK_MESSAGES, MAX_COMMUNITY_DESCRIPTION_LENGTH, isValidCommunity, type Community } from '@pitlane/api/contract';
import { errorMessage } from '@pitlane/api/client';
import { useCreateCommunity } from '@pitlane/api/hooks';
import { Button } from '../../primitives/Button/Button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../primitives/Dialog/Dialog.tsx';
import { Field } from '../../primitives/Field/Field.tsx';
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
  const [name, setName] = React.useState('');
  const [description, setDescription] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const valid = isValidCommunity({ name, description });

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    setError(null);
    create.mutate(
      { name: name.trim(), description: description.trim() },
      {
        onSuccess: ({ newCommunity }) => {
          onOpenChange(false);
          onCreated?.(newCommunity);
        },
        onError: (failure) => setError(errorMessage(failure, FALLBACK_MESSAGES.createCommunityFailed)),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <Field label="Name">
        <Input value={name} onChange={(event) => setName(event.target.value)} required autoComplete="off" />
      </Field>
      <Field label="Description">
        <Textarea
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          maxLength={MAX_COMMUNITY_DESCRIPTION_LENGTH}
          required
          rows={4}
        />
      </Field>
      {error ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
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
