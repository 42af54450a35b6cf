import type { Meta, StoryObj } from '@storybook/react-vite';
import type { SetupWorker } from 'msw/browser';
import { expect, fn, waitFor, within } from 'storybook/test';
import { createMockBackend, failRoute, fixtures, handlers, neverRespond, type FixtureOptions } from '@pitlane/api/mocks';
import { DashboardLayout } from './DashboardLayout.tsx';

/** Stands in for a page: a heading and the shapes of three post cards. */
function PagePlaceholder({ title }: { title: string }) {
  return (
    <div className="flex flex-col gap-4 p-6">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      {[0, 1, 2].map((i) => (
        <div key={i} className="h-48 rounded-lg bg-surface-sunken" />
      ))}
    </div>
  );
}

/** Stands in for the SuggestionsPanel (built separately), which this column hosts. */
function SuggestionsPlaceholder() {
  return (
    <div className="flex flex-col gap-3 p-5">
      <h2 className="font-semibold">Who to Follow</h2>
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-center gap-3">
          <div className="size-10 rounded-full bg-surface-sunken" />
          <div className="h-3 flex-1 rounded bg-surface-sunken" />
        </div>
      ))}
    </div>
  );
}

/** A fresh fake backend for the story, in the standard world (signed in as maya.drives). */
const withBackend = (options: FixtureOptions = {}) => ({ msw }: { msw: SetupWorker }) => {
  msw.use(...handlers(createMockBackend(fixtures.standard(options))));
};

const meta = {
  title: 'Layouts/DashboardLayout',
  component: DashboardLayout,
  args: {
    onLoggedOut: fn(),
    children: <PagePlaceholder title="My Feed" />,
    suggestions: <SuggestionsPlaceholder />,
  },
  parameters: { frame: 'bare', session: true, router: { initialEntries: ['/feeds'] } },
  // A fresh backend per story, signed in as maya.drives with 3 unread notifications.
  beforeEach: withBackend(),
} satisfies Meta<typeof DashboardLayout>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);
const mobile = { viewport: { value: 'mobile', isRotated: false } } as const;
const sidebarOf = (canvas: ReturnType<typeof within>) => canvas.getByRole('complementary', { name: 'Sidebar' });
const bottomBar = () => document.querySelector<HTMLElement>('[data-slot="bottom-bar"]')!;

/** Desktop 1280: sidebar 20% (256 px), then 70% page and 30% suggestions of the rest. */
export const Desktop: Story = {
  play: async ({ canvas }) => {
    const sidebar = sidebarOf(canvas);
    await expect(await within(sidebar).findByText('Maya Fischer')).toBeVisible();
    await expect(within(sidebar).getByText('@maya.drives')).toBeVisible();
    // The standard world's 3 unread notifications, on the Notifications link.
    const notifications = await within(sidebar).findByRole('link', { name: 'Notifications 3 unread notifications' });
    await expect(within(notifications).getByText('3')).toBeVisible();
    const nav = within(sidebar).getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    // The label is the link's first text; the badge follows it.
    await expect(links.map((link) => link.querySelector('span')?.textContent)).toEqual([
      'My Feed',
      'Discover',
      'Communities',
      'Events',
      'Notifications',
      'Saved',
      'Create Post',
      'My Profile',
    ]);
    await expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/feeds',
      '/discover',
      '/community',
      '/events',
      '/notifications',
      '/saved',
      '/create-post',
      '/profile/maya.drives',
    ]);
    await expect(within(nav).getByRole('link', { name: 'My Feed' })).toHaveAttribute('aria-current', 'page');
    await expect(within(sidebar).getByRole('button', { name: 'Logout' })).toBeVisible();

    const sidebarBox = sidebar.getBoundingClientRect();
    await expect(sidebarBox.width).toBe(256);
    await expect(getComputedStyle(sidebar).position).toBe('fixed');
    const main = canvas.getByRole('main').getBoundingClientRect();
    const suggestions = canvas.getByRole('complementary', { name: 'Suggestions' }).getBoundingClientRect();
    await expect(main.left).toBe(256);
    await expect(main.width).toBeCloseTo((1280 - 256) * 0.7, 0);
    await expect(suggestions.width).toBeCloseTo((1280 - 256) * 0.3, 0);
    // The column (and its dividing line) runs the full height of the window.
    await expect(suggestions.height).toBe(window.innerHeight);
    // The bottom bar is for mobile only: not drawn at all here.
    await expect(document.querySelector('[data-slot="bottom-bar"]')).toBeNull();
  },
};

/** The active link follows the URL: on one's own profile, "My Profile". */
export const ProfileActive: Story = {
  parameters: { router: { initialEntries: ['/profile/maya.drives'] } },
  play: async ({ canvas }) => {
    const nav = within(sidebarOf(canvas)).getByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'My Profile' })).toHaveAttribute('aria-current', 'page'));
    await expect(within(nav).getByRole('link', { name: 'My Feed' })).not.toHaveAttribute('aria-current');
  },
};

/** No unread notifications: no badge. */
export const NoUnread: Story = {
  beforeEach: withBackend({ unreadNotifications: 0 }),
  play: async ({ canvas }) => {
    const sidebar = sidebarOf(canvas);
    await within(sidebar).findByText('Maya Fischer');
    const link = within(sidebar).getByRole('link', { name: 'Notifications' });
    await expect(link.querySelector('[data-slot="badge"]')).toBeNull();
  },
};

/** Twelve unread: the badge reads "9+" (a screen reader hears the exact count). */
export const NinePlusUnread: Story = {
  beforeEach: withBackend({ unreadNotifications: 12 }),
  play: async ({ canvas }) => {
    const sidebar = sidebarOf(canvas);
    const link = await within(sidebar).findByRole('link', { name: 'Notifications 12 unread notifications' });
    await expect(within(link).getByText('9+')).toBeVisible();
  },
};

/** Mobile 375: the 60 px bottom bar (Feeds, Discover, Create Post, Notifications, Menu); no sidebar, no suggestions. */
export const Mobile: Story = {
  globals: mobile,
  play: async ({ canvas }) => {
    const bar = bottomBar();
    await expect(bar).toBeVisible();
    const box = bar.getBoundingClientRect();
    await expect(box.height).toBe(60);
    await expect(box.bottom).toBe(window.innerHeight);
    await expect(box.width).toBe(375);
    const links = within(bar).getAllByRole('link');
    await expect(links.map((link) => link.getAttribute('href'))).toEqual(['/feeds', '/discover', '/create-post', '/notifications']);
    await expect(within(bar).getByRole('link', { name: 'Feeds' })).toHaveAttribute('aria-current', 'page');
    await expect(await within(bar).findByRole('link', { name: 'Notifications 3 unread notifications' })).toBeVisible();
    await expect(within(bar).getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
    await expect(document.querySelector('[data-slot="sidebar"]')).toBeNull();
    await expect(canvas.queryByRole('complementary', { name: 'Suggestions' })).not.toBeInTheDocument();
    // Not drawn at all, not only hidden: a phone fetches no suggestions and none of their pictures.
    await expect(document.querySelector('[data-slot="suggestions-column"]')).toBeEmptyDOMElement();
    await expect(canvas.getByRole('main').getBoundingClientRect().width).toBe(375);
    // The page's end scrolls clear of the bar instead of hiding under it.
    const content = canvas.getByRole('main').parentElement!.parentElement!;
    await expect(getComputedStyle(content).paddingBottom).toBe('60px');
  },
};

/** Mobile with twelve unread: "9+" on the bottom bar's Notifications. */
export const MobileNinePlus: Story = {
  globals: mobile,
  beforeEach: withBackend({ unreadNotifications: 12 }),
  play: async () => {
    const link = await within(bottomBar()).findByRole('link', { name: 'Notifications 12 unread notifications' });
    await expect(within(link).getByText('9+')).toBeVisible();
  },
};

/** Menu opens the mobile menu sheet. */
export const MobileMenuOpen: Story = {
  globals: mobile,
  play: async ({ userEvent }) => {
    await within(bottomBar()).findByRole('link', { name: /^Notifications/ });
    await userEvent.click(within(bottomBar()).getByRole('button', { name: 'Menu' }));
    const sheet = await body.findByRole('dialog', { name: 'Menu' });
    await expect(within(sheet).getByText('Maya Fischer')).toBeVisible();
    await expect(within(sheet).getByText('@maya.drives')).toBeVisible();
    const links = within(within(sheet).getByRole('navigation', { name: 'Menu' })).getAllByRole('link');
    await expect(links.map((link) => link.textContent)).toEqual(['My Profile', 'Communities', 'Events', 'Saved']);
    await expect(within(sheet).getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(sheet.getBoundingClientRect().bottom).toBe(window.innerHeight);
  },
};

/** Choosing a link in the menu navigates and closes it; so does tapping the overlay. */
export const MobileMenuCloses: Story = {
  globals: mobile,
  play: async ({ userEvent }) => {
    const menuButton = within(bottomBar()).getByRole('button', { name: 'Menu' });
    await userEvent.click(menuButton);
    const sheet = await body.findByRole('dialog', { name: 'Menu' });
    await userEvent.click(within(sheet).getByRole('link', { name: 'Communities' }));
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(menuButton);
    await body.findByRole('dialog', { name: 'Menu' });
    await userEvent.click(document.querySelector<HTMLElement>('[data-slot="bottom-sheet-overlay"]')!);
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  },
};

/** Logout in the sidebar asks first; Cancel keeps the session. */
export const LogoutConfirmation: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const sidebar = sidebarOf(canvas);
    await within(sidebar).findByText('Maya Fischer');
    await userEvent.click(within(sidebar).getByRole('button', { name: 'Logout' }));
    const dialog = await body.findByRole('alertdialog', { name: 'Confirm Logout' });
    await expect(dialog).toHaveAccessibleDescription('Are you sure you want to log out?');
    await expect(within(dialog).getByRole('button', { name: 'Logout' })).toBeEnabled();
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await expect(getComputedStyle(dialog).zIndex).toBe('1000');
    // Cancel closes it without logging out; then it is asked again, and left open for the picture.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(body.queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(args.onLoggedOut).not.toHaveBeenCalled();
    await userEvent.click(within(sidebar).getByRole('button', { name: 'Logout' }));
    await body.findByRole('alertdialog', { name: 'Confirm Logout' });
  },
};

/** From the mobile menu the confirmation stacks at 2001, over the still-open sheet. */
export const LogoutFromMobileMenu: Story = {
  globals: mobile,
  play: async ({ userEvent }) => {
    await userEvent.click(within(bottomBar()).getByRole('button', { name: 'Menu' }));
    const sheet = await body.findByRole('dialog', { name: 'Menu' });
    await userEvent.click(within(sheet).getByRole('button', { name: 'Logout' }));
    const dialog = await body.findByRole('alertdialog', { name: 'Confirm Logout' });
    await expect(getComputedStyle(dialog).zIndex).toBe('2001');
    const overlay = document.querySelector<HTMLElement>('[data-slot="dialog-overlay"]')!;
    await expect(getComputedStyle(overlay).zIndex).toBe('2001');
    await expect(getComputedStyle(sheet).zIndex).toBe('1500');
    // The sheet is still there underneath, covered by the dialog's overlay.
    const box = sheet.getBoundingClientRect();
    await expect(document.elementFromPoint(box.left + 10, box.bottom - 10)).toBe(overlay);
  },
};

/** Confirmed: the blurred overlay with the car spinner covers everything while the call runs. */
export const LoggingOut: Story = {
  beforeEach: ({ msw }) => {
    msw.use(neverRespond('auth.logout'));
  },
  play: async ({ args, canvas, userEvent }) => {
    const sidebar = sidebarOf(canvas);
    await within(sidebar).findByText('Maya Fischer');
    await userEvent.click(within(sidebar).getByRole('button', { name: 'Logout' }));
    const dialog = await body.findByRole('alertdialog', { name: 'Confirm Logout' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Logout' }));
    const spinner = await body.findByRole('status', { name: 'Logging out' });
    const overlay = spinner.closest<HTMLElement>('[data-slot="full-screen-spinner"]')!;
    await expect(getComputedStyle(overlay).zIndex).toBe('3000');
    await expect(getComputedStyle(overlay).backdropFilter).toContain('blur');
    await expect(body.queryByRole('alertdialog')).not.toBeInTheDocument();
    // Nothing underneath can be reached meanwhile.
    await expect(sidebar.closest('[inert]')).not.toBeNull();
    await expect(args.onLoggedOut).not.toHaveBeenCalled();
  },
};

/** The same overlay on a phone, after logging out from the menu (which closes). */
export const MobileLoggingOut: Story = {
  globals: mobile,
  beforeEach: ({ msw }) => {
    msw.use(neverRespond('auth.logout'));
  },
  play: async ({ userEvent }) => {
    await userEvent.click(within(bottomBar()).getByRole('button', { name: 'Menu' }));
    const sheet = await body.findByRole('dialog', { name: 'Menu' });
    await userEvent.click(within(sheet).getByRole('button', { name: 'Logout' }));
    const dialog = await body.findByRole('alertdialog', { name: 'Confirm Logout' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Logout' }));
    await expect(await body.findByRole('status', { name: 'Logging out' })).toBeVisible();
    await waitFor(() => expect(body.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
  },
};

/** Logged out: the session is cleared and the page is told (it goes to `/`). */
export const LoggedOut: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const sidebar = sidebarOf(canvas);
    await within(sidebar).findByText('Maya Fischer');
    await userEvent.click(within(sidebar).getByRole('button', { name: 'Logout' }));
    await userEvent.click(within(await body.findByRole('alertdialog')).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(args.onLoggedOut).toHaveBeenCalledOnce());
    // The cleared session has no unread count any more.
    await waitFor(() => expect(within(sidebar).getByRole('link', { name: 'Notifications' }).querySelector('[data-slot="badge"]')).toBeNull());
  },
};

/** The logout call fails: the session is cleared all the same and the page still leaves (spec §4, §8). */
export const LogoutCallFails: Story = {
  beforeEach: ({ msw }) => {
    msw.use(failRoute('auth.logout', 500, 'Server down'));
  },
  play: async ({ args, canvas, userEvent }) => {
    const sidebar = sidebarOf(canvas);
    await within(sidebar).findByText('Maya Fischer');
    await userEvent.click(within(sidebar).getByRole('button', { name: 'Logout' }));
    await userEvent.click(within(await body.findByRole('alertdialog')).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(args.onLoggedOut).toHaveBeenCalledOnce());
    await waitFor(() => expect(within(sidebar).getByRole('link', { name: 'Notifications' }).querySelector('[data-slot="badge"]')).toBeNull());
  },
};

/** Without a suggestions column (a page that has none) the page takes the whole width. */
export const WithoutSuggestions: Story = {
  args: { suggestions: undefined, children: <PagePlaceholder title="Events" /> },
  parameters: { router: { initialEntries: ['/events'] } },
  play: async ({ canvas }) => {
    await within(sidebarOf(canvas)).findByText('Maya Fischer');
    await expect(canvas.queryByRole('complementary', { name: 'Suggestions' })).not.toBeInTheDocument();
    await expect(canvas.getByRole('main').getBoundingClientRect().width).toBe(1280 - 256);
    await expect(within(sidebarOf(canvas)).getByRole('link', { name: 'Events' })).toHaveAttribute('aria-current', 'page');
  },
};
