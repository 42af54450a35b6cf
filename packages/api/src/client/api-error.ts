// The one error type of every call. Callers show `serverMessage` when there is one and their
// spec §8 fallback otherwise (see `errorMessage`).

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the request never got an answer (network failure). */
  readonly status: number;
  /** The `message` of the server's error reply, when it carried one. */
  readonly serverMessage: string | undefined;
  /** The parsed reply body, if any. */
  readonly body: unknown;

  constructor(status: number, serverMessage: string | undefined, body?: unknown, options?: { cause?: unknown; fallback?: string }) {
    super(serverMessage ?? options?.fallback ?? (status === 0 ? 'Network error' : `Request failed with status ${status}`), { cause: options?.cause });
    this.status = status;
    this.serverMessage = serverMessage;
    this.body = body;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** Spec §8 "server message first": the server's message, else the caller's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.serverMessage ? error.serverMessage : fallback;
}
