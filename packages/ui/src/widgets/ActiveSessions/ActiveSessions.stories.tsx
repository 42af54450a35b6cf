import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { FALLBACK_MESSAGES, SUCCESS_MESSAGES } from '@pitlane/api/contract';
import { failRoute, fixtures, mockApi, neverRespond, type MockSeed } from '@pitlane/api/mocks';
import { DateTimeFormatProvider } from '../DateTime/DateTime.tsx';
import { ActiveSessions } from './ActiveSessions.tsx';

const mobile = { globals: { viewport: { value: 'mobile', isRotated: false } } } as const;

/** Maya is signed in on this browser only: her phone and laptop sessions have ended. */
function onlyThisOne(): MockSeed {
  const seed = fixtures.standard();
  seed.sessions = seed.sessions?.filter((session) => session.token === null);
  return seed;
}

const meta = {
  title: 'Widgets/ActiveSessions',
  component: ActiveSessions,
  parameters: { session: true },
  beforeEach: mockApi(),
  decorators: [
    (Story) => (
      // Pinned, so "Last active …" prints the same in every run.
      <DateTimeFormatProvider locale="en-US" timeZone="UTC">
        <div className="max-w-xl">
          <Story />
        </div>
      </DateTimeFormatProvider>
    ),
  ],
} satisfies Meta<typeof ActiveSessions>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The standard fixture: this browser first, then her phone and a laptop that sent no usable User-Agent, by last use. */
export const Several: Story = {
  play: async ({ canvas }) => {
    const rows = await waitFor(() => {
      const found = canvas.getAllByRole('listitem');
      expect(found).toHaveLength(3);
      return found;
    });
    await expect(rows[0]).toHaveTextContent('Chrome on macOS');
    await expect(within(rows[0]!).getByText('This device')).toBeVisible();
    await expect(rows[0]).toHaveTextContent('Active now');
    await expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();
    await expect(rows[1]).toHaveTextContent('Safari on iOSLast active Nov 22, 2026, 7:30 AMSigned in Oct 8, 2026, 9:30 AM');
    await expect(rows[2]).toHaveTextContent('Unknown deviceLast active Nov 13, 2026, 9:30 AM');
    await expect(canvas.getByRole('button', { name: 'Log out Safari on iOS' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Log out Unknown device' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Log out everywhere else' })).toBeVisible();
  },
};
export const SeveralMobile: Story = { ...Several, ...mobile };

/** Only this browser is signed in: nothing to log out of. */
export const OnlySession: Story = {
  beforeEach: mockApi(onlyThisOne),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('This is your only session.')).toBeVisible();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(1);
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
  },
};
export const OnlySessionMobile: Story = { ...OnlySession, ...mobile };

/** While the list loads: skeleton rows in the rows' shape, a named status. */
export const Loading: Story = {
  beforeEach: mockApi(fixtures.standard, neverRespond('sessions.list')),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status', { name: 'Loading sessions' })).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Sessions' })).toHaveAttribute('aria-busy', 'true');
  },
};
export const LoadingMobile: Story = { ...Loading, ...mobile };

/** The list failed (the fallback when the server gives no message), with "Try again". */
export const Failed: Story = {
  beforeEach: mockApi(fixtures.standard, failRoute('sessions.list', 500, '')),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(FALLBACK_MESSAGES.sessionsFailed);
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};
export const FailedMobile: Story = { ...Failed, ...mobile };

/** "Log out everywhere else" asks first. */
export const ConfirmLogOutEverywhereElse: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Log out everywhere else' }));
    const dialog = within(await within(document.body).findByRole('alertdialog', { name: 'Log out everywhere else?' }));
    await expect(dialog.getByText(/Every other browser and device signed in to your account will be signed out/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Log out everywhere else' })).toBeVisible();
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveFocus());
  },
};
export const ConfirmLogOutEverywhereElseMobile: Story = { ...ConfirmLogOutEverywhereElse, ...mobile };

/** Confirmed: only this browser is left, and the section says so. */
export const LoggedOutEverywhereElse: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Log out everywhere else' }));
    const dialog = within(await within(document.body).findByRole('alertdialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Log out everywhere else' }));
    await expect(await canvas.findByText('This is your only session.')).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent(SUCCESS_MESSAGES.otherSessionsEnded);
    await expect(canvas.getAllByRole('listitem')).toHaveLength(1);
    await waitFor(() => expect(canvas.getByRole('heading', { name: 'Sessions' })).toHaveFocus());
  },
};
export const LoggedOutEverywhereElseMobile: Story = { ...LoggedOutEverywhereElse, ...mobile };

/** "Log out" on one row: that row goes, the focus moves to the next row's button. */
export const LogOutOne: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Log out Safari on iOS' }));
    await waitFor(() => expect(canvas.queryByRole('button', { name: 'Log out Safari on iOS' })).not.toBeInTheDocument());
    await expect(canvas.getByRole('status')).toHaveTextContent(SUCCESS_MESSAGES.sessionEnded);
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Log out Unknown device' })).toHaveFocus());
    await expect(canvas.getAllByRole('listitem')).toHaveLength(2);
  },
};
export const LogOutOneMobile: Story = { ...LogOutOne, ...mobile };

/** "Log out everywhere else" failed: the sessions stay, and the fallback says so. */
export const LogOutEverywhereElseFailed: Story = {
  beforeEach: mockApi(fixtures.standard, failRoute('sessions.endOthers', 500, '')),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Log out everywhere else' }));
    const dialog = within(await within(document.body).findByRole('alertdialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Log out everywhere else' }));
    await expect(await canvas.findByText(FALLBACK_MESSAGES.endOtherSessionsFailed)).toBeVisible();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(3);
  },
};
export const LogOutEverywhereElseFailedMobile: Story = { ...LogOutEverywhereElseFailed, ...mobile };
