// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MAX_COMMENT_LENGTH, Post } from '../contract/index.ts';
import { createMockBackend, FIXTURE, fixtures } from './index.ts';

describe('fixtures', () => {
  const backend = createMockBackend(fixtures.standard());
  const post = async (id: string) => Post.parse((await backend.handle('posts.get', { params: { id } })).body);

  it('offer the views a story needs: own post, someone else’s, one in the viewer’s own community', async () => {
    const viewer = backend.defaultViewer()!;
    expect(viewer.username).toBe(FIXTURE.viewer);
    expect((await post(FIXTURE.posts.own)).author._id).toBe(viewer.id);
    expect((await post(FIXTURE.posts.others)).author._id).not.toBe(viewer.id);
    const inOwn = await post(FIXTURE.posts.inOwnCommunity);
    expect(inOwn.author._id).not.toBe(viewer.id);
    expect(backend.state.communities.find((c) => c.id === inOwn.community?._id)?.creatorId).toBe(viewer.id);
  });

  it('have one- and five-image posts and long texts', async () => {
    expect((await post(FIXTURE.posts.oneImage)).imageUrls).toHaveLength(1);
    expect((await post(FIXTURE.posts.fiveImages)).imageUrls).toHaveLength(5);
    const long = await post(FIXTURE.posts.longText);
    expect(long.title.length).toBeGreaterThan(100);
    expect(long.content.length).toBeGreaterThan(500);
    expect(backend.state.comments.some((c) => c.postId === long._id && c.text.length === MAX_COMMENT_LENGTH)).toBe(true);
  });

  it('use only offline images: SVG data URLs', () => {
    const urls = [
      ...backend.state.users.map((u) => u.profilePictureUrl),
      ...backend.state.communities.map((c) => c.coverImageUrl),
      ...backend.state.posts.flatMap((p) => p.imageUrls),
    ];
    expect(urls.length).toBeGreaterThan(40);
    for (const url of urls) expect(url.startsWith('data:image/svg+xml')).toBe(true);
    expect(decodeURIComponent(urls[0]!.split(',')[1]!)).toMatch(/^<svg /);
  });

  it('are deterministic', () => {
    expect(fixtures.standard()).toEqual(fixtures.standard());
  });
});
