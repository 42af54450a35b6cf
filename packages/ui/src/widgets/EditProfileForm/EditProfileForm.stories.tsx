import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent as storyUserEvent, waitFor, within } from 'storybook/test';
import { REDIRECT_AFTER_PROFILE_UPDATE_MS } from '@pitlane/api/contract';
import { createMockBackend, failRoute, fixtures, handlers, neverRespond, samplePngFile, type MockBackend } from '@pitlane/api/mocks';
import { picturesLoaded } from '../../stories/pictures-loaded.ts';
import { EditProfileForm } from './EditProfileForm.tsx';

const success = 'rgb(21, 128, 61)'; // --color-success
const danger = 'rgb(185, 28, 28)'; // --color-danger

// The story's backend, so a play function can read the code the fake "e-mailed" and what it saved.
let backend: MockBackend;
const mayaEmail = 'mayadrives@pitlane.test';

const body = within(document.body);
type Canvas = ReturnType<typeof within>;

/** The field's status line: the text a person reads under the field. */
const statusOf = (canvas: Canvas, label: string) => {
  const field = (canvas.getByLabelText(label) as HTMLElement).closest('[data-slot="field"]') as HTMLElement;
  return field.querySelector('[data-slot="field-status"]') as HTMLElement;
};

/** A button that turns busy is disabled, so where focus lands afterwards varies: drop it before the screenshot. */
function settleFocus() {
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
}

const meta = {
  title: 'Widgets/EditProfileForm',
  component: EditProfileForm,
  args: { onUpdated: fn() },
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
  afterEach: picturesLoaded,
} satisfies Meta<typeof EditProfileForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The signed-in user's values, the e-mail read-only, an empty optional password, no statuses yet. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Edit Profile' })).toBeVisible();
    await expect(canvas.getByLabelText('Full Name')).toHaveValue('Maya Fischer');
    await expect(canvas.getByLabelText('Username')).toHaveValue('maya.drives');
    await expect(canvas.getByLabelText('Email')).toHaveValue(mayaEmail);
    await expect(canvas.getByLabelText('Email')).toHaveAttribute('readonly');
    await expect(canvas.getByLabelText('New Password')).toHaveValue('');
    await expect(canvas.getByLabelText('New Password')).not.toBeRequired();
    for (const label of ['Full Name', 'Username', 'New Password']) await expect(statusOf(canvas, label)).toBeEmptyDOMElement();
    await expect(canvas.getByRole('img', { name: 'Current profile photo' })).toBeVisible();
    await expect(canvas.getByRole('checkbox', { name: 'Require descriptions on my photos' })).not.toBeChecked();
    await expect(canvas.getByRole('button', { name: 'Update Profile' })).toBeEnabled();
  },
};

/** Spec §9: below 768 px the form takes the whole column. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByLabelText('Full Name')).toHaveValue('Maya Fischer');
  },
};

/**
 * A new username is normalised as it is typed and checked on leaving the field: "Available".
 * The new password is judged as it is typed, with any characters allowed: "Strong".
 */
export const ValidChanges: Story = {
  play: async ({ canvas, userEvent }) => {
    const username = await canvas.findByLabelText('Username');
    await userEvent.clear(username);
    await userEvent.type(username, 'Maya.Fischer!');
    await expect(username).toHaveValue('maya.fischer');
    await userEvent.tab();
    await waitFor(() => expect(statusOf(canvas, 'Username')).toHaveTextContent('Available'));
    await userEvent.clear(canvas.getByLabelText('Full Name'));
    await userEvent.type(canvas.getByLabelText('Full Name'), 'Maya Schmidt');
    await expect(statusOf(canvas, 'Full Name')).toHaveTextContent('Looks good');
    await userEvent.type(canvas.getByLabelText('New Password'), 'Flat-Six#911!');
    await expect(statusOf(canvas, 'New Password')).toHaveTextContent('Strong');
    for (const label of ['Full Name', 'Username', 'New Password']) {
      await expect(getComputedStyle(statusOf(canvas, label)).color).toBe(success);
    }
  },
};

/** Someone else's username: "Taken". Going back to one's own needs no check and shows nothing. */
export const UsernameTaken: Story = {
  play: async ({ canvas, userEvent }) => {
    const username = await canvas.findByLabelText('Username');
    await userEvent.clear(username);
    await userEvent.type(username, 'kenji.r');
    await userEvent.tab();
    await waitFor(() => expect(statusOf(canvas, 'Username')).toHaveTextContent('Taken'));
    await expect(getComputedStyle(statusOf(canvas, 'Username')).color).toBe(danger);
    await expect(username).toBeInvalid();
    await userEvent.clear(username);
    await userEvent.type(username, 'maya.drives');
    await userEvent.tab();
    await expect(statusOf(canvas, 'Username')).toBeEmptyDOMElement();
    await userEvent.clear(username);
    await userEvent.type(username, 'kenji.r');
    await userEvent.tab();
    await waitFor(() => expect(statusOf(canvas, 'Username')).toHaveTextContent('Taken'));
  },
};

/** The availability check itself fails: "Error". */
export const UsernameCheckFailed: Story = {
  beforeEach: ({ msw }) => {
    msw.use(failRoute('auth.checkUsername', 500, 'Server down'));
  },
  play: async ({ canvas, userEvent }) => {
    const username = await canvas.findByLabelText('Username');
    await userEvent.type(username, '_gt3');
    await userEvent.tab();
    await waitFor(() => expect(statusOf(canvas, 'Username')).toHaveTextContent('Error'));
  },
};

/** While the check runs the field says so. */
export const UsernameChecking: Story = {
  beforeEach: ({ msw }) => {
    msw.use(neverRespond('auth.checkUsername'));
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await canvas.findByLabelText('Username'), '_gt3');
    await userEvent.tab();
    await expect(statusOf(canvas, 'Username')).toHaveTextContent('Checking...');
  },
};

/** "Invalid name" and "Weak": pressing "Update Profile" says why and asks nothing. */
export const InvalidFields: Story = {
  play: async ({ canvas, userEvent }) => {
    const name = await canvas.findByLabelText('Full Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'M4ya');
    await userEvent.type(canvas.getByLabelText('New Password'), 'password');
    await expect(statusOf(canvas, 'Full Name')).toHaveTextContent('Invalid name');
    await expect(statusOf(canvas, 'New Password')).toHaveTextContent('Weak');
    await userEvent.click(canvas.getByRole('button', { name: 'Update Profile' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Please fix the errors before proceeding.');
    await expect(getComputedStyle(alert).color).toBe(danger);
    await expect(body.queryByRole('alertdialog')).not.toBeInTheDocument();
  },
};

/** "Update Profile" asks first; Cancel sends nothing. */
export const ConfirmChanges: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Update Profile' }));
    const dialog = await body.findByRole('alertdialog', { name: 'Confirm Changes' });
    await expect(within(dialog).getByText('Are you sure you want to update your profile?')).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(body.queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(args.onUpdated).not.toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Update Profile' }));
    await body.findByRole('alertdialog', { name: 'Confirm Changes' });
  },
};

/** A picked photo previews at once; a file that is not an image is refused. */
export const PhotoPicked: Story = {
  play: async ({ canvas, userEvent }) => {
    const picker = await canvas.findByLabelText('Change photo');
    // A file picker can be told to show every file, so the widget checks the type itself.
    const anyFile = storyUserEvent.setup({ applyAccept: false });
    await anyFile.upload(picker, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    await expect(await canvas.findByText('Only image files can be uploaded.')).toBeVisible();
    await userEvent.upload(picker, samplePngFile('garage-selfie.png'));
    // The avatar shows its initials until the picked photo has loaded, then the photo itself.
    const preview = () => canvas.getByRole('img', { name: 'New profile photo preview' });
    await waitFor(() => expect(preview()).toBeInstanceOf(HTMLImageElement));
    await expect(preview()).toBeVisible();
    await expect(canvas.getByText('garage-selfie.png')).toBeVisible();
    settleFocus();
  },
};

/**
 * Confirmed: the server saves name, username, password, photo and "Require descriptions on my
 * photos" (ticked from the keyboard); "Profile updated successfully!" in green, then `onUpdated`
 * with the new user 1.5 seconds later (not before).
 */
export const Updated: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const name = await canvas.findByLabelText('Full Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Maya Schmidt');
    const username = canvas.getByLabelText('Username');
    await userEvent.clear(username);
    await userEvent.type(username, 'maya.schmidt');
    await userEvent.tab();
    await waitFor(() => expect(statusOf(canvas, 'Username')).toHaveTextContent('Available'));
    await userEvent.type(canvas.getByLabelText('New Password'), 'Flat-Six#911!');
    await userEvent.upload(canvas.getByLabelText('Change photo'), samplePngFile('garage-selfie.png'));
    const setting = canvas.getByRole('checkbox', { name: 'Require descriptions on my photos' });
    setting.focus();
    await userEvent.keyboard(' ');
    await expect(setting).toBeChecked();
    await expect(setting).toHaveAccessibleDescription(/^Posting waits until every photo has a description/);
    await userEvent.click(canvas.getByRole('button', { name: 'Update Profile' }));
    const dialog = await body.findByRole('alertdialog', { name: 'Confirm Changes' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const message = await canvas.findByRole('status');
    await expect(message).toHaveTextContent('Profile updated successfully!');
    const shownAt = performance.now();
    await expect(getComputedStyle(message).color).toBe(success);
    await expect(canvas.getByRole('button', { name: 'Update Profile' })).toBeDisabled();
    await expect(args.onUpdated).not.toHaveBeenCalled();
    await waitFor(() => expect(args.onUpdated).toHaveBeenCalledOnce(), { timeout: REDIRECT_AFTER_PROFILE_UPDATE_MS + 1500 });
    await expect(performance.now() - shownAt).toBeGreaterThanOrEqual(REDIRECT_AFTER_PROFILE_UPDATE_MS - 100);
    await expect(args.onUpdated).toHaveBeenCalledWith(expect.objectContaining({ username: 'maya.schmidt', fullName: 'Maya Schmidt', requirePhotoDescriptions: true }));
    // The fake saved what was sent: the new password and the setting too.
    await expect(backend.findUser('maya.schmidt')).toMatchObject({ fullName: 'Maya Schmidt', password: 'Flat-Six#911!', requirePhotoDescriptions: true });
    await expect(backend.findUser('maya.schmidt')?.profilePictureUrl).toMatch(/^data:image\/png/);
    settleFocus();
  },
};

/** The update fails without a message: "Update failed.", and the form can be sent again. */
export const UpdateFailed: Story = {
  beforeEach: ({ msw }) => {
    msw.use(failRoute('users.update', 500, ''));
  },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Update Profile' }));
    const dialog = await body.findByRole('alertdialog', { name: 'Confirm Changes' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Update failed.');
    await expect(getComputedStyle(alert).color).toBe(danger);
    await waitFor(() => expect(body.queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(canvas.getByRole('button', { name: 'Update Profile' })).toBeEnabled();
    await expect(args.onUpdated).not.toHaveBeenCalled();
    settleFocus();
  },
};
