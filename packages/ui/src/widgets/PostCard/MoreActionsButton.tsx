import { Ellipsis } from 'lucide-react';
import { IconButton, type IconButtonProps } from '../../primitives/IconButton/IconButton.tsx';

/**
 * The "More actions" button of someone else's post: the menu's trigger, and, alike, what the card
 * shows while the menu's code loads (a separate module so the card can have it without the menu).
 */
export function MoreActionsButton(props: Omit<IconButtonProps, 'aria-label' | 'children'>) {
  return (
    <IconButton aria-label="More actions" size="sm" {...props}>
      <Ellipsis />
    </IconButton>
  );
}
