// The global auth-error event of spec §4: raised on any 401 reply, from any client instance.
import type { ApiError } from './api-error.ts';

type AuthErrorListener = (error: ApiError) => void;
const listeners = new Set<AuthErrorListener>();

/** Listen for 401 replies; returns the unsubscribe function. */
export function onAuthError(listener: AuthErrorListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function emitAuthError(error: ApiError): void {
  for (const listener of [...listeners]) listener(error);
}
