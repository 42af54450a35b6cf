import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  type DialogLayer,
} from './Dialog.tsx';

const meta = {
  title: 'Primitives/Dialog',
  component: Dialog,
  args: { defaultOpen: true },
} satisfies Meta<typeof Dialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);
const overlay = () => document.body.querySelector<HTMLElement>('[data-slot="dialog-overlay"]');

function FollowersDialog({ layer, ...args }: React.ComponentProps<typeof Dialog> & { layer?: DialogLayer }) {
  return (
    <Dialog {...args}>
      <DialogTrigger asChild>
        <Button variant="outline">Followers</Button>
      </DialogTrigger>
      <DialogContent layer={layer}>
        <DialogHeader>
          <DialogTitle>Followers</DialogTitle>
          <DialogDescription>People who follow @sunday_driver.</DialogDescription>
        </DialogHeader>
        <p className="py-6 text-center text-sm text-muted-foreground">No users to show.</p>
      </DialogContent>
    </Dialog>
  );
}

/** Opened from its trigger: title, description, dimmed overlay, focus moves inside. */
export const Default: Story = {
  args: { defaultOpen: false },
  render: (args) => <FollowersDialog {...args} />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Followers' }));
    const dialog = await body.findByRole('dialog', { name: 'Followers' });
    await expect(dialog).toHaveAccessibleDescription('People who follow @sunday_driver.');
    await expect(dialog).toContainElement(document.activeElement as HTMLElement);
    // The overlay dims with the --color-overlay token (asphalt at 60 %).
    await expect(getComputedStyle(overlay()!).backgroundColor).toBe('rgba(17, 19, 21, 0.6)');
  },
};

/** The "×" button is named "Close" and closes the dialog, handing focus back to the trigger. */
export const CloseButton: Story = {
  render: (args) => <FollowersDialog {...args} />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(body.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Followers' })).toHaveFocus());
  },
};

/** Escape and a click on the overlay both dismiss a plain dialog. */
export const DismissByEscapeAndOverlay: Story = {
  render: (args) => <FollowersDialog {...args} />,
  play: async ({ canvas, userEvent }) => {
    await body.findByRole('dialog', { name: 'Followers' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(canvas.getByRole('button', { name: 'Followers' }));
    await body.findByRole('dialog', { name: 'Followers' });
    await userEvent.click(overlay()!);
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Followers' })).toHaveFocus());
  },
};

/** Header, body and footer actions; the footer stacks on mobile. */
export const WithFooter: Story = {
  render: (args) => (
    <Dialog {...args}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Community</DialogTitle>
          <DialogDescription>Name and description are shown on the community page.</DialogDescription>
        </DialogHeader>
        <p className="text-sm">Members (24)</p>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button>Save Changes</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  ),
  play: async () => {
    const dialog = await body.findByRole('dialog', { name: 'Edit Community' });
    await expect(within(dialog).getByRole('button', { name: 'Save Changes' })).toBeVisible();
    await expect(getComputedStyle(dialog).zIndex).toBe('1000');
  },
};

export const WithFooterMobile: Story = {
  ...WithFooter,
  globals: { viewport: { value: 'mobile', isRotated: false } },
};

/** Over the mobile menu the dialog and its overlay stack at 2001 instead of 1000. */
export const OverMenuLayer: Story = {
  render: (args) => <FollowersDialog {...args} layer="over-menu" />,
  play: async () => {
    const dialog = await body.findByRole('dialog', { name: 'Followers' });
    await expect(getComputedStyle(dialog).zIndex).toBe('2001');
    await expect(getComputedStyle(overlay()!).zIndex).toBe('2001');
  },
};
