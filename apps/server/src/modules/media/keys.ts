// Storage keys: the only names a file can have in the media store. Keys are made here from
// random ids, never from anything a user sent, and a key that does not match KEY_PATTERN is
// neither stored nor served (no `..`, no slashes of one's own, no other extensions).
//
//   posts/<32 hex>-full.webp        user images: <directory>/<id>-<variant>.webp
//   defaults/community-cover-v1-wide.webp   our own artwork (artwork.ts)
import { randomBytes } from 'node:crypto';
import { IMAGE_VARIANTS, type ImageKind } from './limits.ts';

const KEY_PATTERN = /^(?:posts|avatars|covers|defaults)\/[a-z0-9]+(?:-[a-z0-9]+)*\.webp$/;
const IMAGE_KEY_PATTERN = /^(posts|avatars|covers)\/([0-9a-f]{32})-([a-z0-9]+)\.webp$/;

export const KIND_DIRECTORY = { post: 'posts', avatar: 'avatars', cover: 'covers' } as const satisfies Record<ImageKind, string>;
const DIRECTORY_KIND = { posts: 'post', avatars: 'avatar', covers: 'cover' } as const satisfies Record<string, ImageKind>;

export const CONTENT_TYPES = { webp: 'image/webp' } as const;

/** Whether `key` is a name the store may hold and serve. */
export function isMediaKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** The content type of a valid key, from its extension. */
export function contentTypeOfKey(key: string): string | null {
  if (!isMediaKey(key)) return null;
  const extension = key.slice(key.lastIndexOf('.') + 1);
  return extension in CONTENT_TYPES ? CONTENT_TYPES[extension as keyof typeof CONTENT_TYPES] : null;
}

/** A fresh random id for one uploaded image (128 bits: unguessable, never colliding). */
export function newImageId(): string {
  return randomBytes(16).toString('hex');
}

export function imageKey(kind: ImageKind, id: string, variant: string): string {
  return `${KIND_DIRECTORY[kind]}/${id}-${variant}.webp`;
}

/** The parts of a user image's key; null for our artwork and anything else. */
export function parseImageKey(key: string): { kind: ImageKind; id: string; variant: string } | null {
  const match = IMAGE_KEY_PATTERN.exec(key);
  if (!match) return null;
  const [, directory, id, variant] = match as unknown as [string, keyof typeof DIRECTORY_KIND, string, string];
  return { kind: DIRECTORY_KIND[directory], id, variant };
}

/** Every key stored for the image one of whose keys is `key` (all its sizes); [] if none. */
export function siblingKeys(key: string): string[] {
  const parsed = parseImageKey(key);
  if (!parsed) return [];
  return IMAGE_VARIANTS[parsed.kind].map((variant) => imageKey(parsed.kind, parsed.id, variant.name));
}

/**
 * The primary size's key of a user image when `key` names one of its other sizes (`…-card.webp`
 * → `…-full.webp`); null for a primary key, an unknown size name and anything else.
 */
export function primaryKeyOf(key: string): string | null {
  const parsed = parseImageKey(key);
  if (!parsed) return null;
  const [primary, ...others] = IMAGE_VARIANTS[parsed.kind];
  if (!others.some((variant) => variant.name === parsed.variant)) return null;
  return imageKey(parsed.kind, parsed.id, primary.name);
}
