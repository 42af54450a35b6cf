import * as React from 'react';
import { cva } from 'class-variance-authority';
import { cn } from '../../lib/cn.ts';
import { Button, type ButtonProps } from '../Button/Button.tsx';

/** Square sizes; colours, focus and disabled come from Button's own variants. */
export const iconButtonVariants = cva('px-0', {
  variants: {
    size: {
      sm: 'size-8 [&_svg]:size-4',
      md: 'size-10 [&_svg]:size-5',
      lg: 'size-12 [&_svg]:size-6',
    },
  },
  defaultVariants: { size: 'md' },
});

export interface IconButtonProps extends Omit<ButtonProps, 'variant' | 'size' | 'block' | 'busyLabel' | 'aria-label'> {
  variant?: 'ghost' | 'outline' | 'primary';
  size?: 'sm' | 'md' | 'lg';
  /** Required: an icon has no text, so this is the only name a screen reader or voice user gets. */
  'aria-label': string;
  /** The icon (a lucide icon hides itself from screen readers on its own). */
  children: React.ReactNode;
}

export function IconButton({ variant = 'ghost', size = 'md', className, ...props }: IconButtonProps) {
  return (
    <Button
      data-slot="icon-button"
      variant={variant}
      size={size}
      className={cn(iconButtonVariants({ size }), className)}
      {...props}
    />
  );
}
