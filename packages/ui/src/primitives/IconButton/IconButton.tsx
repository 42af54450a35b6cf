import * as React from 'react';
import { Button, type ButtonProps } from '../Button/Button.tsx';

export interface IconButtonProps extends Omit<ButtonProps, 'variant' | 'size' | 'block' | 'busyLabel' | 'aria-label'> {
  variant?: 'ghost' | 'ghost-muted' | 'outline' | 'primary' | 'floating' | 'on-photo';
  /** Square: 28, 32, 40 or 48 px, its icon 16, 16, 20 or 24 px. */
  size?: 'xs' | 'sm' | 'md' | 'lg';
  /** Required: an icon has no text, so this is the only name a screen reader or voice user gets. */
  'aria-label': string;
  /** The icon (a lucide icon hides itself from screen readers on its own). */
  children: React.ReactNode;
}

export function IconButton({ variant = 'ghost', size = 'md', ...props }: IconButtonProps) {
  return (
    <Button
      data-slot="icon-button"
      variant={variant}
      size={`icon-${size}`}
      {...props}
    />
  );
}
