// What "Apply" in the photo editor writes (issue 18): the picked photo turned, cropped and with
// its blur areas burned into the pixels, as a new file. Runs in the browser (canvas); the original
// never leaves the device, and the new file carries no metadata (a canvas encodes none: no EXIF,
// no GPS).

/** A rectangle in fractions (0–1) of the turned photo's width and height. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PhotoEdits {
  /** Quarter turns clockwise (0–3), applied first. */
  quarterTurns: number;
  /** The part kept, in fractions of the turned photo; null keeps it whole. */
  crop: Box | null;
  /** Areas to blur, in fractions of the turned photo (the parts outside the crop fall away). */
  blurs: readonly Box[];
}

export const WHOLE: Box = { x: 0, y: 0, width: 1, height: 1 };

/** PNG stays PNG (it may have transparency); every other photo becomes a JPEG. */
export function outputType(type: string): 'image/png' | 'image/jpeg' {
  return type === 'image/png' ? 'image/png' : 'image/jpeg';
}
export const JPEG_QUALITY = 0.9;

/** The photo's size after `quarterTurns` clockwise turns. */
export function turnedSize(width: number, height: number, quarterTurns: number): { width: number; height: number } {
  return turns(quarterTurns) % 2 === 1 ? { width: height, height: width } : { width, height };
}

const turns = (quarterTurns: number) => ((Math.round(quarterTurns) % 4) + 4) % 4;

/**
 * Draws `image` turned clockwise by `quarterTurns` into a `scale`d turned frame whose top-left is
 * at (0, 0) of the context. A quarter turn moves the picture's top-left corner to the frame's
 * top-right, so the frame is shifted by the turned width (or height) before rotating.
 */
export function drawTurned(ctx: CanvasRenderingContext2D, image: CanvasImageSource & { width: number; height: number }, quarterTurns: number, scale = 1) {
  const q = turns(quarterTurns);
  const w = image.width * scale;
  const h = image.height * scale;
  ctx.save();
  if (q === 1) ctx.translate(h, 0);
  else if (q === 2) ctx.translate(w, h);
  else if (q === 3) ctx.translate(0, w);
  ctx.rotate((q * Math.PI) / 2);
  ctx.drawImage(image, 0, 0, w, h);
  ctx.restore();
}

/** Decodes a picked photo, upright as the camera meant it (EXIF orientation applied). */
export function decodePhoto(source: Blob): Promise<ImageBitmap> {
  return createImageBitmap(source, { imageOrientation: 'from-image' });
}

/** A box in whole pixels of a `width` × `height` frame, kept inside it and at least 1 × 1. */
export function toPixels(box: Box, width: number, height: number) {
  const x = clamp(Math.round(box.x * width), 0, width - 1);
  const y = clamp(Math.round(box.y * height), 0, height - 1);
  const right = clamp(Math.round((box.x + box.width) * width), x + 1, width);
  const bottom = clamp(Math.round((box.y + box.height) * height), y + 1, height);
  return { x, y, width: right - x, height: bottom - y };
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/**
 * The size of the blocks an area is reduced to: a third of its shorter side, and at least a
 * twelfth of its longer one, so a number plate keeps two or three rows of blocks (its characters
 * are gone) and a face a handful. Never under 4 px.
 */
export function blurBlockSize(width: number, height: number): number {
  return Math.max(4, Math.min(width, height) / 3, Math.max(width, height) / 12);
}

/**
 * Burns one blur area into the canvas: the area is averaged down to a few blocks (the detail is
 * gone from the pixels, not hidden: there is nothing left to "un-blur"), drawn back smoothly, and
 * softened once more with a blur filter so it reads as a blur, not a mosaic.
 */
function burnBlur(ctx: CanvasRenderingContext2D, area: { x: number; y: number; width: number; height: number }) {
  const block = blurBlockSize(area.width, area.height);
  const cols = Math.max(1, Math.round(area.width / block));
  const rows = Math.max(1, Math.round(area.height / block));
  // Averaged down in halving steps, so every source pixel counts (one big step would sample only some).
  let level: HTMLCanvasElement = canvasOf(area.width, area.height);
  level.getContext('2d')!.drawImage(ctx.canvas, area.x, area.y, area.width, area.height, 0, 0, area.width, area.height);
  while (level.width > cols || level.height > rows) {
    const next = canvasOf(Math.max(cols, Math.ceil(level.width / 2)), Math.max(rows, Math.ceil(level.height / 2)));
    const nextCtx = next.getContext('2d')!;
    nextCtx.imageSmoothingQuality = 'high';
    nextCtx.drawImage(level, 0, 0, next.width, next.height);
    level = next;
  }
  ctx.save();
  ctx.beginPath();
  ctx.rect(area.x, area.y, area.width, area.height);
  ctx.clip();
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(level, area.x, area.y, area.width, area.height);
  // The blurred copy's edges fade out; what shows through them is the block layer just drawn.
  ctx.filter = `blur(${Math.round(block / 2)}px)`;
  ctx.drawImage(level, area.x, area.y, area.width, area.height);
  ctx.restore();
}

function canvasOf(width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

/** The edited photo drawn on a canvas at full resolution: turned, cropped, then blurred. */
export function drawEdited(image: ImageBitmap | HTMLCanvasElement, edits: PhotoEdits, { opaque = false } = {}): HTMLCanvasElement {
  const turned = turnedSize(image.width, image.height, edits.quarterTurns);
  const crop = toPixels(edits.crop ?? WHOLE, turned.width, turned.height);
  const canvas = canvasOf(crop.width, crop.height);
  const ctx = canvas.getContext('2d')!;
  if (opaque) {
    // JPEG has no transparency: transparent parts would turn black; white is what a viewer shows.
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, crop.width, crop.height);
  }
  ctx.save();
  ctx.translate(-crop.x, -crop.y);
  drawTurned(ctx, image, edits.quarterTurns);
  ctx.restore();
  for (const blur of edits.blurs) {
    // The blur area in the cropped canvas's pixels; an area outside the crop has nothing to blur.
    const left = Math.max(Math.round(blur.x * turned.width), crop.x) - crop.x;
    const top = Math.max(Math.round(blur.y * turned.height), crop.y) - crop.y;
    const right = Math.min(Math.round((blur.x + blur.width) * turned.width), crop.x + crop.width) - crop.x;
    const bottom = Math.min(Math.round((blur.y + blur.height) * turned.height), crop.y + crop.height) - crop.y;
    if (right - left >= 1 && bottom - top >= 1) burnBlur(ctx, { x: left, y: top, width: right - left, height: bottom - top });
  }
  return canvas;
}

/** The edited photo as an encoded image: PNG stays PNG, the rest become JPEG at quality 0.9. */
export async function renderPhoto(source: Blob | ImageBitmap, type: string, edits: PhotoEdits): Promise<Blob> {
  const image = source instanceof Blob ? await decodePhoto(source) : source;
  const encoding = outputType(type);
  const canvas = drawEdited(image, edits, { opaque: encoding === 'image/jpeg' });
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, encoding, JPEG_QUALITY));
  if (!blob) throw new Error('The edited photo could not be encoded.');
  return blob;
}

/** The edited photo as a file to upload in place of the picked one (a JPEG is named .jpg). */
export async function editedFile(file: File, edits: PhotoEdits, image?: ImageBitmap): Promise<File> {
  const blob = await renderPhoto(image ?? file, file.type, edits);
  const name = blob.type === file.type ? file.name : `${file.name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`;
  return new File([blob], name, { type: blob.type, lastModified: Date.now() });
}
