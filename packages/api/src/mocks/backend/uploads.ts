// Uploads in the fake: checked by content like on the real server, kept as data URLs.
import { REFUSAL_MESSAGES } from '../../contract/index.ts';
import { refuse } from './context.ts';

const IMAGE_SIGNATURES: Array<(b: Uint8Array) => boolean> = [
  (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47, // PNG
  (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff, // JPEG
  (b) => b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38, // GIF
  (b) => String.fromCharCode(...b.slice(0, 4)) === 'RIFF' && String.fromCharCode(...b.slice(8, 12)) === 'WEBP', // WebP
];

let uploads = 0;

/** Like the real server, check an upload by its content, not its name or declared type. */
export async function imageDataUrl(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!IMAGE_SIGNATURES.some((matches) => matches(bytes))) refuse(400, REFUSAL_MESSAGES.notAnImage);
  const type = file.type.startsWith('image/') ? file.type : 'image/png';
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  // Every upload gets its own URL, as on the real server, even when two files are identical.
  return `data:${type};base64,${btoa(binary)}#upload-${++uploads}`;
}
