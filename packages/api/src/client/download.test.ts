// The client's file downloads (the data export, issue 19): the bytes and the server's file name
// on success; on a refusal the same ApiError every other call gives, with the server's sentence.
import { describe, expect, it, vi } from 'vitest';
import { dataExportFileName, REFUSAL_MESSAGES } from '../contract/index.ts';
import { ApiError, createApiClient, fileNameOf, onAuthError } from './index.ts';

function clientAnswering(response: Response) {
  const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => response);
  return { fetch, client: createApiClient({ fetch: fetch as unknown as typeof globalThis.fetch }) };
}

describe('api client downloads', () => {
  it('fetches the export with the cookie and answers its bytes and file name', async () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);
    const { fetch, client } = clientAnswering(
      new Response(zip, { headers: { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="pitlane-maya-2026-11-27.zip"' } }),
    );
    const file = await client.download('users.export');
    expect(file.fileName).toBe('pitlane-maya-2026-11-27.zip');
    expect(file.blob.type).toBe('application/zip');
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(zip);
    expect(fetch.mock.calls[0]).toEqual(['/api/user/me/export', expect.objectContaining({ method: 'GET', credentials: 'include' })]);
  });

  it("turns a refusal into an ApiError with the server's message, and a 401 into the auth-error event", async () => {
    const tooSoon = clientAnswering(Response.json({ message: REFUSAL_MESSAGES.dataExportTooSoon }, { status: 429 }));
    await expect(tooSoon.client.download('users.export')).rejects.toMatchObject({ status: 429, serverMessage: REFUSAL_MESSAGES.dataExportTooSoon });
    const heard = vi.fn();
    const stop = onAuthError(heard);
    const signedOut = clientAnswering(Response.json({ message: REFUSAL_MESSAGES.notSignedIn }, { status: 401 }));
    await expect(signedOut.client.download('users.export')).rejects.toBeInstanceOf(ApiError);
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
  });

  it('reads the file name from Content-Disposition, and names the file itself when there is none', () => {
    expect(fileNameOf('attachment; filename="pitlane-leo-2027-03-01.zip"', 'download')).toBe('pitlane-leo-2027-03-01.zip');
    expect(fileNameOf(null, 'download')).toBe('download');
  });

  it('dates the file by the UTC day of the instant, not the local one', () => {
    expect(dataExportFileName('maya', new Date('2026-11-27T23:30:00-05:00'))).toBe('pitlane-maya-2026-11-28.zip');
    expect(dataExportFileName('maya', new Date('2027-03-01T00:05:00+14:00'))).toBe('pitlane-maya-2027-02-28.zip');
  });
});
