import * as React from 'react';
import { cn } from '../../lib/cn.ts';

export type SkeletonProps = React.ComponentProps<'div'>;

/**
 * A placeholder block in the shape of what is loading. The shape comes from className, so a
 * skeleton mirrors the real layout: `h-4 w-40` a line, `size-10 rounded-full` an avatar,
 * `aspect-square rounded-lg` a photo. It pulses only for people who have not asked for less motion.
 */
export function Skeleton({ className, ...props }: SkeletonProps) {
  return <div data-slot="skeleton" className={cn('rounded-md bg-muted motion-safe:animate-pulse', className)} {...props} />;
}
