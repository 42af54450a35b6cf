// A call whose reply is a file (the data export, issue 19), for the client's `download`: fetched
// whole as a Blob under the server's name for it; a refusal becomes the same ApiError every other
// call gives (with the server's `message`), and a 401 raises the auth-error event. In a module of
// its own so the first load of every page does not carry it (BENCHMARKS.md "Web").
import { ApiError } from './api-error.ts';
import { emitAuthError } from './auth-events.ts';
import type { CallOptions, DownloadedFile } from './client.ts';

/** `attachment; filename="pitlane-maya-2026-11-27.zip"` → `pitlane-maya-2026-11-27.zip`. */
export function fileNameOf(contentDisposition: string | null, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(contentDisposition ?? '');
  return match?.[1] ?? fallback;
}

export async function downloadFile(doFetch: typeof fetch, method: string, target: string, callOptions: CallOptions): Promise<DownloadedFile> {
  let response: Response;
  try {
    response = await doFetch(target, { method, credentials: 'include', signal: callOptions.signal });
  } catch (error) {
    if (callOptions.signal?.aborted) throw error;
    throw new ApiError(0, undefined, undefined, { cause: error });
  }
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: no server message
    }
    const message = typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string' ? (body as { message: string }).message : undefined;
    const error = new ApiError(response.status, message, body);
    if (response.status === 401) emitAuthError(error);
    throw error;
  }
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition'), 'download') };
}
