import * as React from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { avatarSmallUrl } from '@pitlane/api/contract';
import { cn } from '../../lib/cn.ts';

export const avatarVariants = cva(
  'relative inline-flex shrink-0 select-none items-center justify-center overflow-hidden rounded-full bg-muted align-middle',
  {
    variants: {
      // 24 / 32 / 40 / 64 / 96 px; initials scale with the circle.
      size: {
        xs: 'size-6 text-[0.625rem]',
        sm: 'size-8 text-xs',
        md: 'size-10 text-sm',
        lg: 'size-16 text-xl',
        xl: 'size-24 text-3xl',
        /** A profile's own picture: 64 px on a phone, 96 px from the sm breakpoint. */
        profile: 'size-16 text-xl sm:size-24 sm:text-3xl',
      },
    },
    defaultVariants: { size: 'md' },
  },
);

/** "Maya Fischer" → "MF", "Maya" → "M": first letters of the first and last names. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return '';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  // Array.from takes whole code points, so a name starting with an astral letter is not split in half.
  return [first, last].map((word) => (word ? (Array.from(word)[0] ?? '') : '')).join('').toLocaleUpperCase();
}

export interface AvatarProps extends Omit<React.ComponentProps<'span'>, 'children'>, VariantProps<typeof avatarVariants> {
  /** The person's full name: the initials come from it, and it is the default alt text. */
  name: string;
  /** Profile picture URL; missing or failing to load shows the initials. */
  src?: string | null;
  /** Pass "" when the name is printed right beside the avatar, so it is not read twice. */
  alt?: string;
}

/** Sizes drawn at most 48 CSS px wide: the 96 px stored picture is sharp there at 2×. */
const SMALL_SIZES = new Set<AvatarProps['size']>(['xs', 'sm', 'md', undefined, null]);

/**
 * A plain <img>, not Radix's Avatar (issue 22): Radix mounts the picture only once a script has
 * loaded it, so a page drawn on the server showed initials until the app ran, then swapped every
 * avatar, and its five modules were ~2 KB gzip of the feed's first load. Here the picture is in the
 * page's HTML; one that fails (a deleted upload) gives way to the initials, never a broken icon.
 */
export function Avatar({ name, src, alt = name, size, className, ...props }: AvatarProps) {
  const picture = src && SMALL_SIZES.has(size) ? avatarSmallUrl(src) : src;
  const [failed, setFailed] = React.useState<string | null>(null);
  const image = React.useRef<HTMLImageElement>(null);
  // On a page drawn on the server the picture may have failed before the app took it over, its
  // error event gone: a finished picture that cannot be decoded has failed.
  React.useLayoutEffect(() => {
    const img = image.current;
    if (!img?.complete || !picture) return;
    img.decode().catch(() => {
      if (img.isConnected && img.getAttribute('src') === picture) setFailed(picture);
    });
  }, [picture]);

  return (
    <span data-slot="avatar" className={cn(avatarVariants({ size }), className)} {...props}>
      {picture && failed !== picture ? (
        <img
          ref={image}
          data-slot="avatar-image"
          src={picture}
          alt={alt}
          onError={() => setFailed(picture)}
          className="size-full object-cover"
        />
      ) : (
        // The initials answer to the same name as the picture would, so both read alike.
        <span
          data-slot="avatar-fallback"
          role={alt ? 'img' : undefined}
          aria-label={alt || undefined}
          aria-hidden={alt ? undefined : true}
          className="font-semibold text-soft-foreground"
        >
          {initialsOf(name)}
        </span>
      )}
    </span>
  );
}
