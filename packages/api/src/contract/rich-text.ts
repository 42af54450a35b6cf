// Mentions and tags (issue 21) in what people write: `@username` and `#tag` in a post's content
// and in comments. One reading of the text for everyone: the UI turns the pieces into links, the
// server stores a post's tags and notifies the people it mentions, the mock backend does the same.
import { MAX_MENTIONS_PER_TEXT, MAX_TAG_LENGTH, MAX_TAGS_PER_TEXT } from './constants.ts';

/**
 * A tag: `#` and then letters (any script), digits and underscores, at most MAX_TAG_LENGTH of
 * them, not right after a letter, digit, underscore, `&` or another `#` (so `C#`, `&#39;` and
 * `##` are no tags). Case does not matter: `#E30` and `#e30` are one tag.
 */
const TAG = new RegExp(`(?<![\\p{L}\\p{N}_&#])#([\\p{L}\\p{N}_]{1,${MAX_TAG_LENGTH}})(?![\\p{L}\\p{N}_])`, 'gu');

/**
 * A mention: `@` and a username in normal form (a–z, 0–9, underscore, dot; see
 * normalizeUsername), not right after a letter, digit, underscore, dot or `@`, so an e-mail
 * address is no mention. A dot at the end is the sentence's, not the name's: "thanks @maya."
 */
const MENTION = /(?<![\p{L}\p{N}_.@])@([a-z0-9_.]*[a-z0-9_])(?![a-z0-9_])/giu;

export type TextPiece =
  | { kind: 'text'; text: string }
  /** `username` is in normal form (lower case); `text` is as written, `@` included. */
  | { kind: 'mention'; username: string; text: string }
  /** `tag` is normalized (lower case, no `#`); `text` is as written, `#` included. */
  | { kind: 'tag'; tag: string; text: string };

/** A tag in the one form it is stored, linked and searched by: lower case, without `#`. */
export function normalizeTag(tag: string): string {
  return tag.replace(/^#/, '').normalize('NFC').toLowerCase();
}

/** Whether `tag` (without `#`) is one a text could hold, e.g. a `/tags/:tag` address. */
export function isValidTag(tag: string): boolean {
  return new RegExp(`^[\\p{L}\\p{N}_]{1,${MAX_TAG_LENGTH}}$`, 'u').test(tag);
}

/** The text cut into plain pieces, mentions and tags, in order; joined, the pieces are the text. */
export function textPieces(text: string): TextPiece[] {
  const found: { index: number; piece: TextPiece }[] = [];
  for (const match of text.matchAll(TAG)) {
    found.push({ index: match.index, piece: { kind: 'tag', tag: normalizeTag(match[1]!), text: match[0] } });
  }
  for (const match of text.matchAll(MENTION)) {
    found.push({ index: match.index, piece: { kind: 'mention', username: match[1]!.toLowerCase(), text: match[0] } });
  }
  found.sort((a, b) => a.index - b.index);
  const pieces: TextPiece[] = [];
  let at = 0;
  for (const { index, piece } of found) {
    if (index < at) continue; // Inside the previous piece (cannot happen with these two patterns; kept safe).
    if (index > at) pieces.push({ kind: 'text', text: text.slice(at, index) });
    pieces.push(piece);
    at = index + piece.text.length;
  }
  if (at < text.length) pieces.push({ kind: 'text', text: text.slice(at) });
  return pieces;
}

/** The distinct tags of a text, normalized, in order of first use; at most MAX_TAGS_PER_TEXT. */
export function tagsIn(text: string): string[] {
  const tags = new Set<string>();
  for (const piece of textPieces(text)) {
    if (piece.kind === 'tag') tags.add(piece.tag);
  }
  return [...tags].slice(0, MAX_TAGS_PER_TEXT);
}

/** The distinct usernames a text mentions, in order of first use; at most MAX_MENTIONS_PER_TEXT. */
export function mentionsIn(text: string): string[] {
  const names = new Set<string>();
  for (const piece of textPieces(text)) {
    if (piece.kind === 'mention') names.add(piece.username);
  }
  return [...names].slice(0, MAX_MENTIONS_PER_TEXT);
}

/**
 * What is being typed at the caret, for type-ahead: a `@` or `#` word the caret is at the end of
 * (`start` is where its `@` or `#` is), or null. `query` is what follows the sign, possibly empty.
 */
export function typeaheadAt(text: string, caret: number): { sign: '@' | '#'; query: string; start: number } | null {
  const before = text.slice(0, caret);
  const match = /(?<![\p{L}\p{N}_.@&#])([@#])([\p{L}\p{N}_.]*)$/u.exec(before);
  if (!match) return null;
  const sign = match[1] as '@' | '#';
  const query = match[2]!;
  // A tag has no dots; a username has no letters beyond a–z.
  if (sign === '#' && query.includes('.')) return null;
  if (sign === '@' && !/^[a-z0-9_.]*$/i.test(query)) return null;
  return { sign, query: sign === '@' ? query.toLowerCase() : normalizeTag(query), start: match.index };
}
