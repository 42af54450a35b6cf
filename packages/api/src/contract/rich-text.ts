// Mentions and tags (issue 21) in what people write: `@username` and `#tag` in a post's content
// and in comments. One reading of the text for everyone: the UI turns the pieces into links, the
// server stores a post's tags and notifies the people it mentions, the mock backend does the same.
import { MAX_MENTIONS_PER_TEXT, MAX_TAGS_PER_TEXT } from './constants.ts';
import { normalizeTag, TAG_BODY } from './tag.ts';

/**
 * A tag: `#` and then a tag's body (tag.ts), not right after a letter,
 * mark, digit, underscore, `&` or another `#` (so `C#`, `&#39;` and `##` are no tags). Case does
 * not matter: `#E30` and `#e30` are one tag. A longer run is no tag at all (not a cut one).
 */
const TAG_BEFORE = String.raw`(?<![\p{L}\p{M}\p{N}_&#])`;
// Pure: a page that imports the contract but reads no text (the router) keeps none of this.
const TAG = /* @__PURE__ */ new RegExp(`${TAG_BEFORE}#(${TAG_BODY})(?![\\p{L}\\p{M}\\p{N}_])`, 'gu');

/**
 * A mention: `@` and a username in normal form (a–z, 0–9, underscore, dot; see
 * normalizeUsername), any case, not right after a letter, digit, underscore, dot or `@`, so an
 * e-mail address is no mention. A dot at the end is the sentence's, not the name's: "thanks
 * @maya." (No `i` flag: with it, `[a-z]` would also take the Kelvin sign and the long s.)
 */
const MENTION_BEFORE = String.raw`(?<![\p{L}\p{N}_.@])`;
const MENTION = /* @__PURE__ */ new RegExp(`${MENTION_BEFORE}@([a-zA-Z0-9_.]*[a-zA-Z0-9_])(?![a-zA-Z0-9_])`, 'gu');

export type TextPiece =
  | { kind: 'text'; text: string }
  /** `username` is in normal form (lower case); `text` is as written, `@` included. */
  | { kind: 'mention'; username: string; text: string }
  /** `tag` is normalized (lower case, no `#`); `text` is as written, `#` included. */
  | { kind: 'tag'; tag: string; text: string };

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
 * A post's text as tags and mentions are read from it: the title, a line break, the content (so
 * a title's last word and the content's first are never read as one). The server and the mock
 * backend store `tagsIn(postText(post))` and notify `mentionsIn(postText(post))`.
 */
export function postText(post: { title: string; content: string }): string {
  return `${post.title}\n${post.content}`;
}

/**
 * What is being typed at the caret, for type-ahead: a `@` or `#` word the caret is at the end of
 * (`start` is where its `@` or `#` is), or null. `query` is what follows the sign, possibly empty.
 */
export function typeaheadAt(text: string, caret: number): { sign: '@' | '#'; query: string; start: number } | null {
  const before = text.slice(0, caret);
  // The same "not right after" rules as TAG and MENTION, so a type-ahead opens exactly where
  // the finished word would be a tag or a mention. A tag has no dots; a username only a–z.
  const tag = new RegExp(`${TAG_BEFORE}#([\\p{L}\\p{M}\\p{N}_]*)$`, 'u').exec(before);
  if (tag) return { sign: '#', query: normalizeTag(tag[1]!), start: tag.index };
  const mention = new RegExp(`${MENTION_BEFORE}@([a-zA-Z0-9_.]*)$`, 'u').exec(before);
  if (mention) return { sign: '@', query: mention[1]!.toLowerCase(), start: mention.index };
  return null;
}
