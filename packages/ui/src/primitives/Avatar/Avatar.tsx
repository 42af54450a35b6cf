import * as React from 'react';
import * as AvatarPrimitive from '@radix-ui/react-avatar';
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

export interface AvatarProps
  extends Omit<React.ComponentProps<typeof AvatarPrimitive.Root>, 'children'>, VariantProps<typeof avatarVariants> {
  /** The person's full name: the initials come from it, and it is the default alt text. */
  name: string;
  /** Profile picture URL; missing or failing to load shows the initials. */
  src?: string | null;
  /** Pass "" when the name is printed right beside the avatar, so it is not read twice. */
  alt?: string;
}

/** Sizes drawn at most 48 CSS px wide: the 96 px stored picture is sharp there at 2×. */
const SMALL_SIZES = new Set<AvatarProps['size']>(['xs', 'sm', 'md', undefined, null]);

export function Avatar({ name, src, alt = name, size, className, ...props }: AvatarProps) {
  const picture = src && SMALL_SIZES.has(size) ? avatarSmallUrl(src) : src;
  return (
    <AvatarPrimitive.Root data-slot="avatar" className={cn(avatarVariants({ size }), className)} {...props}>
      {/* Radix mounts the <img> only once it has loaded, so a broken URL never shows a broken icon. */}
      <AvatarPrimitive.Image
        data-slot="avatar-image"
        src={picture ?? undefined}
        alt={alt}
        className="size-full object-cover"
      />
      {/* The fallback answers to the same name as the image would, so both read alike. */}
      <AvatarPrimitive.Fallback
        data-slot="avatar-fallback"
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        className="font-semibold text-soft-foreground"
      >
        {initialsOf(name)}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
