import * as React from 'react';
import { Ban, Ellipsis, ShieldCheck, Volume2, VolumeX } from 'lucide-react';
import { ConfirmDialog } from '../../primitives/ConfirmDialog/ConfirmDialog.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../primitives/DropdownMenu/DropdownMenu.tsx';
import { IconButton } from '../../primitives/IconButton/IconButton.tsx';
import type { HideAction } from './use-hide-actions.ts';

/** What the block confirmation says will happen (issue 18). */
export const BLOCK_CONFIRM_MESSAGE =
  "They won't be able to see your profile or posts, follow you, or like or comment on your posts, and you won't see theirs. Your follows both ways end. They are not told.";

export interface ProfileActionsProps {
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
  className?: string;
}

/**
 * The "More" button of someone else's profile and its menu: Mute / Unmute and Block / Unblock.
 * Block opens the app's one confirmation dialog, which gives the focus back to this button.
 */
export function ProfileActions({ username, blocked, muted, onAction, busy = false, triggerRef, className }: ProfileActionsProps) {
  const [confirming, setConfirming] = React.useState(false);
  // Block was chosen: the dialog opens once the menu has closed and put the focus back on the
  // trigger. Opened any sooner, the menu's closing would take the focus from the dialog, and the
  // dialog would remember a menu item (gone by then) as the place to return to.
  const confirmAfterClose = React.useRef(false);

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
            if (!confirmAfterClose.current) return;
            confirmAfterClose.current = false;
            setConfirming(true);
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
            <DropdownMenuItem variant="danger" disabled={busy} onSelect={() => {
                confirmAfterClose.current = true;
              }}>
              <Ban aria-hidden />
              Block @{username}
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
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
