import * as React from 'react';
import { FALLBACK_MESSAGES } from '@pitlane/api/contract';
import { errorMessage } from '@pitlane/api/client';
import { useBlockUser, useMuteUser, useUnblockUser, useUnmuteUser } from '@pitlane/api/hooks';

export type HideAction = 'block' | 'unblock' | 'mute' | 'unmute';

const DONE: Record<HideAction, string> = { block: 'blocked', unblock: 'unblocked', mute: 'muted', unmute: 'unmuted' };

const FAILED: Record<HideAction, string> = {
  block: FALLBACK_MESSAGES.blockFailed,
  unblock: FALLBACK_MESSAGES.unblockFailed,
  mute: FALLBACK_MESSAGES.muteFailed,
  unmute: FALLBACK_MESSAGES.unmuteFailed,
};

/** What a screen reader hears once an action is done: "You muted @kenji.r." */
export function hideStatusText(action: HideAction, username: string): string {
  return `You ${DONE[action]} @${username}.`;
}

export interface HideStatus {
  text: string;
  /** Bumped on every announcement, so saying the same words twice is heard twice. */
  key: number;
}

export interface HideActions {
  /** Runs an action. Resolves either way: a failure lands in `error`, a success in `status`. */
  run: (action: HideAction) => Promise<void>;
  /** One of the four calls is running (the menu and the Unblock button wait for it). */
  pending: boolean;
  isPending: (action: HideAction) => boolean;
  status: HideStatus;
  /** The last failure's message: the server's, else the fallback of that action. */
  error: string | null;
}

/**
 * Block, unblock, mute and unmute of one person, with what to tell the viewer afterwards. The
 * hooks update the profile's `blocked` / `muted` and the session, so the page follows by itself.
 */
export function useHideActions(person: { _id: string; username: string }): HideActions {
  const mutations: Record<HideAction, ReturnType<typeof useBlockUser>> = {
    block: useBlockUser(),
    unblock: useUnblockUser(),
    mute: useMuteUser(),
    unmute: useUnmuteUser(),
  };
  const [status, setStatus] = React.useState<HideStatus>({ text: '', key: 0 });
  const [error, setError] = React.useState<string | null>(null);

  const run = (action: HideAction) => {
    setError(null);
    return mutations[action].mutateAsync({ userId: person._id }).then(
      () => setStatus((last) => ({ text: hideStatusText(action, person.username), key: last.key + 1 })),
      (cause: unknown) => setError(errorMessage(cause, FAILED[action])),
    );
  };

  return {
    run,
    pending: Object.values(mutations).some((mutation) => mutation.isPending),
    isPending: (action) => mutations[action].isPending,
    status,
    error,
  };
}
