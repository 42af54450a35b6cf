import * as React from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent as storyUserEvent, waitFor, within } from 'storybook/test';
import { useCommunity } from '@pitlane/api/hooks';
import { failRoute, FIXTURE, fixtures, mockApi, samplePngFile } from '@pitlane/api/mocks';
import { picturesLoaded } from '../../stories/pictures-loaded.ts';
import { EditCommunityModal, type EditCommunityModalProps } from './EditCommunityModal.tsx';

/** The modal over the community as the server has it (read through the community hook). */
function EditLoaded({ communityId, ...args }: Omit<EditCommunityModalProps, 'community'> & { communityId: string }) {
  const page = useCommunity(communityId);
  const [open, setOpen] = React.useState(args.open);
  const community = page.data?.pages[0]?.community;
  if (!community) return null;
  return (
    <EditCommunityModal
      {...args}
      community={community}
      open={open}
      onOpenChange={(next) => {
        args.onOpenChange(next);
        setOpen(next);
      }}
    />
  );
}

const body = within(document.body);
const modal = async () => within(await body.findByRole('dialog', { name: 'Edit Community' }));

/**
 * A button that turns busy is disabled, so where focus lands once the call settles (the button,
 * the dialog, the page) differs from run to run; such stories drop focus before the screenshot.
 */
function settleFocus() {
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
}

const meta = {
  title: 'Widgets/EditCommunityModal',
  component: EditCommunityModal,
  parameters: { session: true },
  args: { open: true, onOpenChange: fn(), onSaved: fn(), community: undefined as never },
  beforeEach: mockApi(),
  afterEach: picturesLoaded,
  render: (args) => <EditLoaded {...args} communityId={FIXTURE.communities.airCooled} />,
} satisfies Meta<typeof EditCommunityModal>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Cover, "Members (4)" with a remove button on everyone but the creator, name and description. */
export const Default: Story = {
  play: async () => {
    const dialog = await modal();
    await dialog.findByRole('button', { name: 'Remove lena.restomod' });
    await expect(dialog.getByRole('heading', { name: 'Members (4)' })).toBeVisible();
    await expect(dialog.getByRole('img', { name: 'Current cover' })).toBeVisible();
    await expect(dialog.queryByRole('button', { name: 'Remove maya.drives' })).not.toBeInTheDocument();
    await expect(dialog.getByText('Creator')).toBeVisible();
    for (const username of ['lena.restomod', 'jonas.e30', 'tomas.trackday']) {
      await expect(dialog.getByRole('button', { name: `Remove ${username}` })).toBeVisible();
    }
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Air-Cooled Porsche Club');
    await expect((dialog.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement).value).toMatch(/^Everything before 1998/);
    await expect(dialog.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
  },
};

/**
 * Removing asks “Remove [username]”; “Yes, Remove” removes at once. The removed member's button
 * is gone, so the focus goes to the members heading, which reads the new count.
 */
export const RemoveMember: Story = {
  play: async ({ userEvent }) => {
    const dialog = await modal();
    await userEvent.click(await dialog.findByRole('button', { name: 'Remove lena.restomod' }));
    const confirm = await body.findByRole('alertdialog', { name: 'Remove lena.restomod' });
    await expect(confirm).toHaveAccessibleDescription("This will permanently delete all of this user's posts and comments within this community. Are you sure?");
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, Remove' }));
    const heading = await dialog.findByRole('heading', { name: 'Members (3)' });
    await expect(heading).toBeVisible();
    await expect(dialog.queryByText('Lena Novak')).not.toBeInTheDocument();
    await waitFor(() => expect(heading).toHaveFocus());
    settleFocus();
  },
};

/** The removal confirmation, open over the modal. */
export const RemoveConfirmation: Story = {
  play: async ({ userEvent }) => {
    const dialog = await modal();
    await userEvent.click(await dialog.findByRole('button', { name: 'Remove jonas.e30' }));
    await expect(within(await body.findByRole('alertdialog', { name: 'Remove jonas.e30' })).getByRole('button', { name: 'Yes, Remove' })).toBeVisible();
  },
};

/** Picking an image previews it. */
export const CoverPreview: Story = {
  play: async ({ userEvent }) => {
    const dialog = await modal();
    await userEvent.upload(dialog.getByLabelText('Change cover'), samplePngFile('new-cover.png'));
    await expect(await dialog.findByRole('img', { name: 'New cover preview' })).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    await expect(dialog.getByText('new-cover.png')).toBeVisible();
  },
};

/** Only image files: anything else is refused with a message, and the cover stays. */
export const CoverRejectsNonImage: Story = {
  play: async () => {
    const dialog = await modal();
    // The picker's accept="image/*" already hides other files; this is what a drop or a
    // browser that ignores accept would hand over.
    const user = storyUserEvent.setup({ applyAccept: false });
    await user.upload(dialog.getByLabelText('Change cover'), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    await expect(await dialog.findByText('Only image files can be uploaded.')).toBeVisible();
    await expect(dialog.getByRole('img', { name: 'Current cover' })).toBeVisible();
  },
};

/** Save Changes sends name, description, cover and the members kept, then closes. */
export const SaveChanges: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = await modal();
    const name = dialog.getByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Air-Cooled Porsche Club Europe');
    await userEvent.upload(dialog.getByLabelText('Change cover'), samplePngFile('new-cover.png'));
    await userEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalledWith(expect.objectContaining({ name: 'Air-Cooled Porsche Club Europe', coverImageUrl: expect.stringMatching(/^data:image\/png/) })));
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
    settleFocus();
  },
};

/**
 * The cover's description (issue 18): typed under the cover and saved with it; picking a new
 * picture empties it, since it described the old one.
 */
export const DescribeCover: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = await modal();
    const alt = dialog.getByRole('textbox', { name: 'Description of the cover (alt text)' });
    await expect(alt).toHaveAttribute('placeholder', "Describe this photo for people who can't see it");
    await userEvent.type(alt, 'Old description');
    await userEvent.upload(dialog.getByLabelText('Change cover'), samplePngFile('new-cover.png'));
    await expect(alt).toHaveValue('');
    await userEvent.type(alt, '  Three 964s lined up at dawn.  ');
    await userEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalledWith(expect.objectContaining({ coverImageAlt: 'Three 964s lined up at dawn.' })));
    settleFocus();
  },
};

/** A blank name or description disables Save Changes; the counter stops at 300. */
export const Validation: Story = {
  play: async ({ userEvent }) => {
    const dialog = await modal();
    await userEvent.clear(dialog.getByRole('textbox', { name: 'Name' }));
    await expect(dialog.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    const description = dialog.getByRole('textbox', { name: 'Description' });
    await userEvent.clear(description);
    await userEvent.click(description);
    await userEvent.paste('Flat-six forever. '.repeat(20));
    await expect(dialog.getByText('300 / 300')).toBeVisible();
  },
};

/** A failed save is logged only (spec §8): the modal stays open with what was typed. */
export const SaveFailure: Story = {
  beforeEach: mockApi(fixtures.standard, failRoute('communities.update', 500, 'Server down')),
  play: async ({ args, userEvent }) => {
    const dialog = await modal();
    await userEvent.click(await dialog.findByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Save Changes' })).toBeEnabled());
    await expect(args.onSaved).not.toHaveBeenCalled();
    await expect(body.getByRole('dialog', { name: 'Edit Community' })).toBeVisible();
    settleFocus();
  },
};

/** On a phone the modal scrolls within the screen. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async () => {
    const dialog = await modal();
    await expect(await dialog.findByRole('heading', { name: 'Members (4)' })).toBeVisible();
    const box = body.getByRole('dialog', { name: 'Edit Community' }).getBoundingClientRect();
    await expect(box.bottom).toBeLessThanOrEqual(window.innerHeight);
  },
};
