// What the media pipeline accepts and what it stores. Posts, users and communities follow these
// numbers; the UI reserves space from the width and height stored with each image.
import { POST_IMAGE_WIDTHS, REFUSAL_MESSAGES } from '@pitlane/api/contract';

/** Largest upload accepted, in bytes (a phone's 48 MP photo is 8–14 MB). */
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;
/** Largest image accepted, in pixels (width × height), checked from the header before decoding. */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** The contract's sentence, so the server and the mock backend refuse a non-image alike. */
export const NOT_AN_IMAGE_MESSAGE = REFUSAL_MESSAGES.notAnImage;
export const IMAGE_TOO_MANY_BYTES_MESSAGE = 'Images must be at most 15 MB.';
export const IMAGE_TOO_MANY_PIXELS_MESSAGE = 'This image is too large (max 50 megapixels).';

// The form around the images (uploads.ts).
export const FORM_NOT_MULTIPART_MESSAGE = 'The form must be sent as multipart/form-data.';
export const FORM_TOO_MANY_FIELDS_MESSAGE = 'The form has too many fields.';
export const FORM_FIELD_TOO_LONG_MESSAGE = 'The form has a field that is too long.';
export const FORM_UNREADABLE_MESSAGE = 'The form could not be read.';
export const UPLOAD_TOO_SLOW_MESSAGE = 'The upload took too long. Please try again, on a better connection if you can.';
export const UPLOADS_BUSY_MESSAGE = 'Too many photos are being uploaded right now. Please try again in a moment.';
/** The Retry-After of that answer: the uploads in memory finish within seconds. */
export const UPLOADS_BUSY_RETRY_AFTER_SECONDS = 5;

/** What an image is for; each kind has its own stored sizes. */
export type ImageKind = 'post' | 'avatar' | 'cover';

/**
 * One stored size. `inside`: the whole picture, scaled down to fit the box (never up).
 * `crop`: the centre of the picture at the box's aspect ratio, at most the box's size (never
 * scaled up: a small source gives a smaller crop of the same shape).
 */
export interface VariantSpec {
  /** Part of the file name: `posts/<id>-full.webp`. */
  name: string;
  fit: 'inside' | 'crop';
  width: number;
  height: number;
  /** WebP quality (0–100). */
  quality: number;
}

/**
 * The sizes stored for each kind. The first is the primary one: its URL is what the database
 * keeps (`imageUrls`, `profilePictureUrl`, `coverImageUrl`); the others are found from it by
 * swapping the variant name (`…-full.webp` → `…-thumb.webp`).
 *
 * WebP only: AVIF takes seconds per photo on these 2-core machines (TOOLCHAIN.md), too slow
 * inline; WebP is read by every browser the product supports.
 */
export const IMAGE_VARIANTS = {
  post: [
    // The slider on wide, dense screens and the post page: at most 1600 px on the long side.
    { name: 'full', fit: 'inside', width: POST_IMAGE_WIDTHS.full, height: 1600, quality: 82 },
    // A card's slider on a phone (a ~400 px slot at 2×) or a 640 px feed column at 1×: a quarter of
    // full's pixels. The browser picks it from the srcset (contract: POST_IMAGE_WIDTHS).
    { name: 'card', fit: 'inside', width: POST_IMAGE_WIDTHS.card, height: 1600, quality: 80 },
    // Profile and Discover grids: about 400 px wide (a very tall picture stops at 800 px high).
    { name: 'thumb', fit: 'inside', width: POST_IMAGE_WIDTHS.thumb, height: 800, quality: 78 },
  ],
  avatar: [
    // Square crops: 256 for the profile header, 96 for lists and comments (≤ 48 CSS px at 2×).
    { name: 'large', fit: 'crop', width: 256, height: 256, quality: 82 },
    { name: 'small', fit: 'crop', width: 96, height: 96, quality: 80 },
  ],
  cover: [
    // 3:1 crops: the community page header, and the cards and "Posted in" thumbnails.
    { name: 'wide', fit: 'crop', width: 1500, height: 500, quality: 82 },
    { name: 'thumb', fit: 'crop', width: 480, height: 160, quality: 78 },
  ],
} as const satisfies Record<ImageKind, readonly [VariantSpec, ...VariantSpec[]]>;

export type VariantName<K extends ImageKind = ImageKind> = (typeof IMAGE_VARIANTS)[K][number]['name'];
