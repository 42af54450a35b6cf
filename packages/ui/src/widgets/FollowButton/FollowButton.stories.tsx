import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { failRoute, FIXTURE, fixtures, mockApi, neverRespond } from '@pitlane/api/mocks';
import { FollowButton } from './FollowButton.tsx';

/** A fresh fake backend per story (signed in as maya.drives), then any overrides on top. */
const U = FIXTURE.users;

/**
 * A button that turns busy is disabled, so where focus lands once the call settles (the button,
 * the dialog, the page) differs from run to run; such stories drop focus before the screenshot.
 */
function settleFocus() {
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
}

const meta = {
  title: 'Widgets/FollowButton',
  component: FollowButton,
  parameters: { session: true },
  args: { userId: U.olu, username: 'olu.v8' },
  beforeEach: mockApi(),
} satisfies Meta<typeof FollowButton>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Neither follows the other: "Follow". Clicking follows, and the label turns to "Unfollow". */
export const Follow: Story = {
  play: async ({ canvas, userEvent }) => {
    const button = await canvas.findByRole('button', { name: 'Follow olu.v8' });
    await expect(button).toHaveTextContent(/^Follow$/);
    await userEvent.click(button);
    await expect(await canvas.findByRole('button', { name: 'Unfollow olu.v8' })).toBeEnabled();
    settleFocus();
  },
};

/** Samir follows Maya but not the other way round: "Follow Back". */
export const FollowBack: Story = {
  args: { userId: U.sam, username: 'sam.detailing' },
  play: async ({ canvas, userEvent }) => {
    const button = await canvas.findByRole('button', { name: 'Follow Back sam.detailing' });
    await userEvent.click(button);
    await expect(await canvas.findByRole('button', { name: 'Unfollow sam.detailing' })).toBeInTheDocument();
    settleFocus();
  },
};

/** Maya follows Kenji: "Unfollow". Kenji follows her too, so unfollowing turns it to "Follow Back". */
export const Unfollow: Story = {
  args: { userId: U.kenji, username: 'kenji.r' },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Unfollow kenji.r' }));
    await expect(await canvas.findByRole('button', { name: 'Follow Back kenji.r' })).toBeInTheDocument();
    settleFocus();
  },
};

/** All three labels side by side. */
export const AllStates: Story = {
  render: () => (
    <div className="flex items-start gap-3">
      <FollowButton userId={U.kenji} username="kenji.r" />
      <FollowButton userId={U.sam} username="sam.detailing" />
      <FollowButton userId={U.olu} username="olu.v8" />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Unfollow kenji.r' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Follow Back sam.detailing' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Follow olu.v8' })).toBeInTheDocument();
  },
};

/** While the call runs the button ignores presses and keeps its label, its width and the focus. */
export const Busy: Story = {
  beforeEach: mockApi(fixtures.standard, neverRespond('users.follow')),
  play: async ({ canvas, userEvent }) => {
    const button = await canvas.findByRole('button', { name: 'Follow olu.v8' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'));
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button).toHaveFocus();
  },
};

/** A failure without a server message shows the spec §8 fallback; the label does not change. */
export const FailureAlert: Story = {
  beforeEach: mockApi(fixtures.standard, failRoute('users.follow', 500, '')),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Follow olu.v8' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    await expect(canvas.getByRole('button', { name: 'Follow olu.v8' })).toBeEnabled();
    settleFocus();
  },
};

/** The server's message comes first when the reply carries one (spec §8). Retrying clears it. */
export const FailureWithServerMessage: Story = {
  beforeEach: mockApi(fixtures.standard, failRoute('users.follow', 503, 'Server down for maintenance. Try again in a minute.')),
  play: async ({ canvas, userEvent }) => {
    const button = await canvas.findByRole('button', { name: 'Follow olu.v8' });
    await userEvent.click(button);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Server down for maintenance. Try again in a minute.');
    await userEvent.click(button);
    await waitFor(() => expect(canvas.queryByRole('alert')).toBeInTheDocument());
    settleFocus();
  },
};

/** On a phone. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: { userId: U.sam, username: 'sam.detailing' },
  play: async ({ canvas }) => {
    const button = await canvas.findByRole('button', { name: 'Follow Back sam.detailing' });
    await expect(within(button).getByText('Follow Back')).toBeVisible();
  },
};
