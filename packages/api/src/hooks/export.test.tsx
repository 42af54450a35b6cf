import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REFUSAL_MESSAGES } from '../contract/index.ts';
import { createMockBackend, fetchThroughHandlers, FIXTURE, fixtures, handlers } from '../mocks/index.ts';
import { useDataExport } from './export.ts';
import { makeWrapper } from './test-utils.tsx';

// The data export's hook over the fake backend through the MSW handlers, as stories use it: the
// zip with the server's name for it, then the refusal of a second one within the minute.
describe('useDataExport', () => {
  it('downloads the zip under its file name; a second one at once is refused with the sentence', async () => {
    const backend = createMockBackend(fixtures.standard());
    const { Wrapper } = makeWrapper(fetchThroughHandlers(handlers(backend)), { session: false });
    const { result } = renderHook(() => useDataExport(), { wrapper: Wrapper });

    let file: Awaited<ReturnType<typeof result.current.mutateAsync>> | undefined;
    await act(async () => {
      file = await result.current.mutateAsync();
    });
    expect(file?.fileName).toMatch(new RegExp(`^pitlane-${FIXTURE.viewer.replace('.', '\\.')}-\\d{4}-\\d\\d-\\d\\d\\.zip$`));
    expect(file?.blob.type).toBe('application/zip');
    expect([...new Uint8Array(await file!.blob.slice(0, 4).arrayBuffer())]).toEqual([0x50, 0x4b, 0x03, 0x04]);

    await act(async () => {
      await result.current.mutateAsync().catch(() => undefined);
    });
    await waitFor(() => expect(result.current.error).toMatchObject({ status: 429, serverMessage: REFUSAL_MESSAGES.dataExportTooSoon }));
  });
});
