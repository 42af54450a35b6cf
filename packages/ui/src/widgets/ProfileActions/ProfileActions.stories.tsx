import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { FALLBACK_MESSAGES, MAX_MODERATION_REASON_LENGTH, REFUSAL_MESSAGES, SUCCESS_MESSAGES } from '@pitlane/api/contract';
import { FIXTURE, mockApi } from '@pitlane/api/mocks';
import { HideStatusMessages } from './HideStatusMessages.tsx';
import { BLOCK_CONFIRM_MESSAGE, ProfileActions, SUSPEND_CONFIRM_MESSAGE } from './ProfileActions.tsx';

const body = within(document.body);

/**
 * The menu alone, with its actions stubbed (ProfileHeader's stories run them against the mock
 * backend). The actions resolve at once; a report goes to the mock backend.
 */
const meta = {
  title: 'Widgets/ProfileActions',
  component: ProfileActions,
  args: { userId: FIXTURE.users.kenji, username: 'kenji.r', blocked: false, muted: false, onAction: fn(() => Promise.resolve()) },
  parameters: { session: true },
  beforeEach: mockApi(),
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

/** Neither muted nor blocked: Mute, Block in red, and Report. */
export const Open: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(names(await open(canvas, userEvent))).toEqual(['Mute @kenji.r', 'Block @kenji.r', 'Report @kenji.r']);
  },
};

/** Muted: the menu offers Unmute. */
export const OpenMuted: Story = {
  args: { muted: true },
  play: async ({ canvas, userEvent }) => {
    await expect(names(await open(canvas, userEvent))).toEqual(['Unmute @kenji.r', 'Block @kenji.r', 'Report @kenji.r']);
  },
};

/** Blocked: the menu offers Unblock, which acts at once. */
export const OpenBlocked: Story = {
  args: { blocked: true },
  play: async ({ args, canvas, userEvent }) => {
    const menu = await open(canvas, userEvent);
    await expect(names(menu)).toEqual(['Mute @kenji.r', 'Unblock @kenji.r', 'Report @kenji.r']);
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

/** While an action runs its items wait (disabled); Report does not depend on them. */
export const Busy: Story = {
  args: { busy: true },
  play: async ({ canvas, userEvent }) => {
    const menu = await open(canvas, userEvent);
    await expect(menu.getByRole('menuitem', { name: 'Mute @kenji.r' })).toHaveAttribute('aria-disabled', 'true');
    await expect(menu.getByRole('menuitem', { name: 'Block @kenji.r' })).toHaveAttribute('aria-disabled', 'true');
    await expect(menu.getByRole('menuitem', { name: 'Report @kenji.r' })).not.toHaveAttribute('aria-disabled');
  },
};

/**
 * Report opens the report dialog about the person ("Report @kenji.r"); sent, its thanks; Done
 * gives the focus back to "More".
 */
export const Report: Story = {
  play: async ({ canvas, userEvent }) => {
    const menu = await open(canvas, userEvent);
    await userEvent.click(menu.getByRole('menuitem', { name: 'Report @kenji.r' }));
    const dialog = within(await body.findByRole('dialog', { name: 'Report @kenji.r' }));
    await waitFor(() => expect(dialog.getByRole('radio', { name: 'Spam' })).toHaveFocus());
    await userEvent.click(dialog.getByText('Harassment or hate'));
    await userEvent.click(dialog.getByRole('button', { name: 'Send report' }));
    const done = await dialog.findByRole('button', { name: 'Done' });
    await expect(dialog.getByRole('status')).toHaveTextContent(SUCCESS_MESSAGES.reportSent);
    await userEvent.click(done);
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
    const trigger = canvas.getByRole('button', { name: 'More actions for @kenji.r' });
    await waitFor(() => expect(trigger).toHaveFocus());
    trigger.blur();
  },
};

// ---- A site operator's items (issue 18) ---------------------------------------------------------

const suspension = (suspended: boolean) => ({ suspended, onSuspend: fn(() => Promise.resolve()), onLift: fn(() => Promise.resolve()) });

/** For an operator: after a separator, Suspend account in red. */
export const OpenOperator: Story = {
  args: { suspension: suspension(false) },
  play: async ({ canvas, userEvent }) => {
    const menu = await open(canvas, userEvent);
    await expect(names(menu)).toEqual(['Mute @kenji.r', 'Block @kenji.r', 'Report @kenji.r', 'Suspend account']);
    await expect(within(document.body).getByRole('separator')).toBeInTheDocument();
  },
};

/** For an operator, on a phone. */
export const OpenOperatorMobile: Story = { ...OpenOperator, globals: { viewport: { value: 'mobile', isRotated: false } } };

/** A suspended account: Lift suspension instead, which acts at once. */
export const LiftSuspension: Story = {
  args: { suspension: suspension(true) },
  play: async ({ args, canvas, userEvent }) => {
    const menu = await open(canvas, userEvent);
    await expect(names(menu)).toEqual(['Mute @kenji.r', 'Block @kenji.r', 'Report @kenji.r', 'Lift suspension']);
    await userEvent.click(menu.getByRole('menuitem', { name: 'Lift suspension' }));
    await expect(args.suspension?.onLift).toHaveBeenCalled();
    await expect(body.queryByRole('alertdialog')).not.toBeInTheDocument();
    canvas.getByRole('button', { name: 'More actions for @kenji.r' }).blur();
  },
};

/**
 * Suspend asks first, with what it does and the reason the operator must give: Suspend stays
 * disabled until the reason has words (spaces are not a reason). The focus starts in the reason.
 */
export const SuspendAsksForReason: Story = {
  args: { suspension: suspension(false) },
  play: async ({ canvas, userEvent }) => {
    const menu = await open(canvas, userEvent);
    await userEvent.click(menu.getByRole('menuitem', { name: 'Suspend account' }));
    const dialog = await body.findByRole('alertdialog', { name: 'Suspend @kenji.r?' });
    await expect(dialog).toHaveAccessibleDescription(SUSPEND_CONFIRM_MESSAGE);
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    await waitFor(() => expect(reason).toHaveFocus());
    await expect(reason).toBeRequired();
    await expect(reason).toHaveAccessibleDescription(`0 / ${MAX_MODERATION_REASON_LENGTH} characters`);
    const confirm = within(dialog).getByRole('button', { name: 'Suspend' });
    await expect(confirm).toBeDisabled();
    await userEvent.type(reason, '   ');
    await expect(confirm).toBeDisabled();
    await userEvent.clear(reason);
    await userEvent.type(reason, 'Threats in comments after two warnings.');
    await expect(confirm).toBeEnabled();
  },
};

/** Suspend with the reason: the action gets it (trimmed), the dialog closes, the focus goes back to "More". */
export const Suspend: Story = {
  args: { suspension: suspension(false) },
  play: async ({ args, canvas, userEvent }) => {
    const menu = await open(canvas, userEvent);
    await userEvent.click(menu.getByRole('menuitem', { name: 'Suspend account' }));
    const dialog = within(await body.findByRole('alertdialog', { name: 'Suspend @kenji.r?' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Reason' }), ' Spam accounts, again. ');
    await userEvent.click(dialog.getByRole('button', { name: 'Suspend' }));
    await expect(args.suspension?.onSuspend).toHaveBeenCalledWith('Spam accounts, again.');
    await waitFor(() => expect(body.queryByRole('alertdialog')).not.toBeInTheDocument());
    const trigger = canvas.getByRole('button', { name: 'More actions for @kenji.r' });
    await waitFor(() => expect(trigger).toHaveFocus());
    trigger.blur();
  },
};

/** A refused suspension: the message in the dialog, which stays open with the reason kept. */
export const SuspendRefused: Story = {
  args: {
    suspension: { ...suspension(false), onSuspend: fn(() => Promise.reject(new Error(REFUSAL_MESSAGES.cannotSuspendOperator))) },
  },
  play: async ({ canvas, userEvent }) => {
    const menu = await open(canvas, userEvent);
    await userEvent.click(menu.getByRole('menuitem', { name: 'Suspend account' }));
    const dialog = within(await body.findByRole('alertdialog', { name: 'Suspend @kenji.r?' }));
    const reason = dialog.getByRole('textbox', { name: 'Reason' });
    await userEvent.type(reason, 'Spam accounts, again.');
    await userEvent.click(dialog.getByRole('button', { name: 'Suspend' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(REFUSAL_MESSAGES.cannotSuspendOperator);
    await expect(reason).toHaveValue('Spam accounts, again.');
    await expect(dialog.getByRole('button', { name: 'Suspend' })).toBeEnabled();
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
