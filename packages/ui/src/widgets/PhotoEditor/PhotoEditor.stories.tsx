import * as React from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { carImage } from '@pitlane/api/mocks';
import { ImagePicker, type PickedImage } from '../ImagePicker/ImagePicker.tsx';
import { PhotoEditorDialog } from './PhotoEditorDialog.tsx';
import { renderPhoto, type Box } from './render-photo.ts';

/**
 * A street photo of a car with its number plate showing: the sample car picture with a plate
 * drawn on it at `PLATE` (fractions of the photo), as a JPEG file a phone would give.
 */
const PLATE: Box = { x: 0.4, y: 0.58, width: 0.2, height: 0.06 };
async function streetPhoto(): Promise<File> {
  const picture = new Image();
  picture.src = carImage({ seed: 'privacy', shape: 'suv' });
  await picture.decode();
  const canvas = document.createElement('canvas');
  canvas.width = 1200;
  canvas.height = 800;
  const ctx = canvas.getContext('2d')!;
  ctx.drawImage(picture, 0, 0);
  const [x, y, w, h] = [PLATE.x * 1200, PLATE.y * 800, PLATE.width * 1200, PLATE.height * 800];
  ctx.fillStyle = '#f4f4f0';
  ctx.fillRect(x, y, w, h);
  ctx.strokeStyle = '#111';
  ctx.lineWidth = 3;
  ctx.strokeRect(x + 2, y + 2, w - 4, h - 4);
  ctx.fillStyle = '#111';
  ctx.font = '600 34px Inter, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText('PL 42 NE', x + w / 2, y + h / 2 + 1);
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.92));
  return new File([blob], 'street.jpg', { type: 'image/jpeg' });
}

function EditorStory({ onApply, onClose }: { onApply: (file: File) => void; onClose: () => void }) {
  const [file, setFile] = React.useState<File | null>(null);
  React.useEffect(() => {
    void streetPhoto().then(setFile);
  }, []);
  return <PhotoEditorDialog file={file} photoNumber={1} onApply={onApply} onClose={onClose} />;
}

const meta = {
  title: 'Widgets/PhotoEditor',
  component: EditorStory,
  args: { onApply: fn(), onClose: fn() },
} satisfies Meta<typeof EditorStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);
/** For the waits on the photo's encoding and the editor's lazy chunk (see blurThePlate). */
const SLOW = { timeout: 15_000 };

/** The editor open, with one blur area moved by keyboard onto the number plate. */
async function blurThePlate(userEvent: { click: (el: Element) => Promise<void>; keyboard: (text: string) => Promise<void> }) {
  // The dialog opens once the 1200 × 800 street photo is encoded in the page, and its photo waits
  // for the lazy cropper chunk: on a loaded 2-core CI machine each once took over the shared 5 s
  // (2026-11-27, twice). A wait that fails still fails.
  const dialog = await body.findByRole('dialog', { name: 'Edit photo 1' }, SLOW);
  const photo = await within(dialog).findByRole('img', { name: 'Photo 1, as it will be posted' }, SLOW);
  await waitFor(() => expect((photo as HTMLImageElement).complete && (photo as HTMLImageElement).naturalWidth > 0).toBe(true));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add blur area' }));
  const area = await within(dialog).findByRole('group', { name: 'Blur area 1' });
  await waitFor(() => expect(area).toHaveFocus());
  // Down onto the plate, then a little narrower (Shift + arrow keys resize).
  await userEvent.keyboard('{ArrowDown>14/}{Shift>}{ArrowLeft>4/}{/Shift}{ArrowRight>2/}');
  await expect(area).toHaveAccessibleDescription(expect.stringContaining('arrow keys move it, Shift + arrow keys resize it, Delete removes it'));
  return { dialog, area };
}

/**
 * The editor on a street photo: crop shape, a quarter turn and blur areas. A blur area has been
 * added and moved over the number plate with the keyboard; it shows blurred already.
 */
export const WithBlurArea: Story = {
  play: async ({ userEvent }) => {
    const { area } = await blurThePlate(userEvent);
    const frame = area.parentElement!.getBoundingClientRect();
    const box = area.getBoundingClientRect();
    // It now lies over the plate (x 40–60 %, y 58–64 % of the photo).
    await expect((box.left - frame.left) / frame.width).toBeCloseTo(0.37, 2);
    await expect((box.top - frame.top) / frame.height).toBeCloseTo(0.58, 2);
    await expect(box.width / frame.width).toBeCloseTo(0.26, 2);
    await expect(box.height / frame.height).toBeCloseTo(0.12, 2);
  },
};

/** On a phone: the tools wrap above the photo, Cancel and Apply stack under it. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ userEvent }) => {
    await blurThePlate(userEvent);
  },
};

/** Delete removes the focused blur area; focus goes back to "Add blur area". Cancel applies nothing. */
export const RemoveAndCancel: Story = {
  tags: ['!visual'],
  play: async ({ args, userEvent }) => {
    const { dialog } = await blurThePlate(userEvent);
    await userEvent.keyboard('{Delete}');
    await expect(within(dialog).queryByRole('group', { name: 'Blur area 1' })).not.toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Add blur area' })).toHaveFocus());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect(args.onClose).toHaveBeenCalledOnce();
    await expect(args.onApply).not.toHaveBeenCalled();
  },
};

/** The picker as the post form holds it, with the editor behind each new photo's "Edit photo". */
function PickerWithEditor({ onChange }: { onChange: (images: PickedImage[]) => void }) {
  const [images, setImages] = React.useState<PickedImage[]>([]);
  return (
    <div className="max-w-xl">
      <ImagePicker
        mode="create"
        value={images}
        onChange={(next) => {
          setImages(next);
          onChange(next);
        }}
      />
    </div>
  );
}

/**
 * From the keyboard, end to end: "Edit photo 1" opens the editor, a blur area is added and moved
 * over the plate with the arrow keys, and Apply puts the edited photo in the picker in place of
 * the picked one, its description kept.
 */
export const KeyboardFlowInPicker: Story = {
  render: () => <PickerWithEditor onChange={pickerChanges} />,
  play: async ({ canvas, canvasElement, userEvent }) => {
    pickerChanges.mockClear();
    await userEvent.upload(canvasElement.querySelector<HTMLInputElement>('input[type="file"]')!, await streetPhoto());
    const preview = await canvas.findByRole('img', { name: 'Image 1' });
    const before = preview.getAttribute('src');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Description of photo 1 (alt text)' }), 'Grey SUV parked on our street');
    const picked = (pickerChanges.mock.lastCall![0] as PickedImage[])[0] as Extract<PickedImage, { kind: 'new' }>;

    canvas.getByRole('button', { name: 'Edit photo 1' }).focus();
    await userEvent.keyboard('{Enter}');
    // As in blurThePlate: the lazy cropper and the in-page JPEG took over 5 s in a CI run (2026-11-27).
    const dialog = await body.findByRole('dialog', { name: 'Edit photo 1' }, SLOW);
    await within(dialog).findByRole('img', { name: 'Photo 1, as it will be posted' }, SLOW);
    within(dialog).getByRole('button', { name: 'Add blur area' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(dialog).getByRole('group', { name: 'Blur area 1' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown>14/}{Shift>}{ArrowLeft>4/}{/Shift}{ArrowRight>2/}');
    within(dialog).getByRole('button', { name: 'Apply' }).focus();
    await userEvent.keyboard('{Enter}');

    // Apply encodes the edited JPEG in the page before the dialog closes: slow on a loaded machine.
    await waitFor(() => expect(body.queryByRole('dialog', { name: 'Edit photo 1' })).not.toBeInTheDocument(), SLOW);
    // The edited photo took the picked one's place: a new file and preview, the description kept.
    const [edited] = pickerChanges.mock.lastCall![0] as PickedImage[];
    await expect(edited).toMatchObject({ kind: 'new', key: picked.key, alt: 'Grey SUV parked on our street', file: { name: 'street.jpg', type: 'image/jpeg' } });
    await expect((edited as typeof picked).file).not.toBe(picked.file);
    await waitFor(() => expect(canvas.getByRole('img', { name: 'Image 1' }).getAttribute('src')).not.toBe(before));
    // The picked file's preview is let go.
    await expect(fetch(before!)).rejects.toThrow();
    // Focus is back on "Edit photo 1".
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Edit photo 1' })).toHaveFocus());
  },
};
const pickerChanges = fn();

// ——— What "Apply" writes (render-photo.ts), proved on the pixels ———

/** A 400 × 300 PNG of black and white 4 px squares: the sharpest detail a photo can have. */
async function checkerboard(): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = 400;
  canvas.height = 300;
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, 400, 300);
  ctx.fillStyle = '#000';
  for (let y = 0; y < 300; y += 4) for (let x = (y / 4) % 2 ? 4 : 0; x < 400; x += 8) ctx.fillRect(x, y, 4, 4);
  return new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
}

/** The decoded pixels of an image file, and the variance of the brightness in a region of it. */
async function pixels(blob: Blob) {
  const bitmap = await createImageBitmap(blob);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const ctx = canvas.getContext('2d')!;
  ctx.drawImage(bitmap, 0, 0);
  return {
    width: bitmap.width,
    height: bitmap.height,
    variance(x: number, y: number, w: number, h: number) {
      const { data } = ctx.getImageData(x, y, w, h);
      const values: number[] = [];
      for (let i = 0; i < data.length; i += 4) values.push(0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!);
      const mean = values.reduce((a, b) => a + b, 0) / values.length;
      return values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length;
    },
  };
}

function show(root: HTMLElement, blob: Blob, caption: string) {
  const figure = document.createElement('figure');
  figure.className = 'flex flex-col gap-1 text-sm';
  const img = document.createElement('img');
  img.src = URL.createObjectURL(blob);
  img.alt = caption;
  img.className = 'border border-input';
  const text = document.createElement('figcaption');
  text.textContent = caption;
  figure.append(img, text);
  root.append(figure);
}

/**
 * What Apply writes, checked on the decoded output: a blur area over a checkerboard leaves almost
 * no detail in that region (it is gone from the pixels, not covered), while the rest stays sharp;
 * a quarter turn swaps width and height; a crop gives the size asked; PNG stays PNG, JPEG stays JPEG.
 */
export const WhatApplyWrites: Story = {
  render: () => <div data-testid="outputs" className="flex flex-wrap items-start gap-4" />,
  play: async ({ canvas }) => {
    const root = canvas.getByTestId('outputs');
    const source = await checkerboard();
    const original = await pixels(source);
    show(root, source, 'The original (400 × 300)');

    // A blur area over the middle: x 100–300, y 100–200.
    const blurred = await renderPhoto(source, 'image/png', { quarterTurns: 0, crop: null, blurs: [{ x: 0.25, y: 1 / 3, width: 0.5, height: 1 / 3 }] });
    await expect(blurred.type).toBe('image/png');
    const out = await pixels(blurred);
    show(root, blurred, 'Blurred in the middle');
    await expect([out.width, out.height]).toEqual([400, 300]);
    const sharp = original.variance(120, 120, 160, 60);
    await expect(sharp).toBeGreaterThan(10_000); // black and white squares: about 16,256
    // Inside the area: less than 1 % of the detail is left; outside it, all of it.
    await expect(out.variance(120, 120, 160, 60)).toBeLessThan(sharp / 100);
    await expect(out.variance(0, 0, 400, 80)).toBeCloseTo(original.variance(0, 0, 400, 80), 0);
    await expect(out.variance(0, 220, 400, 80)).toBeCloseTo(original.variance(0, 220, 400, 80), 0);

    // A quarter turn: 300 × 400. As a JPEG source, the output is a JPEG.
    const turned = await renderPhoto(source, 'image/jpeg', { quarterTurns: 1, crop: null, blurs: [] });
    await expect(turned.type).toBe('image/jpeg');
    const turnedPixels = await pixels(turned);
    await expect([turnedPixels.width, turnedPixels.height]).toEqual([300, 400]);
    show(root, turned, 'Turned 90°, as JPEG');

    // A crop of half the width and half the height, from the quarter point: 200 × 150.
    const cropped = await renderPhoto(source, 'image/webp', { quarterTurns: 0, crop: { x: 0.25, y: 0.25, width: 0.5, height: 0.5 }, blurs: [] });
    const croppedPixels = await pixels(cropped);
    await expect([croppedPixels.width, croppedPixels.height]).toEqual([200, 150]);
    await expect(cropped.type).toBe('image/jpeg');
    show(root, cropped, 'Cropped to the middle (WebP becomes JPEG)');
    await waitFor(() => expect([...root.querySelectorAll('img')].every((img) => img.complete && img.naturalWidth > 0)).toBe(true));
  },
};
