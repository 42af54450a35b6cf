import * as React from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { avatarImage } from '@pitlane/api/mocks';
import { MobileMenu, type MobileMenuProps } from './MobileMenu.tsx';

const maya = { fullName: 'Maya Fischer', username: 'maya.drives', profilePictureUrl: avatarImage('Maya Fischer') };

/** The menu with its open state, as the DashboardLayout holds it. */
function Controlled(args: MobileMenuProps) {
  const [open, setOpen] = React.useState(args.open);
  return (
    <MobileMenu
      {...args}
      open={open}
      onOpenChange={(next) => {
        args.onOpenChange(next);
        setOpen(next);
      }}
    />
  );
}

const meta = {
  title: 'Layouts/MobileMenu',
  component: MobileMenu,
  args: { open: true, onOpenChange: fn(), onLogout: fn(), user: maya },
  globals: { viewport: { value: 'mobile', isRotated: false } },
  parameters: { frame: 'bare', router: { initialEntries: ['/feeds'] } },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof MobileMenu>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);

/** Open: the profile header, My Profile, Communities, Events, Saved and Logout, docked to the bottom. */
export const Open: Story = {
  play: async () => {
    const sheet = await body.findByRole('dialog', { name: 'Menu' });
    await expect(within(sheet).getByText('Maya Fischer')).toBeVisible();
    await expect(within(sheet).getByText('@maya.drives')).toBeVisible();
    const nav = within(sheet).getByRole('navigation', { name: 'Menu' });
    await expect(within(nav).getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '/profile/maya.drives');
    await expect(within(nav).getByRole('link', { name: 'Communities' })).toHaveAttribute('href', '/community');
    await expect(within(nav).getByRole('link', { name: 'Events' })).toHaveAttribute('href', '/events');
    await expect(within(nav).getByRole('link', { name: 'Saved' })).toHaveAttribute('href', '/saved');
    await expect(within(sheet).getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(sheet.getBoundingClientRect().bottom).toBe(window.innerHeight);
    await expect(getComputedStyle(sheet).zIndex).toBe('1500');
  },
};

/** The current page's link is marked. */
export const ActiveLink: Story = {
  parameters: { router: { initialEntries: ['/community'] } },
  play: async () => {
    const sheet = await body.findByRole('dialog', { name: 'Menu' });
    await expect(within(sheet).getByRole('link', { name: 'Communities' })).toHaveAttribute('aria-current', 'page');
    await expect(within(sheet).getByRole('link', { name: 'Events' })).not.toHaveAttribute('aria-current');
  },
};

/** Choosing a link closes the menu. */
export const LinkCloses: Story = {
  play: async ({ args, userEvent }) => {
    const sheet = await body.findByRole('dialog', { name: 'Menu' });
    await userEvent.click(within(sheet).getByRole('link', { name: 'Events' }));
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

/** Tapping the dimmed overlay closes it. */
export const OverlayCloses: Story = {
  play: async ({ args, userEvent }) => {
    await body.findByRole('dialog', { name: 'Menu' });
    await userEvent.click(document.querySelector<HTMLElement>('[data-slot="bottom-sheet-overlay"]')!);
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

/** Logout hands over to the layout (which asks first) and leaves the menu open beneath. */
export const Logout: Story = {
  play: async ({ args, userEvent }) => {
    const sheet = await body.findByRole('dialog', { name: 'Menu' });
    await userEvent.click(within(sheet).getByRole('button', { name: 'Logout' }));
    await expect(args.onLogout).toHaveBeenCalledOnce();
    await expect(args.onOpenChange).not.toHaveBeenCalled();
    await expect(sheet).toBeVisible();
  },
};

/** A long name and handle are cut with an ellipsis rather than pushing the sheet wider. */
export const LongName: Story = {
  args: { user: { fullName: 'Maximiliane Wilhelmina von Hohenzollern-Sigmaringen', username: 'maximiliane.von.hohenzollern.sigmaringen', profilePictureUrl: '' } },
  play: async () => {
    const sheet = await body.findByRole('dialog', { name: 'Menu' });
    const name = within(sheet).getByText(/^Maximiliane/);
    await expect(name.scrollWidth).toBeGreaterThan(name.clientWidth);
    await expect(sheet.getBoundingClientRect().width).toBe(375);
  },
};
