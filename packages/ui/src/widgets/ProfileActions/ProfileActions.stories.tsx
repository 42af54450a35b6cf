import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { FALLBACK_MESSAGES } from '@pitlane/api/contract';
import { HideStatusMessages } from './HideStatusMessages.tsx';
import { BLOCK_CONFIRM_MESSAGE, ProfileActions } from './ProfileActions.tsx';

const body = within(document.body);

/**
 * The menu alone, with its action stubbed (ProfileHeader's stories run it against the mock
 * backend). The action resolves at once.
 */
const meta = {
  title: 'Widgets/ProfileActions',
  component: ProfileActions,
  args: { username: 'kenji.r', blocked: false, muted: false, onAction: fn(() => Promise.resolve()) },
  decorators: [(Story) => <div className="flex max-w-md justify-end">{<Story />}</div>],
} satisfies Meta<typeof ProfileActions>;
export default meta;
type Story = StoryObj<typeof meta>;

const open = async (canvas: ReturnType<typeof within>, userEvent: { click: (element: Element) => Promise<void> }) => {
  await userEvent.click(canvas.getByRole('button', { name: 'More actions for @kenji.r' }));
  return within(await body.findByRole('menu'));
};
const names = (menu: ReturnType<typeof within>) => menu.getAllByRole('menuitem').map((item: HTMLElement) => item.textContent);

export const Closed: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'More actions for @kenji.r' })).toHaveAttribute('aria-expanded', 'false');
  },
};

/** Neither muted nor blocked: Mute, and Block in red. */
export const Open: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(names(await open(canvas, userEvent))).toEqual(['Mute @kenji.r', 'Block @kenji.r']);
  },
};

/** Muted: the menu offers Unmute. */
export const OpenMuted: Story = {
  args: { muted: true },
  play: async ({ canvas, userEvent }) => {
    await expect(names(await open(canvas, userEvent))).toEqual(['Unmute @kenji.r', 'Block @kenji.r']);
  },
};

/** Blocked: the menu offers Unblock, which acts at once. */
export const OpenBlocked: Story = {
  args: { blocked: true },
  play: async ({ args, canvas, userEvent }) => {
    const menu = await open(canvas, userEvent);
    await expect(names(menu)).toEqual(['Mute @kenji.r', 'Unblock @kenji.r']);
    await userEvent.click(menu.getByRole('menuitem', { name: 'Unblock @kenji.r' }));
    await expect(args.onAction).toHaveBeenCalledWith('unblock');
    canvas.getByRole('button', { name: 'More actions for @kenji.r' }).blur();
  },
};

/** Mute acts at once, without asking. */
export const Mute: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const menu = await open(canvas, userEvent);
    await userEvent.click(menu.getByRole('menuitem', { name: 'Mute @kenji.r' }));
    await expect(args.onAction).toHaveBeenCalledWith('mute');
    await expect(body.queryByRole('alertdialog')).not.toBeInTheDocument();
    canvas.getByRole('button', { name: 'More actions for @kenji.r' }).blur();
  },
};

/** Block asks first; only "Block" in the dialog runs it, and the focus goes back to "More". */
export const BlockAsksFirst: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const menu = await open(canvas, userEvent);
    await userEvent.click(menu.getByRole('menuitem', { name: 'Block @kenji.r' }));
    const dialog = await body.findByRole('alertdialog', { name: 'Block @kenji.r?' });
    await expect(dialog).toHaveAccessibleDescription(BLOCK_CONFIRM_MESSAGE);
    await expect(args.onAction).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    await expect(args.onAction).toHaveBeenCalledWith('block');
    await waitFor(() => expect(body.queryByRole('alertdialog')).not.toBeInTheDocument());
    const trigger = canvas.getByRole('button', { name: 'More actions for @kenji.r' });
    await waitFor(() => expect(trigger).toHaveFocus());
    trigger.blur();
  },
};

/** While an action runs the items wait (disabled). */
export const Busy: Story = {
  args: { busy: true },
  play: async ({ canvas, userEvent }) => {
    const menu = await open(canvas, userEvent);
    for (const item of menu.getAllByRole('menuitem')) await expect(item).toHaveAttribute('aria-disabled', 'true');
  },
};

/** What follows an action: a status only a screen reader hears, and a visible error when it failed. */
export const Messages: StoryObj<typeof HideStatusMessages> = {
  render: () => <HideStatusMessages status={{ text: 'You muted @kenji.r.', key: 1 }} error={FALLBACK_MESSAGES.muteFailed} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('You muted @kenji.r.');
    await expect(canvas.getByRole('status')).toHaveClass('sr-only');
    await expect(canvas.getByRole('alert')).toHaveTextContent(FALLBACK_MESSAGES.muteFailed);
  },
};

/** On a phone the menu stays on the screen. */
export const OpenMobile: Story = { ...Open, globals: { viewport: { value: 'mobile', isRotated: false } } };
