import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent as storyUserEvent, waitFor } from 'storybook/test';
import { ImagePlus, Camera } from 'lucide-react';
import { avatarImage, coverImage, samplePngFile } from '@pitlane/api/mocks';
import { picturesLoaded } from '../../stories/pictures-loaded.ts';
import { Avatar } from '../../primitives/Avatar/Avatar.tsx';
import { SingleImagePicker } from './SingleImagePicker.tsx';

/** Edit Profile's photo: the avatar beside the button, the accepted formats under it. */
const photo = {
  preview: (picked: { url: string } | null) => (
    <Avatar
      key={picked?.url ?? 'current'}
      name="Maya Fischer"
      src={picked?.url ?? avatarImage('Maya Fischer')}
      alt={picked ? 'New profile photo preview' : 'Current profile photo'}
      size="xl"
    />
  ),
  hint: 'JPEG, PNG, GIF or WebP',
  children: (
    <>
      <Camera aria-hidden />
      Change photo
    </>
  ),
};

/** Edit Community's cover: a titled block, the wide preview above the button. */
const cover = {
  layout: 'below' as const,
  title: 'Cover photo',
  preview: (picked: { url: string } | null) => (
    <img
      src={picked?.url ?? coverImage('Air-Cooled Porsche Club')}
      alt={picked ? 'New cover preview' : 'Current cover'}
      className="aspect-[16/6] w-full rounded-md bg-muted object-cover"
    />
  ),
  hint: undefined,
  children: (
    <>
      <ImagePlus aria-hidden />
      Change cover
    </>
  ),
};

const meta = {
  title: 'Widgets/SingleImagePicker',
  component: SingleImagePicker,
  args: { onChange: fn(), ...photo },
  decorators: [(Story) => <div className="mx-auto max-w-lg py-2"><Story /></div>],
  afterEach: picturesLoaded,
} satisfies Meta<typeof SingleImagePicker>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The current photo, "Change photo" (a label for the visually hidden file input) and the formats. */
export const Photo: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Current profile photo' })).toBeVisible();
    const input = canvas.getByLabelText('Change photo');
    await expect(input).toHaveAttribute('type', 'file');
    await expect(input).toHaveAttribute('accept', 'image/*');
    await expect(input).toHaveAccessibleDescription('JPEG, PNG, GIF or WebP');
  },
};

/** A picked image previews at once, its name under the button; the form gets the file. */
export const PhotoPicked: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const file = samplePngFile('garage-selfie.png');
    await userEvent.upload(canvas.getByLabelText('Change photo'), file);
    // The avatar shows its initials until the new picture has loaded, then the picture.
    await waitFor(() => expect(canvas.getByRole('img', { name: 'New profile photo preview' })).toBeVisible());
    await expect(canvas.getByText('garage-selfie.png')).toBeVisible();
    await expect(args.onChange).toHaveBeenCalledWith(file);
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

/** Not an image (a chooser can be told to show every file): refused in red, the picture stays. */
export const NotAnImage: Story = {
  play: async ({ args, canvas }) => {
    const anyFile = storyUserEvent.setup({ applyAccept: false });
    await anyFile.upload(canvas.getByLabelText('Change photo'), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    const refusal = await canvas.findByText('Only image files can be uploaded.');
    await expect(getComputedStyle(refusal).color).toBe('rgb(185, 28, 28)');
    await expect(canvas.getByRole('img', { name: 'Current profile photo' })).toBeVisible();
    await expect(args.onChange).not.toHaveBeenCalled();
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

/** While the form is being sent nothing can be picked. */
export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Change photo')).toBeDisabled();
  },
};

/** The cover layout: title, wide preview, then the button with the picked file's name. */
export const Cover: Story = {
  args: cover,
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText('Cover photo')).toBeVisible();
    await expect(canvas.getByRole('img', { name: 'Current cover' })).toBeVisible();
    await userEvent.upload(canvas.getByLabelText('Change cover'), samplePngFile('new-cover.png'));
    await expect(await canvas.findByRole('img', { name: 'New cover preview' })).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    await expect(canvas.getByText('new-cover.png')).toBeVisible();
    await expect(args.onChange).toHaveBeenCalledOnce();
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

/** Spec §9: the photo layout at 375 px; a long file name is cut, not wrapped. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.upload(canvas.getByLabelText('Change photo'), samplePngFile('a-very-long-file-name-from-the-phone-camera-roll-2026-11-25.png'));
    const name = await canvas.findByText(/^a-very-long-file-name/);
    await expect(name.scrollWidth).toBeGreaterThan(name.clientWidth);
    (document.activeElement as HTMLElement | null)?.blur();
  },
};
