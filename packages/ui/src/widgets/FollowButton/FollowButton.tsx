import * as React from 'react';
import { FALLBACK_MESSAGES } from '@pitlane/api/contract';
import { errorMessage } from '@pitlane/api/client';
import { useSession, useToggleFollow } from '@pitlane/api/hooks';
import { cn } from '../../lib/cn.ts';
import { Button, type ButtonProps } from '../../primitives/Button/Button.tsx';

export type FollowState = 'following' | 'followsYou' | 'none';

/** Spec §2: "Unfollow" when you follow them, "Follow Back" when they follow you, else "Follow". */
export const FOLLOW_LABELS: Record<FollowState, string> = {
  following: 'Unfollow',
  followsYou: 'Follow Back',
  none: 'Follow',
};

/** Where the signed-in user stands with `userId`, read from the session user's own lists. */
export function useFollowState(userId: string): FollowState {
  const { user } = useSession();
  if (user?.following.includes(userId)) return 'following';
  if (user?.followers.includes(userId)) return 'followsYou';
  return 'none';
}

export interface FollowButtonProps extends Pick<ButtonProps, 'size' | 'className'> {
  /** The user to follow or unfollow. */
  userId: string;
  /** Their username, so the button's accessible name says who ("Follow kenji.r"). */
  username?: string;
}

/**
 * The follow toggle of profiles and follow lists. The server's `currentUser` replaces the
 * session user (through `useToggleFollow`), so the label follows from the session itself.
 *
 * A failure shows the spec §8 alert as an in-page `role="alert"` message under the button (the
 * server's message first, else "Something went wrong. Please try again."), not `window.alert`:
 * it does not block the page, screen readers announce it, and it goes away on the next try.
 */
export function FollowButton({ userId, username, size = 'sm', className }: FollowButtonProps) {
  const state = useFollowState(userId);
  const toggle = useToggleFollow();
  const [error, setError] = React.useState<string | null>(null);
  const label = FOLLOW_LABELS[state];

  const onClick = () => {
    setError(null);
    toggle.mutate(
      { userId },
      { onError: (failure) => setError(errorMessage(failure, FALLBACK_MESSAGES.followFailed)) },
    );
  };

  return (
    <div data-slot="follow-button" className={cn('inline-flex flex-col items-end gap-1', className)}>
      <Button
        size={size}
        variant={state === 'following' ? 'outline' : 'primary'}
        busy={toggle.isPending}
        aria-label={username ? `${label} ${username}` : undefined}
        onClick={onClick}
        className="min-w-24"
      >
        {label}
      </Button>
      {error ? (
        <p role="alert" className="max-w-56 text-right text-xs font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
