import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { failRoute, fixtures, mockApi, neverRespond } from '@pitlane/api/mocks';
import { CreateCommunityModal } from './CreateCommunityModal.tsx';

const body = within(document.body);
const dialog = () => body.findByRole('dialog', { name: 'Create Community' });

/**
 * A button that turns busy is disabled, so where focus lands once the call settles (the button,
 * the dialog, the page) differs from run to run; such stories drop focus before the screenshot.
 */
function settleFocus() {
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
}

const meta = {
  title: 'Widgets/CreateCommunityModal',
  component: CreateCommunityModal,
  parameters: { session: true },
  args: { open: true, onOpenChange: fn(), onCreated: fn() },
  beforeEach: mockApi(),
} satisfies Meta<typeof CreateCommunityModal>;
export default meta;
type Story = StoryObj<typeof meta>;

/** An empty form: Create stays disabled until both fields have text. */
export const Empty: Story = {
  play: async () => {
    const modal = within(await dialog());
    await expect(modal.getByRole('textbox', { name: 'Name' })).toHaveValue('');
    await expect(modal.getByText('0 / 300')).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Create' })).toBeDisabled();
  },
};

/** Creating: the server's community comes back, the modal closes and hands it on. */
export const Create: Story = {
  play: async ({ args, userEvent }) => {
    const modal = within(await dialog());
    await userEvent.type(modal.getByRole('textbox', { name: 'Name' }), 'Hot Hatch Heroes');
    await userEvent.type(modal.getByRole('textbox', { name: 'Description' }), 'Golf GTI, 205 GTI, Civic Type R.');
    await expect(modal.getByText('32 / 300')).toBeVisible();
    await userEvent.click(modal.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(args.onCreated).toHaveBeenCalledWith(expect.objectContaining({ name: 'Hot Hatch Heroes' })));
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    settleFocus();
  },
};

/** The description stops at 300 characters, and the counter says so in red. */
export const DescriptionAtLimit: Story = {
  play: async ({ userEvent }) => {
    const modal = within(await dialog());
    const description = modal.getByRole('textbox', { name: 'Description' });
    await userEvent.click(description);
    await userEvent.paste('Long-roof lovers. '.repeat(20));
    await expect(description).toHaveValue('Long-roof lovers. '.repeat(20).slice(0, 300));
    await expect(modal.getByText('300 / 300').parentElement).toHaveClass('text-danger');
  },
};

/** While the call runs the button reads "Creating..." and keeps its width. */
export const Busy: Story = {
  beforeEach: mockApi(fixtures.standard, neverRespond('communities.create')),
  play: async ({ userEvent }) => {
    const modal = within(await dialog());
    await userEvent.type(modal.getByRole('textbox', { name: 'Name' }), 'Hot Hatch Heroes');
    await userEvent.type(modal.getByRole('textbox', { name: 'Description' }), 'Small, light, quick.');
    await userEvent.click(modal.getByRole('button', { name: 'Create' }));
    await expect(await modal.findByRole('button', { name: 'Creating...' })).toHaveAttribute('aria-disabled', 'true');
  },
};

/** A failure without a server message: "Failed to create community." */
export const Failure: Story = {
  beforeEach: mockApi(fixtures.standard, failRoute('communities.create', 500, '')),
  play: async ({ args, userEvent }) => {
    const modal = within(await dialog());
    await userEvent.type(modal.getByRole('textbox', { name: 'Name' }), 'Hot Hatch Heroes');
    await userEvent.type(modal.getByRole('textbox', { name: 'Description' }), 'Small, light, quick.');
    await userEvent.click(modal.getByRole('button', { name: 'Create' }));
    await expect(await modal.findByRole('alert')).toHaveTextContent('Failed to create community.');
    await expect(args.onCreated).not.toHaveBeenCalled();
    settleFocus();
  },
};

/** The server's message comes first: a name that is taken. */
export const NameTaken: Story = {
  play: async ({ userEvent }) => {
    const modal = within(await dialog());
    await userEvent.type(modal.getByRole('textbox', { name: 'Name' }), 'jdm legends');
    await userEvent.type(modal.getByRole('textbox', { name: 'Description' }), 'Another one.');
    await userEvent.click(modal.getByRole('button', { name: 'Create' }));
    await expect(await modal.findByRole('alert')).toHaveTextContent('A community with that name already exists.');
    settleFocus();
  },
};

/** On a phone. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async () => {
    const modal = within(await dialog());
    await expect(modal.getByRole('button', { name: 'Cancel' })).toBeVisible();
  },
};
