import { describe, expect, it } from 'vitest';
import { MAX_MENTIONS_PER_TEXT, MAX_TAG_LENGTH, MAX_TAGS_PER_TEXT } from './constants.ts';
import { mentionsIn, postText, tagsIn, textPieces, typeaheadAt } from './rich-text.ts';
import { isValidTag, normalizeTag } from './tag.ts';

describe('tags', () => {
  it('are `#` and letters of any script, digits and underscores, normalized to lower case', () => {
    expect(tagsIn('Sunday #trackday at #Nürburgring with the #E30, #AE86 and a #911!')).toEqual(['trackday', 'nürburgring', 'e30', 'ae86', '911']);
    expect(tagsIn('#Ελλάδα #東京 #москва #road_trip')).toEqual(['ελλάδα', '東京', 'москва', 'road_trip']);
  });

  it('keep a letter’s combining marks: a decomposed "café" and Devanagari are one tag each', () => {
    expect(tagsIn('#cafe\u0301 racer')).toEqual(['café']);
    expect(tagsIn('#cafe\u0301')).toEqual(tagsIn('#café'));
    expect(tagsIn('#हिन्दी कार')).toEqual(['हिन्दी']);
  });

  it('are digits only too', () => {
    expect(tagsIn('#911 and #2002tii')).toEqual(['911', '2002tii']);
  });

  it('are not `C#`, an HTML entity, `##x`, or a `#` with nothing after it', () => {
    expect(tagsIn('I write C# and F#6 all day')).toEqual([]);
    expect(tagsIn('it&#39;s &#x27;quoted&#x27;')).toEqual([]);
    expect(tagsIn('##x ###y')).toEqual([]);
    expect(tagsIn('# heading, #, and #-dash')).toEqual([]);
    expect(tagsIn('snake_#case')).toEqual([]);
  });

  it('end at punctuation, and may start right after it', () => {
    expect(tagsIn('(#e30), "#m3". #s14! #e36? end.#e46 a/#e90 #e92-ish')).toEqual(['e30', 'm3', 's14', 'e36', 'e46', 'e90', 'e92']);
  });

  it(`are at most MAX_TAG_LENGTH (${MAX_TAG_LENGTH}) long: a longer run is no tag at all, not a cut one`, () => {
    const longest = 'a'.repeat(MAX_TAG_LENGTH);
    expect(tagsIn(`#${longest}`)).toEqual([longest]);
    expect(tagsIn(`#${longest}b and #ok`)).toEqual(['ok']);
    expect(isValidTag(longest)).toBe(true);
    expect(isValidTag(`${longest}b`)).toBe(false);
  });

  it('are one tag in any case, each once, in order of first use', () => {
    expect(tagsIn('#E30 #e30 #trackday #E30 #TrackDay #s14')).toEqual(['e30', 'trackday', 's14']);
  });

  it(`are at most MAX_TAGS_PER_TEXT (${MAX_TAGS_PER_TEXT}) per text: the first ones; the rest stay links`, () => {
    const many = Array.from({ length: MAX_TAGS_PER_TEXT + 3 }, (_, i) => `#t${i}`).join(' ');
    expect(tagsIn(many)).toEqual(Array.from({ length: MAX_TAGS_PER_TEXT }, (_, i) => `t${i}`));
    expect(textPieces(many).filter((p) => p.kind === 'tag')).toHaveLength(MAX_TAGS_PER_TEXT + 3);
    // Repeats do not use up the limit.
    expect(tagsIn(`#a #a #a ${many}`)).toHaveLength(MAX_TAGS_PER_TEXT);
  });

  it('normalize as a link or an address has them: without `#`, NFC, lower case', () => {
    expect(normalizeTag('#E30')).toBe('e30');
    expect(normalizeTag('E30')).toBe('e30');
    expect(normalizeTag('Cafe\u0301')).toBe('café');
    expect(isValidTag(normalizeTag('İstanbul'))).toBe(true);
    expect(isValidTag('')).toBe(false);
    expect(isValidTag('e-30')).toBe(false);
    expect(isValidTag('#e30')).toBe(false);
  });

  it('of a post are read from its title and content as two lines', () => {
    expect(tagsIn(postText({ title: 'Corner weights #e3', content: '0 done #trackday' }))).toEqual(['e3', 'trackday']);
    expect(mentionsIn(postText({ title: 'Thanks @maya', content: 'drives.' }))).toEqual(['maya']);
  });
});

describe('mentions', () => {
  it('are `@` and a username in normal form, in lower case', () => {
    expect(mentionsIn('Thanks @Maya and @kenji.r, and @lena_restomod')).toEqual(['maya', 'kenji.r', 'lena_restomod']);
  });

  it('are not e-mail addresses, nor `@@`', () => {
    expect(mentionsIn('write to maya@pitlane.test or first.last@example.com')).toEqual([]);
    expect(mentionsIn('@@maya x_@maya 9@maya')).toEqual([]);
  });

  it('leave a dot at the end to the sentence', () => {
    expect(mentionsIn('Thanks @maya.')).toEqual(['maya']);
    expect(mentionsIn('Thanks @maya.drives.')).toEqual(['maya.drives']);
    expect(mentionsIn('Ask @kenji.r... or @lena?')).toEqual(['kenji.r', 'lena']);
    expect(textPieces('Thanks @maya.')).toEqual([
      { kind: 'text', text: 'Thanks ' },
      { kind: 'mention', username: 'maya', text: '@maya' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('take only a–z letters: not the Kelvin sign or the long s, which an `i` flag would let in', () => {
    expect(mentionsIn('@\u212Aenji @\u017Fam')).toEqual([]);
    expect(mentionsIn('@mayaé')).toEqual(['maya']);
  });

  it('are each person once, in order of first use', () => {
    expect(mentionsIn('@maya @Kenji.R @MAYA @kenji.r @lena')).toEqual(['maya', 'kenji.r', 'lena']);
  });

  it(`are at most MAX_MENTIONS_PER_TEXT (${MAX_MENTIONS_PER_TEXT}) per text: the first ones`, () => {
    const many = Array.from({ length: MAX_MENTIONS_PER_TEXT + 2 }, (_, i) => `@user${i}`).join(' ');
    expect(mentionsIn(many)).toEqual(Array.from({ length: MAX_MENTIONS_PER_TEXT }, (_, i) => `user${i}`));
  });
});

describe('textPieces', () => {
  const samples = [
    '',
    'no links here',
    '#e30',
    '@maya',
    'Thanks @Maya.Drives! See you at the #TrackDay, C# devs & &#39;friends&#39;.',
    '##x @@y mail@me.com #a#b @a@b #hello@maya @maya#e30',
    '#cafe\u0301 #हिन्दी 🚗 #🚗 @🚗 #東京\n\n@kenji.r.\t#911',
    `#${'x'.repeat(MAX_TAG_LENGTH + 1)} #${'y'.repeat(MAX_TAG_LENGTH)}`,
  ];

  it.each(samples)('joined, are the text: %j', (text) => {
    const pieces = textPieces(text);
    expect(pieces.map((p) => p.text).join('')).toBe(text);
    // No two plain pieces in a row, none empty.
    for (const [i, piece] of pieces.entries()) {
      expect(piece.text).not.toBe('');
      if (piece.kind === 'text') expect(pieces[i + 1]?.kind).not.toBe('text');
    }
  });

  it('cut the text into plain pieces, mentions and tags, in order', () => {
    expect(textPieces('Hi @Maya, #E30 time')).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'mention', username: 'maya', text: '@Maya' },
      { kind: 'text', text: ', ' },
      { kind: 'tag', tag: 'e30', text: '#E30' },
      { kind: 'text', text: ' time' },
    ]);
    expect(textPieces('#hello@maya @maya#e30')).toEqual([
      { kind: 'tag', tag: 'hello', text: '#hello' },
      { kind: 'text', text: '@maya ' },
      { kind: 'mention', username: 'maya', text: '@maya' },
      { kind: 'text', text: '#e30' },
    ]);
  });
});

describe('typeaheadAt', () => {
  it('finds the `#` or `@` word the caret is at the end of', () => {
    expect(typeaheadAt('Sunday #Track', 13)).toEqual({ sign: '#', query: 'track', start: 7 });
    expect(typeaheadAt('Thanks @Ma', 10)).toEqual({ sign: '@', query: 'ma', start: 7 });
    expect(typeaheadAt('@kenji.', 7)).toEqual({ sign: '@', query: 'kenji.', start: 0 });
    expect(typeaheadAt('#東京', 3)).toEqual({ sign: '#', query: '東京', start: 0 });
  });

  it('opens on the sign alone, with an empty query', () => {
    expect(typeaheadAt('#', 1)).toEqual({ sign: '#', query: '', start: 0 });
    expect(typeaheadAt('hi @', 4)).toEqual({ sign: '@', query: '', start: 3 });
  });

  it('reads only what is before the caret', () => {
    expect(typeaheadAt('#trackday', 4)).toEqual({ sign: '#', query: 'tra', start: 0 });
    expect(typeaheadAt('see @maya and #e30 soon', 9)).toEqual({ sign: '@', query: 'maya', start: 4 });
    expect(typeaheadAt('see @maya and #e30 soon', 18)).toEqual({ sign: '#', query: 'e30', start: 14 });
  });

  it('is null where no tag or mention is being typed', () => {
    expect(typeaheadAt('', 0)).toBeNull();
    expect(typeaheadAt('plain words', 11)).toBeNull();
    expect(typeaheadAt('#e30 ', 5)).toBeNull(); // after the space
    expect(typeaheadAt('see @maya and', 13)).toBeNull();
    expect(typeaheadAt('C#', 2)).toBeNull();
    expect(typeaheadAt('&#39', 4)).toBeNull();
    expect(typeaheadAt('##x', 3)).toBeNull();
    expect(typeaheadAt('maya@pitlane', 12)).toBeNull();
    expect(typeaheadAt('@@ma', 4)).toBeNull();
    expect(typeaheadAt('#e3.0', 5)).toBeNull(); // a tag has no dots
    expect(typeaheadAt('@mayaé', 6)).toBeNull(); // a username has only a–z
    expect(typeaheadAt('#e30', 0)).toBeNull();
  });

  it('opens exactly where the finished word would be a tag or a mention', () => {
    for (const text of ['end.#e46', '(#e30', 'x #cafe\u0301', '&@maya', '#@maya', 'hi,@kenji']) {
      const found = typeaheadAt(text, text.length);
      expect(found, text).not.toBeNull();
      const piece = textPieces(text).at(-1);
      expect(piece?.kind, text).toBe(found!.sign === '#' ? 'tag' : 'mention');
      expect(piece && (piece.kind === 'tag' ? piece.tag : piece.kind === 'mention' ? piece.username : null), text).toBe(found!.query);
      expect(text.slice(found!.start), text).toBe(piece!.text);
    }
  });
});
