// How much demo data each size makes. `tiny` is for tests: a few people and small pictures, so
// a seed takes seconds.

export const SIZE_NAMES = ['tiny', 'small', 'medium', 'large'] as const;
export type SizeName = (typeof SIZE_NAMES)[number];

export interface Size {
  name: SizeName;
  /** People, the demo account included. */
  users: number;
  communities: number;
  /** Posts per person, both included. */
  postsPerUser: readonly [number, number];
  /** Pictures per post, at most 5 (the contract's limit). */
  imagesPerPost: readonly [number, number];
  /** People each person follows. */
  follows: readonly [number, number];
  /** Pictures are rendered at this fraction of their normal size (1200 × 900 for a landscape one). */
  pictureScale: number;
}

export const SIZES: Record<SizeName, Size> = {
  tiny: { name: 'tiny', users: 6, communities: 3, postsPerUser: [1, 2], imagesPerPost: [1, 2], follows: [2, 4], pictureScale: 0.4 },
  small: { name: 'small', users: 12, communities: 5, postsPerUser: [3, 8], imagesPerPost: [1, 5], follows: [4, 8], pictureScale: 1 },
  medium: { name: 'medium', users: 40, communities: 8, postsPerUser: [3, 8], imagesPerPost: [1, 5], follows: [6, 16], pictureScale: 1 },
  large: { name: 'large', users: 150, communities: 12, postsPerUser: [3, 8], imagesPerPost: [1, 5], follows: [10, 30], pictureScale: 1 },
};

export function isSizeName(value: string): value is SizeName {
  return (SIZE_NAMES as readonly string[]).includes(value);
}
