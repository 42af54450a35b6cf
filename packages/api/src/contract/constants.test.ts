import { describe, expect, it } from 'vitest';
import { avatarSmallUrl, communityCoverThumbUrl, postImageSrcSet } from './constants.ts';

describe('postImageSrcSet', () => {
  it('lists every stored width of a post image, found by swapping the size name', () => {
    expect(postImageSrcSet('/media/posts/0123456789abcdef0123456789abcdef-full.webp')).toBe(
      '/media/posts/0123456789abcdef0123456789abcdef-thumb.webp 400w, ' +
        '/media/posts/0123456789abcdef0123456789abcdef-card.webp 800w, ' +
        '/media/posts/0123456789abcdef0123456789abcdef-full.webp 1600w',
    );
  });

  it("gives nothing for a picture with one size (the mock backend's data URLs, anything else)", () => {
    expect(postImageSrcSet('data:image/svg+xml;charset=utf-8,%3Csvg%3E')).toBeUndefined();
    expect(postImageSrcSet('/media/avatars/0123456789abcdef0123456789abcdef-large.webp')).toBeUndefined();
  });
});

describe('communityCoverThumbUrl', () => {
  it('swaps a stored cover for its small size, our default artwork included, and leaves other URLs alone', () => {
    expect(communityCoverThumbUrl('/media/covers/0123456789abcdef0123456789abcdef-wide.webp')).toBe('/media/covers/0123456789abcdef0123456789abcdef-thumb.webp');
    expect(communityCoverThumbUrl('/media/defaults/community-cover-v1-wide.webp')).toBe('/media/defaults/community-cover-v1-thumb.webp');
    expect(communityCoverThumbUrl('data:image/svg+xml;charset=utf-8,%3Csvg%3E')).toBe('data:image/svg+xml;charset=utf-8,%3Csvg%3E');
  });
});

describe('avatarSmallUrl', () => {
  it('swaps a stored profile picture for its 96 px size and leaves other URLs alone', () => {
    expect(avatarSmallUrl('/media/avatars/0123456789abcdef0123456789abcdef-large.webp')).toBe('/media/avatars/0123456789abcdef0123456789abcdef-small.webp');
    expect(avatarSmallUrl('data:image/svg+xml;charset=utf-8,%3Csvg%3E')).toBe('data:image/svg+xml;charset=utf-8,%3Csvg%3E');
  });
});
