import * as React from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { FIXTURE, fixtures, mockApi, neverRespond } from '@pitlane/api/mocks';
import { picturesLoaded } from '../../stories/pictures-loaded.ts';
import { FollowListModal, type FollowListModalProps } from './FollowListModal.tsx';

const U = FIXTURE.users;
const body = within(document.body);

/** Open, with real close state so Escape, "×" and links close it. */
function OpenList(args: FollowListModalProps) {
  const [open, setOpen] = React.useState(args.open);
  return (
    <FollowListModal
      {...args}
      open={open}
      onOpenChange={(next) => {
        args.onOpenChange(next);
        setOpen(next);
      }}
    />
  );
}

/**
 * A button that turns busy is disabled, so where focus lands once the call settles (the button,
 * the dialog, the page) differs from run to run; such stories drop focus before the screenshot.
 */
function settleFocus() {
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
}

const meta = {
  title: 'Widgets/FollowListModal',
  component: FollowListModal,
  parameters: { session: true },
  args: { userId: U.maya, kind: 'followers', open: true, onOpenChange: fn() },
  beforeEach: mockApi(),
  afterEach: picturesLoaded,
  render: (args) => <OpenList {...args} />,
} satisfies Meta<typeof FollowListModal>;
export default meta;
type Story = StoryObj<typeof meta>;

const row = (dialog: HTMLElement, name: string) => within(dialog).getByText(name).closest('li') as HTMLElement;

/**
 * Maya's own Followers: everyone has "Remove"; "Follow Back" only for those she does not follow
 * yet (Samir, Ruby), not for Kenji and Lena whom she already follows.
 */
export const OwnFollowers: Story = {
  play: async () => {
    const dialog = await body.findByRole('dialog', { name: 'Followers' });
    await within(dialog).findByText('Samir Haddad');
    await expect(within(row(dialog, 'Samir Haddad')).getByRole('button', { name: 'Follow Back sam.detailing' })).toBeVisible();
    await expect(within(row(dialog, 'Samir Haddad')).getByRole('button', { name: 'Remove sam.detailing' })).toBeVisible();
    await expect(within(row(dialog, 'Kenji Watanabe')).queryByRole('button', { name: /Follow/ })).not.toBeInTheDocument();
    await expect(within(row(dialog, 'Kenji Watanabe')).getByRole('button', { name: 'Remove kenji.r' })).toBeVisible();
    await expect(within(dialog).getByRole('link', { name: /Ruby Clarke/ })).toHaveAttribute('href', '/profile/ruby.roadtrip');
  },
};

/** "Follow Back" disappears once followed; "Remove" drops the row. */
export const FollowBackAndRemove: Story = {
  play: async ({ userEvent }) => {
    const dialog = await body.findByRole('dialog', { name: 'Followers' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Follow Back ruby.roadtrip' }));
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Follow Back ruby.roadtrip' })).not.toBeInTheDocument());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove sam.detailing' }));
    await waitFor(() => expect(within(dialog).queryByText('Samir Haddad')).not.toBeInTheDocument());
    await expect(within(dialog).getByText('Ruby Clarke')).toBeVisible();
    settleFocus();
  },
};

/** Maya's Following: "Unfollow" on each; unfollowing keeps the row, now reading "Follow". */
export const OwnFollowing: Story = {
  args: { kind: 'following' },
  play: async ({ userEvent }) => {
    const dialog = await body.findByRole('dialog', { name: 'Following' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Unfollow tomas.trackday' }));
    await expect(await within(dialog).findByRole('button', { name: 'Follow tomas.trackday' })).toBeVisible();
    await expect(within(dialog).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    settleFocus();
  },
};

/** Someone else's list: the current user's own row has no button. */
export const OwnRowHasNoButton: Story = {
  args: { userId: U.tomas },
  play: async () => {
    const dialog = await body.findByRole('dialog', { name: 'Followers' });
    await within(dialog).findByText('Maya Fischer');
    const mine = row(dialog, 'Maya Fischer');
    await expect(within(mine).queryByRole('button')).not.toBeInTheDocument();
    await expect(within(row(dialog, 'Olu Adeyemi')).getByRole('button', { name: 'Follow olu.v8' })).toBeVisible();
  },
};

/** Nobody: "No users to show." */
export const Empty: Story = {
  beforeEach: mockApi(fixtures.empty),
  play: async () => {
    const dialog = await body.findByRole('dialog', { name: 'Followers' });
    await expect(await within(dialog).findByText('No users to show.')).toBeVisible();
  },
};

/** While the list loads. */
export const Loading: Story = {
  beforeEach: mockApi(fixtures.standard, neverRespond('users.followers')),
  play: async () => {
    const dialog = await body.findByRole('dialog', { name: 'Followers' });
    await expect(within(dialog).getByRole('status', { name: 'Loading users' })).toBeVisible();
  },
};

/** Choosing a person closes the modal (the page navigates to their profile). */
export const LinkCloses: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = await body.findByRole('dialog', { name: 'Followers' });
    await userEvent.click(await within(dialog).findByRole('link', { name: /Lena Novak/ }));
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

/** On a phone. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async () => {
    const dialog = await body.findByRole('dialog', { name: 'Followers' });
    await expect(await within(dialog).findByRole('button', { name: 'Follow Back sam.detailing' })).toBeVisible();
  },
};
