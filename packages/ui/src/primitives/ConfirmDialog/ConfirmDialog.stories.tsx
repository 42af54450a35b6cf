import * as React from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button.tsx';
import { BottomSheet, BottomSheetContent } from '../BottomSheet/BottomSheet.tsx';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog.tsx';

const meta = {
  title: 'Primitives/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    open: true,
    onOpenChange: fn(),
    onConfirm: fn(),
    title: 'Confirm Logout',
    message: 'Are you sure you want to log out?',
    confirmLabel: 'Logout',
    cancelLabel: 'Cancel',
  },
  argTypes: {
    tone: { control: 'inline-radio', options: ['default', 'danger'] },
    layer: { control: 'inline-radio', options: ['default', 'over-menu'] },
  },
} satisfies Meta<typeof ConfirmDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);
const overlay = () => document.body.querySelector<HTMLElement>('[data-slot="dialog-overlay"]')!;
const deletePost = {
  title: 'Delete Post',
  message: 'Are you sure you want to permanently delete this post?',
  confirmLabel: 'Delete',
  busyLabel: 'Deleting...',
  tone: 'danger',
} as const;

/** The sidebar's Logout button and its confirmation, with real open/close state. */
function LogoutFlow(args: ConfirmDialogProps) {
  const [open, setOpen] = React.useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Logout
      </Button>
      <ConfirmDialog
        {...args}
        open={open}
        onOpenChange={(next) => {
          args.onOpenChange(next);
          setOpen(next);
        }}
      />
    </>
  );
}

async function openLogout(canvas: ReturnType<typeof within>, userEvent: { click: (el: Element) => Promise<void> }) {
  await userEvent.click(canvas.getByRole('button', { name: 'Logout' }));
  return body.findByRole('alertdialog', { name: 'Confirm Logout' });
}

/** Logout confirmation (spec §2). Focus starts on Cancel; confirming calls onConfirm and closes. */
export const Logout: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = await body.findByRole('alertdialog', { name: 'Confirm Logout' });
    await expect(dialog).toHaveAccessibleDescription('Are you sure you want to log out?');
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Logout' }));
    await expect(args.onConfirm).toHaveBeenCalledOnce();
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

/** Without labels it reads "Confirm" and "Cancel" (spec §2), and stacks at layer 1000. */
export const Defaults: Story = {
  args: {
    title: 'Confirm Changes',
    message: 'Are you sure you want to update your profile?',
    confirmLabel: undefined,
    cancelLabel: undefined,
  },
  play: async () => {
    const dialog = await body.findByRole('alertdialog', { name: 'Confirm Changes' });
    await expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeEnabled();
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    await expect(getComputedStyle(dialog).zIndex).toBe('1000');
    await expect(getComputedStyle(overlay()).zIndex).toBe('1000');
  },
};

/** Delete Post (spec §2): a danger confirm that turns busy while the returned promise runs. */
export const DeletePost: Story = {
  args: { ...deletePost, onConfirm: fn(() => new Promise<void>(() => {})) },
  play: async ({ args, userEvent }) => {
    const dialog = await body.findByRole('alertdialog', { name: 'Delete Post' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect(args.onConfirm).toHaveBeenCalledOnce();
    const busy = await within(dialog).findByRole('button', { name: 'Deleting...' });
    await expect(busy).toHaveAttribute('aria-disabled', 'true');
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    // A running delete cannot be cancelled: Escape and outside clicks are ignored meanwhile.
    await userEvent.keyboard('{Escape}');
    await userEvent.click(overlay());
    await expect(args.onOpenChange).not.toHaveBeenCalled();
  },
};

/** Busy driven from outside (e.g. a mutation's isPending): the confirm button ignores presses and reads the busy label. */
export const Busy: Story = {
  args: { ...deletePost, busy: true },
  play: async () => {
    const dialog = await body.findByRole('alertdialog', { name: 'Delete Post' });
    await expect(within(dialog).getByRole('button', { name: 'Deleting...' })).toHaveAttribute('aria-disabled', 'true');
    await expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  },
};

/** A failed action keeps the dialog open and usable, so the user can retry or cancel. */
export const FailedConfirmStaysOpen: Story = {
  args: { ...deletePost, onConfirm: fn(() => Promise.reject(new Error('An error occurred.'))) },
  play: async ({ args, userEvent }) => {
    const dialog = await body.findByRole('alertdialog', { name: 'Delete Post' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeEnabled());
    await expect(args.onOpenChange).not.toHaveBeenCalled();
  },
};

/** A successful async action closes the dialog when it finishes. */
export const ConfirmClosesWhenDone: Story = {
  args: { onConfirm: fn(() => new Promise<void>((resolve) => setTimeout(resolve, 50))), busyLabel: 'Logging out...' },
  render: (args) => <LogoutFlow {...args} />,
  play: async ({ args, canvas, userEvent }) => {
    const dialog = await openLogout(canvas, userEvent);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Logout' }));
    await expect(args.onConfirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(body.queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
  },
};

/** Cancel closes without confirming. */
export const CancelCloses: Story = {
  render: (args) => <LogoutFlow {...args} />,
  play: async ({ args, canvas, userEvent }) => {
    const dialog = await openLogout(canvas, userEvent);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(body.queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Logout' })).toHaveFocus());
  },
};

/** Clicking outside the dialog cancels it (spec §2). */
export const OutsideClickCancels: Story = {
  render: (args) => <LogoutFlow {...args} />,
  play: async ({ args, canvas, userEvent }) => {
    await openLogout(canvas, userEvent);
    await userEvent.click(overlay());
    await waitFor(() => expect(body.queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Logout' })).toHaveFocus());
  },
};

/** Escape cancels it too. */
export const EscapeCancels: Story = {
  render: (args) => <LogoutFlow {...args} />,
  play: async ({ args, canvas, userEvent }) => {
    await openLogout(canvas, userEvent);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Logout' })).toHaveFocus());
  },
};

/** The mobile menu's Logout button opening the confirmation over the open sheet. */
function MobileMenuLogout(args: ConfirmDialogProps) {
  const [confirming, setConfirming] = React.useState(false);
  return (
    <>
      <BottomSheet open>
        <BottomSheetContent title="Menu" hideTitle>
          <p className="py-3 font-semibold">Marta Rossi</p>
          <Button variant="outline" block onClick={() => setConfirming(true)}>
            Logout
          </Button>
        </BottomSheetContent>
      </BottomSheet>
      <ConfirmDialog {...args} open={confirming} onOpenChange={setConfirming} />
    </>
  );
}

/**
 * From the mobile menu (spec §2): the sheet sits at 1500, so the confirmation stacks at 2001,
 * above the sheet and its overlay.
 */
export const OverMenu: Story = {
  args: { layer: 'over-menu' },
  globals: { viewport: { value: 'mobile', isRotated: false } },
  render: (args) => <MobileMenuLogout {...args} />,
  play: async ({ userEvent }) => {
    const sheet = await body.findByRole('dialog', { name: 'Menu' });
    await userEvent.click(within(sheet).getByRole('button', { name: 'Logout' }));
    const dialog = await body.findByRole('alertdialog', { name: 'Confirm Logout' });
    await expect(getComputedStyle(dialog).zIndex).toBe('2001');
    await expect(getComputedStyle(overlay()).zIndex).toBe('2001');
    // What a finger touches on the sheet is now the dialog's overlay, not the sheet.
    const box = sheet.getBoundingClientRect();
    await expect(document.elementFromPoint(box.left + 10, box.bottom - 10)).toBe(overlay());
  },
};
