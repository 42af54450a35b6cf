import * as React from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { MAX_PHOTO_DESCRIPTION_LENGTH } from '@pitlane/api/contract';
import { coverImage, samplePngFile } from '@pitlane/api/mocks';
import { MeetCover } from '../MeetCard/MeetCard.tsx';
import { CoverPhotoField } from './CoverPhotoField.tsx';

/** The field as a form holds it: the picked file, "Remove photo" pressed, the description. */
function Held({ currentUrl = null, description = '', editing = false }: { currentUrl?: string | null; description?: string; editing?: boolean }) {
  const [picked, setPicked] = React.useState<File | null>(null);
  const [removed, setRemoved] = React.useState(false);
  const [text, setText] = React.useState(description);
  return (
    <div className="grid gap-5">
      <CoverPhotoField
        currentUrl={currentUrl}
        picked={picked}
        removed={removed}
        placeholder={<MeetCover meet={{ coverImageUrl: null, coverImageAlt: '' }} className="h-24 w-full rounded-md" />}
        onPick={setPicked}
        onRemove={editing ? () => setRemoved(true) : undefined}
        description={text}
        onDescriptionChange={setText}
      />
    </div>
  );
}

const meta = {
  title: 'Widgets/CoverPhotoField',
  component: Held,
  decorators: [(Story) => <div className="mx-auto max-w-lg py-2"><Story /></div>],
} satisfies Meta<typeof Held>;
export default meta;
type Story = StoryObj<typeof meta>;

const descriptionBox = { name: 'Description of the cover (alt text)' };

/** No cover yet: the placeholder and "Choose photo"; no description to give until there is a picture. */
export const NoCover: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Cover photo (optional)')).toBeVisible();
    await expect(canvas.getByLabelText('Choose photo')).toHaveAttribute('type', 'file');
    await expect(canvas.queryByRole('img')).toBeNull();
    await expect(canvas.queryByRole('textbox', descriptionBox)).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Remove photo' })).toBeNull();
  },
};

/** An edit keeps the saved cover and its description, counted from the start; a new picture empties it. */
export const NewPictureNewDescription: Story = {
  args: { currentUrl: coverImage('Box Hill'), description: 'Cars lined up at the top of Box Hill.', editing: true },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('img', { name: 'Current cover' })).toBeVisible();
    const box = canvas.getByRole('textbox', descriptionBox);
    await expect(box).toHaveValue('Cars lined up at the top of Box Hill.');
    await expect(canvas.getByText(`37 / ${MAX_PHOTO_DESCRIPTION_LENGTH}`)).toBeVisible();
    await userEvent.upload(canvas.getByLabelText('Change photo'), samplePngFile('new-cover.png'));
    await expect(await canvas.findByRole('img', { name: 'New cover preview' })).toBeVisible();
    await expect(canvas.getByRole('textbox', descriptionBox)).toHaveValue('');
    // A picture not saved yet is not removed, it is replaced.
    await expect(canvas.queryByRole('button', { name: 'Remove photo' })).toBeNull();
  },
};

/** "Remove photo" on an edit: the placeholder again, and no description for a picture that goes. */
export const RemoveSaved: Story = {
  args: { currentUrl: coverImage('Box Hill'), description: 'Cars lined up at the top of Box Hill.', editing: true },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Remove photo' }));
    await expect(canvas.queryByRole('img')).toBeNull();
    await expect(canvas.getByLabelText('Choose photo')).toBeInTheDocument();
    await expect(canvas.queryByRole('textbox', descriptionBox)).toBeNull();
  },
};
