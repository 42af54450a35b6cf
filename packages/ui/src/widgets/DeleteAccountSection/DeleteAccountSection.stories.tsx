import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { createMockBackend, failRoute, fixtures, handlers, type MockBackend } from '@pitlane/api/mocks';
import { DeleteAccountSection } from './DeleteAccountSection.tsx';

// The story's backend, so a play function can read the code the fake "e-mailed".
let backend: MockBackend;
const mayaEmail = 'mayadrives@pitlane.test';

const body = within(document.body);
type Canvas = ReturnType<typeof within>;

/** A button that turns busy is disabled, so where focus lands afterwards varies: drop it before the screenshot. */
function settleFocus() {
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
}

const meta = {
  title: 'Widgets/DeleteAccountSection',
  component: DeleteAccountSection,
  args: { onDeleted: fn() },
  parameters: { session: true, router: { initialEntries: ['/profile/edit'] } },
  decorators: [(Story) => <div className="mx-auto max-w-xl py-2"><Story /></div>],
  beforeEach: ({ msw }) => {
    backend = createMockBackend(fixtures.standard());
    msw.use(...handlers(backend));
    // The fake draws its codes with Math.random; a fixed draw keeps the typed code, and so the
    // screenshots, the same on every run. The flow still reads the code from the fake.
    const random = Math.random;
    Math.random = () => 0.424242;
    return () => {
      Math.random = random;
    };
  },
} satisfies Meta<typeof DeleteAccountSection>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The warning and the one button. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 2, name: 'Delete Account' })).toBeVisible();
    await expect(canvas.getByText('This action is irreversible.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Delete My Account' })).toBeVisible();
    await expect(canvas.queryByRole('textbox')).not.toBeInTheDocument();
  },
};

/** Spec §9: the same at 375 px. */
export const Mobile: Story = {
  ...Default,
  globals: { viewport: { value: 'mobile', isRotated: false } },
};

async function askForDeletion(canvas: Canvas, userEvent: { click: (el: Element) => Promise<void> }) {
  await userEvent.click(await canvas.findByRole('button', { name: 'Delete My Account' }));
  return body.findByRole('alertdialog', { name: 'Delete Account' });
}

/** "Delete My Account" asks first, with "Yes, Send OTP". */
export const DeleteConfirmation: Story = {
  play: async ({ canvas, userEvent }) => {
    const dialog = await askForDeletion(canvas, userEvent);
    await expect(within(dialog).getByText('This is permanent. Are you sure you want to request a deletion OTP?')).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Yes, Send OTP' })).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  },
};

/** The code is e-mailed: the code form appears with focus in it. */
export const OtpRequested: Story = {
  play: async ({ canvas, userEvent }) => {
    const dialog = await askForDeletion(canvas, userEvent);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, Send OTP' }));
    const input = await canvas.findByLabelText('Enter OTP sent to your email to confirm deletion.');
    await waitFor(() => expect(input).toHaveFocus());
    await expect(backend.lastOtp(mayaEmail)).toMatch(/^\d{6}$/);
    await expect(canvas.getByRole('button', { name: 'Confirm & Delete' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Delete My Account' })).not.toBeInTheDocument();
  },
};

/** The same at 375 px. */
export const OtpRequestedMobile: Story = {
  ...OtpRequested,
  globals: { viewport: { value: 'mobile', isRotated: false } },
};

/** Requesting the code fails without a message: "Failed to send OTP.". */
export const OtpRequestFailed: Story = {
  beforeEach: ({ msw }) => {
    msw.use(failRoute('users.requestDeleteOtp', 500, ''));
  },
  play: async ({ canvas, userEvent }) => {
    const dialog = await askForDeletion(canvas, userEvent);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, Send OTP' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Failed to send OTP.');
    await waitFor(() => expect(body.queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(canvas.getByRole('button', { name: 'Delete My Account' })).toBeVisible();
    settleFocus();
  },
};

/** A wrong code: the server's message; nothing is deleted. */
export const WrongCode: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const dialog = await askForDeletion(canvas, userEvent);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, Send OTP' }));
    const input = await canvas.findByLabelText('Enter OTP sent to your email to confirm deletion.');
    await userEvent.type(input, '999999');
    await expect(backend.lastOtp(mayaEmail)).not.toBe('999999');
    await userEvent.click(canvas.getByRole('button', { name: 'Confirm & Delete' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The verification code is invalid or has expired.');
    await expect(args.onDeleted).not.toHaveBeenCalled();
    settleFocus();
  },
};

/** Confirming fails without a message: "Deletion failed.". */
export const DeletionFailed: Story = {
  beforeEach: ({ msw }) => {
    msw.use(failRoute('users.confirmDelete', 500, ''));
  },
  play: async ({ canvas, userEvent }) => {
    const dialog = await askForDeletion(canvas, userEvent);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, Send OTP' }));
    await userEvent.type(await canvas.findByLabelText('Enter OTP sent to your email to confirm deletion.'), '123456');
    await userEvent.click(canvas.getByRole('button', { name: 'Confirm & Delete' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Deletion failed.');
    settleFocus();
  },
};

/** The right code: the account is gone, the alert says so, then `onDeleted`. */
export const Deleted: Story = {
  beforeEach: () => {
    const alert = window.alert;
    window.alert = fn();
    return () => {
      window.alert = alert;
    };
  },
  play: async ({ args, canvas, userEvent }) => {
    const dialog = await askForDeletion(canvas, userEvent);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, Send OTP' }));
    await userEvent.type(await canvas.findByLabelText('Enter OTP sent to your email to confirm deletion.'), backend.lastOtp(mayaEmail)!);
    await userEvent.click(canvas.getByRole('button', { name: 'Confirm & Delete' }));
    await waitFor(() => expect(args.onDeleted).toHaveBeenCalledOnce());
    await expect(window.alert).toHaveBeenCalledWith('Your account has been successfully deleted.');
    await expect(backend.findUser('maya.drives')).toBeUndefined();
  },
};
