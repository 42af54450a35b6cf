import type * as React from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

export interface CoverPhotoProps {
  /** The photo; none (null, undefined or '') draws the placeholder. */
  src: string | null | undefined;
  /** Its description; '' makes the photo decorative (its name is printed beside it). */
  alt: string;
  /** What the placeholder draws: the thing the cover is of (a car, a calendar day). */
  icon: LucideIcon;
  /** The drawing's size in the placeholder, e.g. `size-1/3 max-h-16 max-w-16`. */
  iconClassName: string;
  /** The box's shape and size; the photo fills it (object-cover). */
  className?: string;
  /** Stored widths of the photo, for the browser to pick one; with `sizes`. */
  srcSet?: string;
  sizes?: string;
  /** The page's main picture: loaded at once and first, not lazily. */
  priority?: boolean;
  /** The data-slot, e.g. `car-cover`, on the photo and the placeholder alike. */
  slot: string;
}

/**
 * A cover photo (a car's, a meet's), or a quiet placeholder of the same shape with the thing drawn
 * in it, so lists of things with and without covers still line up.
 */
export function CoverPhoto({ src, alt, icon: Icon, iconClassName, className, srcSet, sizes, priority = false, slot }: CoverPhotoProps): React.ReactElement {
  if (!src) {
    return (
      <div data-slot={slot} data-placeholder="" aria-hidden className={cn('flex items-center justify-center bg-surface-sunken text-input', className)}>
        <Icon strokeWidth={1.25} className={iconClassName} />
      </div>
    );
  }
  return (
    <img
      data-slot={slot}
      src={src}
      srcSet={srcSet}
      sizes={sizes}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      className={cn('bg-muted object-cover', className)}
    />
  );
}
