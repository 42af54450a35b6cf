// What a tag is (issue 21), apart from the rest of rich-text.ts: the router checks a `/tags/:tag`
// address with it at start, and this much is all the first load of every page should carry.
import { MAX_TAG_LENGTH } from './constants.ts';

/**
 * A tag's body: letters (any script, with their combining marks: "#हिन्दी", a decomposed
 * "#café"), digits and underscores, at most MAX_TAG_LENGTH of them, starting with no mark.
 * The pattern's source, for rich-text.ts to find tags in a text with the same rule.
 */
export const TAG_BODY = `[\\p{L}\\p{N}_][\\p{L}\\p{M}\\p{N}_]{0,${MAX_TAG_LENGTH - 1}}`;

/** A tag in the one form it is stored, linked and searched by: lower case, without `#`. */
export function normalizeTag(tag: string): string {
  return tag.replace(/^#/, '').normalize('NFC').toLowerCase();
}

/** Whether `tag` (without `#`) is one a text could hold, e.g. a `/tags/:tag` address. */
export function isValidTag(tag: string): boolean {
  return new RegExp(`^${TAG_BODY}$`, 'u').test(tag);
}
