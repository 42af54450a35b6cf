import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { Link } from 'wouter';
import { Button } from '../Button/Button.tsx';
import { BottomSheet, BottomSheetClose, BottomSheetContent, BottomSheetTrigger } from './BottomSheet.tsx';

const meta = {
  title: 'Primitives/BottomSheet',
  component: BottomSheet,
  args: { defaultOpen: true, onOpenChange: fn() },
  globals: { viewport: { value: 'mobile', isRotated: false } },
} satisfies Meta<typeof BottomSheet>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);
const overlay = () => document.body.querySelector<HTMLElement>('[data-slot="bottom-sheet-overlay"]')!;

/** The mobile menu of spec §2: a sheet whose title is for screen readers only. */
function MobileMenu(args: React.ComponentProps<typeof BottomSheet>) {
  return (
    <BottomSheet {...args}>
      <BottomSheetTrigger asChild>
        <Button variant="outline">Menu</Button>
      </BottomSheetTrigger>
      <BottomSheetContent title="Menu" hideTitle>
        <div className="flex items-center gap-3 border-b py-3">
          <div aria-hidden className="size-12 rounded-full bg-muted" />
          <div>
            <p className="font-semibold">Marta Rossi</p>
            <p className="text-sm text-muted-foreground">@marta_gtv</p>
          </div>
        </div>
        <nav aria-label="Menu" className="flex flex-col py-2">
          {[
            ['My Profile', '/profile/marta_gtv'],
            ['Communities', '/community'],
            ['Events', '/events'],
          ].map(([label, to]) => (
            // Choosing a link closes the menu (spec §2).
            <BottomSheetClose key={to} asChild>
              <Link to={to!} className="rounded-md px-2 py-3 font-medium hover:bg-surface-sunken">
                {label}
              </Link>
            </BottomSheetClose>
          ))}
        </nav>
        <Button variant="outline" block>
          Logout
        </Button>
      </BottomSheetContent>
    </BottomSheet>
  );
}

/** Opened from the bottom bar's Menu button: docked to the bottom edge over a dimmed overlay. */
export const MobileMenuOpen: Story = {
  args: { defaultOpen: false },
  render: (args) => <MobileMenu {...args} />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Menu' }));
    const sheet = await body.findByRole('dialog', { name: 'Menu' });
    await expect(sheet.getBoundingClientRect().bottom).toBe(window.innerHeight);
    await expect(getComputedStyle(sheet).zIndex).toBe('1500');
    await expect(within(sheet).getByRole('link', { name: 'Communities' })).toBeVisible();
    // Focus lands on the sheet itself, not on its first action (Logout).
    await expect(sheet).toHaveFocus();
    // The title names the sheet but is not drawn.
    await expect(within(sheet).getByText('Menu', { selector: 'h2' }).parentElement).toHaveClass('sr-only');
  },
};

/** Tapping the dimmed overlay closes the sheet (spec §2). */
export const OverlayTapCloses: Story = {
  render: (args) => <MobileMenu {...args} />,
  play: async ({ args, canvas, userEvent }) => {
    await body.findByRole('dialog', { name: 'Menu' });
    await userEvent.click(overlay());
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    // Focus goes back to the Menu button.
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Menu' })).toHaveFocus());
  },
};

/** Choosing a link closes the menu; so does Escape. */
export const LinkAndEscapeClose: Story = {
  render: (args) => <MobileMenu {...args} />,
  play: async ({ canvas, userEvent }) => {
    const sheet = await body.findByRole('dialog', { name: 'Menu' });
    await userEvent.click(within(sheet).getByRole('link', { name: 'Events' }));
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(canvas.getByRole('button', { name: 'Menu' }));
    await body.findByRole('dialog', { name: 'Menu' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Menu' })).toHaveFocus());
  },
};

/** A visible title and description, for sheets that need a heading (a share sheet, say). */
export const WithTitle: Story = {
  render: (args) => (
    <BottomSheet {...args}>
      <BottomSheetContent title="Share post" description="Check this post">
        <div className="flex flex-col gap-2 py-2">
          <Button variant="outline" block>
            Copy link
          </Button>
          <BottomSheetClose asChild>
            <Button variant="ghost" block>
              Cancel
            </Button>
          </BottomSheetClose>
        </div>
      </BottomSheetContent>
    </BottomSheet>
  ),
  play: async () => {
    const sheet = await body.findByRole('dialog', { name: 'Share post' });
    await expect(sheet).toHaveAccessibleDescription('Check this post');
    await expect(within(sheet).getByRole('heading', { name: 'Share post' })).toBeVisible();
  },
};

/** On a wide screen the sheet keeps a readable width, centred on the bottom edge. */
export const Desktop: Story = {
  ...MobileMenuOpen,
  args: { defaultOpen: true },
  globals: { viewport: { value: 'desktop', isRotated: false } },
  play: async () => {
    const box = (await body.findByRole('dialog', { name: 'Menu' })).getBoundingClientRect();
    await expect(box.width).toBe(512);
    await expect(box.left + box.width / 2).toBe(640);
  },
};
