import * as React from 'react';
import { FALLBACK_MESSAGES, SUCCESS_MESSAGES } from '@pitlane/api/contract';
import { errorMessage } from '@pitlane/api/client';
import { useSuspendUser, useUnsuspendUser } from '@pitlane/api/hooks';
import type { HideStatus } from './use-hide-actions.ts';

export interface SuspensionActions {
  /**
   * Suspends the person with the operator's reason. Rejects with the message to show (the
   * server's, else the fallback), so the dialog that asked for the reason stays open with it.
   */
  suspend: (reason: string) => Promise<void>;
  /** Lifts the suspension. Resolves either way: a failure lands in `error`. */
  lift: () => Promise<void>;
  pending: boolean;
  /** "Account suspended." / "Suspension lifted.", for the polite status. */
  status: HideStatus;
  /** The last failed lift's message. */
  error: string | null;
}

/**
 * An operator's suspension and its end for one person (issue 18). The hooks read the profile
 * again, which then carries `suspended`, so the header's badge follows by itself.
 */
export function useSuspensionActions(person: { _id: string }): SuspensionActions {
  const suspendUser = useSuspendUser();
  const unsuspendUser = useUnsuspendUser();
  const [status, setStatus] = React.useState<HideStatus>({ text: '', key: 0 });
  const [error, setError] = React.useState<string | null>(null);
  const announce = (text: string) => setStatus((last) => ({ text, key: last.key + 1 }));

  return {
    suspend: (reason) => {
      setError(null);
      return suspendUser.mutateAsync({ userId: person._id, reason }).then(
        () => announce(SUCCESS_MESSAGES.accountSuspended),
        (cause: unknown) => {
          throw new Error(errorMessage(cause, FALLBACK_MESSAGES.moderationActionFailed));
        },
      );
    },
    lift: () => {
      setError(null);
      return unsuspendUser.mutateAsync({ userId: person._id }).then(
        () => announce(SUCCESS_MESSAGES.suspensionLifted),
        (cause: unknown) => setError(errorMessage(cause, FALLBACK_MESSAGES.moderationActionFailed)),
      );
    },
    pending: suspendUser.isPending || unsuspendUser.isPending,
    status,
    error,
  };
}
