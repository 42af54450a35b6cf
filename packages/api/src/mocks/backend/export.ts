// The data export (issue 19; apps/server/src/modules/export): the fake answers a tiny zip of
// one README.txt, named as the server names the real one, and refuses a second export within
// the minute as the server does, so stories show both the download and the refusal.
import { DATA_EXPORT, dataExportFileName, REFUSAL_MESSAGES } from '../../contract/index.ts';
import { refuse, type Implementation } from './context.ts';
import type { World } from './world.ts';

/** A stored (uncompressed) zip holding README.txt, made once with yazl. */
const SAMPLE_EXPORT_ZIP =
  'UEsDBBQAAAgAAAAAIVxnkPMYSwAAAEsAAAAKAAAAUkVBRE1FLnR4dEEgc2FtcGxlIG9mIHRoZSBQaXRsYW5lIGRhdGEgZXhwb3J0LCBtYWRlIGJ5IHRoZSBtb2NrIGJhY2tlbmQgZm9yIHN0b3JpZXMuClBLAQI/AxQAAAgAAAAAIVxnkPMYSwAAAEsAAAAKAAkAAAAAAAAAAAC0gQAAAABSRUFETUUudHh0VVQFAAMAuVVpUEsFBgAAAAABAAEAQQAAAHMAAAAAAA==';

const sampleZip = (): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(SAMPLE_EXPORT_ZIP), (char) => char.charCodeAt(0));

export function exportRoutes(world: World): Pick<Implementation, 'users.export'> {
  /** When each person last exported (ms). */
  const lastExport = new Map<string, number>();
  return {
    'users.export': (ctx) => {
      const at = new Date(world.now());
      const last = lastExport.get(ctx.viewer.id);
      if (last !== undefined && at.getTime() - last < DATA_EXPORT.windowSeconds * 1000) refuse(429, REFUSAL_MESSAGES.dataExportTooSoon);
      lastExport.set(ctx.viewer.id, at.getTime());
      ctx.attach(dataExportFileName(ctx.viewer.username, at));
      return sampleZip();
    },
  };
}
