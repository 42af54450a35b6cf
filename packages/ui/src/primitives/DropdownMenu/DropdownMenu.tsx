import * as React from 'react';
import * as DropdownMenuPrimitive from '@radix-ui/react-dropdown-menu';
import { cn } from '../../lib/cn.ts';

/*
 * Radix DropdownMenu, styled (shadcn/ui's DropdownMenu, in our tokens). Radix does the menu's
 * hard parts: the `menu` / `menuitem` roles, arrow keys and typeahead, Escape and outside-click
 * dismissal, and focus back on the trigger when it closes. Opens instantly, like the dialogs.
 */

/**
 * Not modal by default (shadcn/ui's is): a modal menu hides the rest of the page from screen
 * readers with `aria-hidden` while its trigger, still focusable, sits in that hidden part, which
 * axe rightly reports. A menu button needs no modality: Escape, Tab and a click outside close it,
 * and the focus still moves into the menu and back to the trigger.
 */
export function DropdownMenu({ modal = false, ...props }: React.ComponentProps<typeof DropdownMenuPrimitive.Root>) {
  return <DropdownMenuPrimitive.Root data-slot="dropdown-menu" modal={modal} {...props} />;
}

export function DropdownMenuTrigger(props: React.ComponentProps<typeof DropdownMenuPrimitive.Trigger>) {
  return <DropdownMenuPrimitive.Trigger data-slot="dropdown-menu-trigger" {...props} />;
}

export function DropdownMenuPortal(props: React.ComponentProps<typeof DropdownMenuPrimitive.Portal>) {
  return <DropdownMenuPrimitive.Portal data-slot="dropdown-menu-portal" {...props} />;
}

export function DropdownMenuGroup(props: React.ComponentProps<typeof DropdownMenuPrimitive.Group>) {
  return <DropdownMenuPrimitive.Group data-slot="dropdown-menu-group" {...props} />;
}

/** The floating panel, in a portal above dialogs and sheets (`--layer-menu`). */
export function DropdownMenuContent({
  className,
  sideOffset = 4,
  align = 'end',
  collisionPadding = 8,
  ...props
}: React.ComponentProps<typeof DropdownMenuPrimitive.Content>) {
  return (
    <DropdownMenuPrimitive.Portal>
      <DropdownMenuPrimitive.Content
        data-slot="dropdown-menu-content"
        sideOffset={sideOffset}
        align={align}
        // Keeps the panel off the screen's edge on a 375 px phone.
        collisionPadding={collisionPadding}
        className={cn(
          'z-(--layer-menu) max-h-(--radix-dropdown-menu-content-available-height) min-w-48 overflow-x-hidden overflow-y-auto rounded-md border bg-surface p-1 text-foreground shadow-popover',
          className,
        )}
        {...props}
      />
    </DropdownMenuPrimitive.Portal>
  );
}

export interface DropdownMenuItemProps extends React.ComponentProps<typeof DropdownMenuPrimitive.Item> {
  /** `danger` for destructive or hard-to-undo actions (block, delete): red text. */
  variant?: 'default' | 'danger';
}

export function DropdownMenuItem({ className, variant = 'default', ...props }: DropdownMenuItemProps) {
  return (
    <DropdownMenuPrimitive.Item
      data-slot="dropdown-menu-item"
      data-variant={variant}
      className={cn(
        // The highlight follows the pointer and the arrow keys alike; the focus ring (drawn inside,
        // so the panel's edge does not clip it) shows only for the keyboard, as everywhere else.
        'relative flex min-h-9 cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-offset-[-2px] select-none',
        'data-highlighted:bg-surface-sunken data-disabled:pointer-events-none data-disabled:opacity-50',
        'data-[variant=danger]:text-danger',
        '[&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0',
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuLabel({ className, ...props }: React.ComponentProps<typeof DropdownMenuPrimitive.Label>) {
  return (
    <DropdownMenuPrimitive.Label
      data-slot="dropdown-menu-label"
      className={cn('truncate px-2 py-1.5 text-xs font-medium text-muted-foreground', className)}
      {...props}
    />
  );
}

export function DropdownMenuSeparator({ className, ...props }: React.ComponentProps<typeof DropdownMenuPrimitive.Separator>) {
  return <DropdownMenuPrimitive.Separator data-slot="dropdown-menu-separator" className={cn('-mx-1 my-1 h-px bg-border', className)} {...props} />;
}
