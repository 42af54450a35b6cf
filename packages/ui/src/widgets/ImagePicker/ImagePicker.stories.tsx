import * as React from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent as userEventLib, waitFor, within } from 'storybook/test';
import { carImage } from '@pitlane/api/mocks';
import { Button } from '../../primitives/Button/Button.tsx';
import { existingImages, ImagePicker, PHOTO_DESCRIPTION_PROMPT, type ImagePickerProps, type PickedImage } from './ImagePicker.tsx';

/** The picker with its state, as the post form holds it. */
function Picker({ initial = [], onChange, mode }: { initial?: PickedImage[]; onChange: ImagePickerProps['onChange']; mode: ImagePickerProps['mode'] }) {
  const [images, setImages] = React.useState(initial);
  return (
    <div className="max-w-xl">
      <ImagePicker
        mode={mode}
        value={images}
        onChange={(next) => {
          setImages(next);
          onChange(next);
        }}
      />
    </div>
  );
}

const meta = {
  title: 'Widgets/ImagePicker',
  component: Picker,
  args: { mode: 'create', onChange: fn() },
} satisfies Meta<typeof Picker>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A real PNG drawn on a canvas: a photo-like gradient with a car-ish block, a different hue per file. */
async function photo(name: string, hue: number): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = 240;
  canvas.height = 180;
  const ctx = canvas.getContext('2d')!;
  const gradient = ctx.createLinearGradient(0, 0, 240, 180);
  gradient.addColorStop(0, `hsl(${hue} 70% 60%)`);
  gradient.addColorStop(1, `hsl(${(hue + 50) % 360} 60% 28%)`);
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, 240, 180);
  ctx.fillStyle = 'rgb(17 19 21 / 0.85)';
  ctx.fillRect(50, 100, 140, 30);
  ctx.fillRect(85, 82, 70, 22);
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
  return new File([blob], name, { type: 'image/png' });
}
const photos = (count: number, from = 0) => Promise.all(Array.from({ length: count }, (_, i) => photo(`car-${from + i + 1}.png`, (from + i) * 67)));

/** The images of the last onChange call. */
const lastImages = (spy: unknown) => (spy as ReturnType<typeof fn>).mock.lastCall![0] as PickedImage[];

const input = (root: HTMLElement) => root.querySelector<HTMLInputElement>('input[type="file"]')!;
const previews = (canvas: ReturnType<typeof within>): HTMLElement[] => canvas.queryAllByRole('img', { name: /^Image \d$/ });
const body = within(document.body);

/** A native drag event carrying `files` (Testing Library's copy of a DataTransfer loses them). */
function drag(zone: Element, type: 'dragenter' | 'dragover' | 'drop', files: File[] = []) {
  const dataTransfer = new DataTransfer();
  for (const file of files) dataTransfer.items.add(file);
  zone.dispatchEvent(new DragEvent(type, { dataTransfer, bubbles: true, cancelable: true }));
}

/** Drop files on the drop zone the way a browser does. */
function drop(zone: Element, files: File[]) {
  drag(zone, 'dragenter', files);
  drag(zone, 'dragover', files);
  drag(zone, 'drop', files);
}

const existingUrls = [carImage({ seed: 'edit:0', shape: 'coupe' }), carImage({ seed: 'edit:1' }), carImage({ seed: 'edit:2', shape: 'roadster' })];
const existing = existingImages({
  imageUrls: existingUrls,
  images: existingUrls.map((url, i) => ({ url, width: 1200, height: 800, alt: i === 0 ? 'Blue coupe on a sunny road' : '' })),
});
const description = (canvas: ReturnType<typeof within>, n: number) => canvas.getByRole('textbox', { name: `Description of photo ${n} (alt text)` });

/** Nothing picked yet: the counter, the drop zone and "Select Photos", which opens the file chooser for images only. */
export const Empty: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('group', { name: 'Selected Images (0 / 5)' })).toBeVisible();
    await expect(canvas.getByText('Drag and drop photos here, or')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Select Photos' })).toBeEnabled();
    await expect(input(canvasElement)).toHaveAttribute('accept', 'image/*');
    await expect(input(canvasElement)).toHaveAttribute('multiple');
    await expect(previews(canvas)).toHaveLength(0);
  },
};

/** "Select Photos" opens the file chooser (the hidden input). */
export const SelectPhotosOpensChooser: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    const clicked = fn();
    input(canvasElement).addEventListener('click', (event) => {
      event.preventDefault(); // no native dialog in a test
      clicked();
    });
    await userEvent.click(canvas.getByRole('button', { name: 'Select Photos' }));
    await expect(clicked).toHaveBeenCalledOnce();
  },
};

/**
 * One photo picked: its preview with a remove button, the counter, and its description field with
 * the gentle prompt beside it while it is empty (issue 18).
 */
export const OneImage: Story = {
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await userEvent.upload(input(canvasElement), await photos(1));
    await expect(canvas.getByRole('group', { name: 'Selected Images (1 / 5)' })).toBeVisible();
    await waitFor(() => expect(previews(canvas)).toHaveLength(1));
    await expect(previews(canvas)[0]!.getAttribute('src')).toMatch(/^blob:/);
    await expect(canvas.getByRole('button', { name: 'Remove image 1' })).toBeVisible();
    const [picked] = lastImages(args.onChange);
    await expect(picked).toMatchObject({ kind: 'new', file: { name: 'car-1.png', type: 'image/png' }, alt: '' });
    await expect(description(canvas, 1)).toHaveAttribute('placeholder', "Describe this photo for people who can't see it");
    await expect(description(canvas, 1)).toHaveAccessibleDescription(expect.stringContaining(PHOTO_DESCRIPTION_PROMPT));
  },
};

/**
 * Describing photos from the keyboard: Tab from a photo's buttons (remove, then edit) reaches its description;
 * what is typed goes with that photo, and its prompt goes away. Photo 2, undescribed, keeps it.
 */
export const Descriptions: Story = {
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await userEvent.upload(input(canvasElement), await photos(2));
    await waitFor(() => expect(previews(canvas)).toHaveLength(2));
    canvas.getByRole('button', { name: 'Remove image 1' }).focus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Edit photo 1' })).toHaveFocus();
    await userEvent.tab();
    await expect(description(canvas, 1)).toHaveFocus();
    await userEvent.keyboard('Yellow coupe at the track, front three-quarter');
    await expect(lastImages(args.onChange).map((image) => image.alt)).toEqual(['Yellow coupe at the track, front three-quarter', '']);
    await expect(description(canvas, 1)).not.toHaveAccessibleDescription(expect.stringContaining(PHOTO_DESCRIPTION_PROMPT));
    await expect(description(canvas, 2)).toHaveAccessibleDescription(expect.stringContaining(PHOTO_DESCRIPTION_PROMPT));
    await expect(canvas.getAllByText(PHOTO_DESCRIPTION_PROMPT)).toHaveLength(1);
  },
};

/** Five photos: the limit. "Select Photos" is disabled, since a sixth cannot be added. */
export const FiveImages: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.upload(input(canvasElement), await photos(3));
    await userEvent.upload(input(canvasElement), await photos(2, 3));
    await expect(canvas.getByRole('group', { name: 'Selected Images (5 / 5)' })).toBeVisible();
    await waitFor(() => expect(previews(canvas)).toHaveLength(5));
    await expect(canvas.getByRole('button', { name: 'Select Photos' })).toBeDisabled();
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};

/** Six at once: refused whole with the alert "You can only upload a maximum of 5 images." (spec §5). */
export const SixImagesRefused: Story = {
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await userEvent.upload(input(canvasElement), await photos(6));
    await expect(canvas.getByRole('alert')).toHaveTextContent('You can only upload a maximum of 5 images.');
    await expect(canvas.getByRole('group', { name: 'Selected Images (0 / 5)' })).toBeVisible();
    await expect(previews(canvas)).toHaveLength(0);
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

/** Anything that is not an image is refused, by the chooser's filter and by a check of the file's type. */
export const NonImageRefused: Story = {
  play: async ({ args, canvas, canvasElement }) => {
    // A person can switch the chooser to "All files"; the picker still checks each file's type.
    const user = userEventLib.setup({ applyAccept: false });
    await user.upload(input(canvasElement), new File(['%PDF-1.7'], 'registration.pdf', { type: 'application/pdf' }));
    await expect(canvas.getByRole('alert')).toHaveTextContent('Only image files can be uploaded.');
    await expect(previews(canvas)).toHaveLength(0);
    await expect(args.onChange).not.toHaveBeenCalled();
    // A mix keeps the images and says why the rest were left out.
    await user.upload(input(canvasElement), [await photo('car.png', 10), new File(['notes'], 'notes.txt', { type: 'text/plain' })]);
    await waitFor(() => expect(previews(canvas)).toHaveLength(1));
    await expect(canvas.getByRole('alert')).toHaveTextContent('Only image files can be uploaded.');
  },
};

/** Desktop: photos dropped on the zone are added like picked ones; the zone lights up while dragging. */
export const DragAndDrop: Story = {
  play: async ({ canvas, canvasElement }) => {
    const zone = canvasElement.querySelector<HTMLElement>('[data-slot="image-picker-dropzone"]')!;
    drag(zone, 'dragenter');
    await waitFor(() => expect(zone).toHaveAttribute('data-dragging'));
    drop(zone, await photos(2));
    await waitFor(() => expect(zone).not.toHaveAttribute('data-dragging'));
    await expect(await canvas.findByRole('group', { name: 'Selected Images (2 / 5)' })).toBeVisible();
    await waitFor(() => expect(previews(canvas)).toHaveLength(2));
    // Dropped non-images are refused too.
    drop(zone, [new File(['x'], 'clip.mp4', { type: 'video/mp4' })]);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Only image files can be uploaded.');
    await expect(previews(canvas)).toHaveLength(2);
  },
};

/** Removing image 2 of 3: the others stay in order, and its preview's object URL is revoked. */
export const RemoveImage: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.upload(input(canvasElement), await photos(3));
    await waitFor(() => expect(previews(canvas)).toHaveLength(3));
    const [first, second, third] = previews(canvas).map((img) => img.getAttribute('src')!);
    await userEvent.click(canvas.getByRole('button', { name: 'Remove image 2' }));
    await expect(canvas.getByRole('group', { name: 'Selected Images (2 / 5)' })).toBeVisible();
    await expect(previews(canvas).map((img) => img.getAttribute('src'))).toEqual([first, third]);
    // A revoked blob URL no longer loads; the kept ones still do.
    await expect(fetch(second!)).rejects.toThrow();
    await expect((await fetch(first!)).ok).toBe(true);
  },
};

function Unmountable(props: React.ComponentProps<typeof Picker>) {
  const [shown, setShown] = React.useState(true);
  return (
    <div className="flex flex-col items-start gap-4">
      <Button variant="outline" onClick={() => setShown(false)}>
        Close form
      </Button>
      {shown ? <Picker {...props} /> : <p>Form closed.</p>}
    </div>
  );
}

/** When the form goes away, every preview's object URL is revoked with it. */
export const RevokedOnUnmount: Story = {
  render: (args) => <Unmountable {...args} />,
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.upload(input(canvasElement), await photos(2));
    await waitFor(() => expect(previews(canvas)).toHaveLength(2));
    const urls = previews(canvas).map((img) => img.getAttribute('src')!);
    await userEvent.click(canvas.getByRole('button', { name: 'Close form' }));
    await expect(canvas.getByText('Form closed.')).toBeVisible();
    for (const url of urls) await expect(fetch(url)).rejects.toThrow();
  },
};

/**
 * Edit: the post's three images, then two new ones: "Images (5 / 5)". Existing and new images can
 * each be removed; a sixth is refused with the edit wording (spec §5).
 */
export const EditWithExisting: Story = {
  args: { mode: 'edit', initial: existing },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await expect(canvas.getByRole('group', { name: 'Images (3 / 5)' })).toBeVisible();
    // The post's own descriptions are there to edit.
    await expect(description(canvas, 1)).toHaveValue('Blue coupe on a sunny road');
    await userEvent.click(canvas.getByRole('button', { name: 'Remove image 2' }));
    await expect(args.onChange).toHaveBeenLastCalledWith([existing[0], existing[2]]);
    await userEvent.upload(input(canvasElement), await photos(3));
    await expect(canvas.getByRole('group', { name: 'Images (5 / 5)' })).toBeVisible();
    await expect(previews(canvas)[0]).toHaveAttribute('src', existing[0]!.url);
    await expect(previews(canvas)[1]).toHaveAttribute('src', existing[2]!.url);
    await expect(previews(canvas)[4]!.getAttribute('src')).toMatch(/^blob:/);
    // The button is disabled at five, but a drop still tries: refused with the edit wording.
    drop(canvasElement.querySelector('[data-slot="image-picker-dropzone"]')!, await photos(1, 5));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('You can only have a maximum of 5 images in a post.');
    await expect(body.getAllByRole('img', { name: /^Image \d$/ })).toHaveLength(5);
  },
};

/** On a phone there is no drop zone: "Select Photos" fills the width; each photo has a row, its description beside it. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await expect(canvas.queryByText('Drag and drop photos here, or')).not.toBeVisible();
    await userEvent.upload(input(canvasElement), await photos(3));
    await waitFor(() => expect(previews(canvas)).toHaveLength(3));
    const [a, b, c] = previews(canvas).map((img) => img.getBoundingClientRect());
    await expect(b!.top).toBeGreaterThan(a!.bottom);
    await expect(c!.top).toBeGreaterThan(b!.bottom);
    const field = description(canvas, 1).getBoundingClientRect();
    await expect(field.left).toBeGreaterThan(a!.right);
    await expect(field.top).toBeLessThan(a!.bottom);
    await expect(canvas.getByRole('button', { name: 'Remove image 3' })).toBeVisible();
  },
};
