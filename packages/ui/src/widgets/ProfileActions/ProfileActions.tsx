import * as React from 'react';
import { Ban, Ellipsis, Flag, ShieldCheck, ShieldOff, Volume2, VolumeX } from 'lucide-react';
import { MAX_MODERATION_REASON_LENGTH, ModerationReason } from '@pitlane/api/contract';
import { ConfirmDialog } from '../../primitives/ConfirmDialog/ConfirmDialog.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../primitives/DropdownMenu/DropdownMenu.tsx';
import { Field } from '../../primitives/Field/Field.tsx';
import { IconButton } from '../../primitives/IconButton/IconButton.tsx';
import { Textarea } from '../../primitives/Textarea/Textarea.tsx';
import { LazyReportDialog } from '../ReportDialog/LazyReportDialog.tsx';
import type { HideAction } from './use-hide-actions.ts';

/** What the block confirmation says will happen (issue 18). */
export const BLOCK_CONFIRM_MESSAGE =
  "They won't be able to see your profile or posts, follow you, or like or comment on your posts, and you won't see theirs. Your follows both ways end. They are not told.";

/** What the suspension confirmation says will happen (issue 18). */
export const SUSPEND_CONFIRM_MESSAGE =
  'They cannot sign in, their sessions end, and what they wrote is hidden from everyone but operators. The reports on them are closed.';

/** A site operator's part of the menu (issue 18): present for operators only. */
export interface SuspensionMenuProps {
  /** The account is suspended: the menu offers Lift suspension instead of Suspend account. */
  suspended: boolean;
  /** Suspends with the operator's reason; rejects with the message to show in the dialog (`useSuspensionActions().suspend`). */
  onSuspend: (reason: string) => Promise<unknown>;
  /** Lifts the suspension at once (`useSuspensionActions().lift`). */
  onLift: () => Promise<unknown>;
  /** A suspension call is running. */
  busy?: boolean;
}

export interface ProfileActionsProps {
  /** The person's id, for their report. */
  userId: string;
  username: string;
  /** Where the viewer stands with them: the menu offers the undo of what is on. */
  blocked: boolean;
  muted: boolean;
  /** Runs an action (`useHideActions().run`); Block asks first, the others act at once. */
  onAction: (action: HideAction) => Promise<unknown>;
  /** An action is running: the items wait for it. */
  busy?: boolean;
  /** The "More" button, for whoever moves the focus back to it (its page changes under it). */
  triggerRef?: React.Ref<HTMLButtonElement>;
  /** For a site operator: Suspend account / Lift suspension. */
  suspension?: SuspensionMenuProps;
  className?: string;
}

type MenuDialog = 'block' | 'report' | 'suspend';

/**
 * The "More" button of someone else's profile and its menu: Mute / Unmute, Block / Unblock and
 * Report (issue 18); for a site operator also Suspend account (or Lift suspension). Block and
 * Suspend open the app's one confirmation dialog, Report the report dialog; each gives the focus
 * back to this button.
 */
export function ProfileActions({ userId, username, blocked, muted, onAction, busy = false, triggerRef, suspension, className }: ProfileActionsProps) {
  const [dialog, setDialog] = React.useState<MenuDialog | null>(null);
  // A dialog was chosen: it opens once the menu has closed and put the focus back on the
  // trigger. Opened any sooner, the menu's closing would take the focus from the dialog, and the
  // dialog would remember a menu item (gone by then) as the place to return to.
  const dialogAfterClose = React.useRef<MenuDialog | null>(null);
  const dialogOpenChange = (which: MenuDialog) => (open: boolean) => setDialog(open ? which : null);
  const suspensionBusy = suspension?.busy ?? false;

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <IconButton ref={triggerRef} variant="outline" size="sm" aria-label={`More actions for @${username}`} className={className}>
            <Ellipsis />
          </IconButton>
        </DropdownMenuTrigger>
        <DropdownMenuContent
          onCloseAutoFocus={() => {
            const next = dialogAfterClose.current;
            if (!next) return;
            dialogAfterClose.current = null;
            setDialog(next);
          }}
        >
          <DropdownMenuItem disabled={busy} onSelect={() => void onAction(muted ? 'unmute' : 'mute')}>
            {muted ? <Volume2 aria-hidden /> : <VolumeX aria-hidden />}
            {muted ? `Unmute @${username}` : `Mute @${username}`}
          </DropdownMenuItem>
          {blocked ? (
            <DropdownMenuItem disabled={busy} onSelect={() => void onAction('unblock')}>
              <ShieldCheck aria-hidden />
              Unblock @{username}
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem
              variant="danger"
              disabled={busy}
              onSelect={() => {
                dialogAfterClose.current = 'block';
              }}
            >
              <Ban aria-hidden />
              Block @{username}
            </DropdownMenuItem>
          )}
          <DropdownMenuItem
            onSelect={() => {
              dialogAfterClose.current = 'report';
            }}
          >
            <Flag aria-hidden />
            Report @{username}
          </DropdownMenuItem>
          {suspension ? (
            <>
              <DropdownMenuSeparator />
              {suspension.suspended ? (
                <DropdownMenuItem disabled={suspensionBusy} onSelect={() => void suspension.onLift()}>
                  <ShieldCheck aria-hidden />
                  Lift suspension
                </DropdownMenuItem>
              ) : (
                <DropdownMenuItem
                  variant="danger"
                  disabled={suspensionBusy}
                  onSelect={() => {
                    dialogAfterClose.current = 'suspend';
                  }}
                >
                  <ShieldOff aria-hidden />
                  Suspend account
                </DropdownMenuItem>
              )}
            </>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      <LazyReportDialog kind="user" targetId={userId} subject={`@${username}`} open={dialog === 'report'} onOpenChange={dialogOpenChange('report')} />
      {suspension ? (
        <SuspendDialog username={username} open={dialog === 'suspend'} onOpenChange={dialogOpenChange('suspend')} onSuspend={suspension.onSuspend} />
      ) : null}
      <ConfirmDialog
        open={dialog === 'block'}
        onOpenChange={dialogOpenChange('block')}
        title={`Block @${username}?`}
        message={BLOCK_CONFIRM_MESSAGE}
        confirmLabel="Block"
        busyLabel="Blocking..."
        tone="danger"
        // Resolves either way, so the dialog closes; a failure shows in the header.
        onConfirm={() => onAction('block')}
      />
    </>
  );
}

interface SuspendDialogProps {
  username: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSuspend: (reason: string) => Promise<unknown>;
}

/**
 * The confirmation of a suspension, with the operator's reason (required, as the contract's
 * ModerationReason says). A failure keeps it open with the message, so the reason is not lost.
 */
function SuspendDialog({ username, open, onOpenChange, onSuspend }: SuspendDialogProps) {
  const [reason, setReason] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const valid = ModerationReason.safeParse({ reason }).success;

  const handleOpenChange = (next: boolean) => {
    // Each opening starts empty.
    if (!next) {
      setReason('');
      setError(null);
    }
    onOpenChange(next);
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={handleOpenChange}
      title={`Suspend @${username}?`}
      message={SUSPEND_CONFIRM_MESSAGE}
      confirmLabel="Suspend"
      busyLabel="Suspending..."
      tone="danger"
      confirmDisabled={!valid}
      onConfirm={() => {
        setError(null);
        return onSuspend(reason.trim()).catch((cause: unknown) => {
          setError(cause instanceof Error ? cause.message : String(cause));
          throw cause;
        });
      }}
    >
      <Field label="Reason">
        <Textarea value={reason} required maxLength={MAX_MODERATION_REASON_LENGTH} onChange={(event) => setReason(event.target.value)} />
      </Field>
      {error ? (
        <p role="alert" className="rounded-md bg-danger/10 px-3 py-2 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
