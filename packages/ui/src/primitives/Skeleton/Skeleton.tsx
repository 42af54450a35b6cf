import * as React from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '../../lib/cn.ts';

export const skeletonVariants = cva('motion-safe:animate-pulse', {
  variants: {
    /** The corner of what it stands for: a line or a control, a card or photo, an avatar, a photo edge to edge. */
    shape: { box: 'rounded-md', card: 'rounded-lg', circle: 'rounded-full', flush: 'rounded-none' },
    /** `dark`: where the photo will be drawn on the dark photo ground (the photo editor). */
    tone: { muted: 'bg-muted', dark: 'bg-graphite' },
  },
  defaultVariants: { shape: 'box', tone: 'muted' },
});

export interface SkeletonProps extends React.ComponentProps<'div'>, VariantProps<typeof skeletonVariants> {}

/**
 * A placeholder block in the shape of what is loading. The shape comes from className, so a
 * skeleton mirrors the real layout: `h-4 w-40` a line, `size-10 rounded-full` an avatar,
 * `aspect-square rounded-lg` a photo. It pulses only for people who have not asked for less motion.
 */
export function Skeleton({ shape, tone, className, ...props }: SkeletonProps) {
  return <div data-slot="skeleton" className={cn(skeletonVariants({ shape, tone }), className)} {...props} />;
}
