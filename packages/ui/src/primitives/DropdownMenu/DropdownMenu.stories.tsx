import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { Ban, Ellipsis, VolumeX } from 'lucide-react';
import { IconButton } from '../IconButton/IconButton.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './DropdownMenu.tsx';

const body = within(document.body);

/** A profile's "More" menu, the menu's first home (issue 18). */
function ProfileMenu({ onMute, onBlock, label }: { onMute: () => void; onBlock: () => void; label?: boolean }) {
  return (
    <div className="flex justify-end">
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <IconButton variant="outline" size="sm" aria-label="More actions for @kenji.r">
            <Ellipsis />
          </IconButton>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          {label ? (
            <>
              <DropdownMenuLabel>@kenji.r</DropdownMenuLabel>
              <DropdownMenuSeparator />
            </>
          ) : null}
          <DropdownMenuItem onSelect={onMute}>
            <VolumeX aria-hidden />
            Mute @kenji.r
          </DropdownMenuItem>
          <DropdownMenuItem variant="danger" onSelect={onBlock}>
            <Ban aria-hidden />
            Block @kenji.r
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}

const meta = {
  title: 'Primitives/DropdownMenu',
  component: ProfileMenu,
  args: { onMute: fn(), onBlock: fn() },
  decorators: [(Story) => <div className="max-w-md">{<Story />}</div>],
} satisfies Meta<typeof ProfileMenu>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Closed: just the trigger, which says it opens a menu. */
export const Closed: Story = {
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: 'More actions for @kenji.r' });
    await expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  },
};

/** Open with the pointer: the panel under the trigger, aligned to its right edge; Block in red. */
export const Open: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'More actions for @kenji.r' }));
    const menu = await body.findByRole('menu');
    await expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Mute @kenji.r', 'Block @kenji.r']);
    await expect(within(menu).getByRole('menuitem', { name: 'Block @kenji.r' })).toHaveAttribute('data-variant', 'danger');
  },
};

/** Open from the keyboard: focus lands on the first item and shows its ring; arrows move it. */
export const Keyboard: Story = {
  play: async ({ canvas, userEvent }) => {
    canvas.getByRole('button', { name: 'More actions for @kenji.r' }).focus();
    await userEvent.keyboard('{Enter}');
    const menu = await body.findByRole('menu');
    await expect(within(menu).getByRole('menuitem', { name: 'Mute @kenji.r' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(menu).getByRole('menuitem', { name: 'Block @kenji.r' })).toHaveFocus();
  },
};

/** Choosing an item runs it, closes the menu and gives the focus back to the trigger. */
export const Select: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: 'More actions for @kenji.r' });
    await userEvent.click(trigger);
    await userEvent.click(await body.findByRole('menuitem', { name: 'Mute @kenji.r' }));
    await expect(args.onMute).toHaveBeenCalledOnce();
    await expect(body.queryByRole('menu')).not.toBeInTheDocument();
    await expect(trigger).toHaveFocus();
    trigger.blur();
  },
};

/** Escape closes it without choosing anything. */
export const Escape: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: 'More actions for @kenji.r' });
    await userEvent.click(trigger);
    await body.findByRole('menu');
    await userEvent.keyboard('{Escape}');
    await expect(body.queryByRole('menu')).not.toBeInTheDocument();
    await expect(args.onMute).not.toHaveBeenCalled();
    await expect(args.onBlock).not.toHaveBeenCalled();
    trigger.blur();
  },
};

/** With a label and a separator. */
export const WithLabel: Story = {
  args: { label: true },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'More actions for @kenji.r' }));
    const menu = await body.findByRole('menu');
    await expect(within(menu).getByRole('separator')).toBeInTheDocument();
    await expect(within(menu).getByText('@kenji.r')).toBeVisible();
  },
};

/** On a phone, the panel stays on the screen (8 px from its edge at most). */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'More actions for @kenji.r' }));
    const menu = await body.findByRole('menu');
    const box = menu.getBoundingClientRect();
    await expect(box.left).toBeGreaterThanOrEqual(8);
    await expect(box.right).toBeLessThanOrEqual(window.innerWidth - 8);
  },
};
