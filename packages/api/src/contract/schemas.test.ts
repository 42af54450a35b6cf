import { describe, expect, it } from 'vitest';
import { CommentPage, Community, CommunityPage, ErrorBody, Notification, Post, PostPage, ProfileUser, SessionUser, SuggestedUser, UnreadCount } from './schemas.ts';
import { routes } from './routes.ts';

const author = { _id: 'u1', username: 'nina', fullName: 'Nina Rossi', profilePictureUrl: '/media/nina.webp' };
const post = {
  _id: 'p1',
  title: 'E30 on track day',
  content: 'Fresh coilovers.',
  imageUrls: ['/media/e30.webp'],
  likes: ['u2'],
  author,
  community: { _id: 'c1', name: 'BMW Classics', coverImageUrl: '/media/c1.webp' },
  createdAt: '2026-11-20T10:00:00.000Z',
  saved: false,
};
const community = { _id: 'c1', name: 'BMW Classics', description: 'Old Bavarian steel.', coverImageUrl: '/c.webp', members: ['u1'], creator: author };

describe('entity schemas', () => {
  it("list pages' posts may carry their comment preview (an addition: pages without it still parse)", () => {
    const comment = (id: string) => ({ _id: id, text: 'Clean!', author, createdAt: '2026-11-20T11:00:00.000Z' });
    const listed = { ...post, commentsPreview: { comments: [comment('k2'), comment('k1')], totalComments: 5 } };
    expect(PostPage.parse({ posts: [listed], totalPages: 1 })).toEqual({ posts: [listed], totalPages: 1 });
    expect(PostPage.parse({ posts: [post], totalPages: 1 })).toEqual({ posts: [post], totalPages: 1 });
    expect(CommunityPage.parse({ community, isMember: true, posts: [listed], totalPages: 1 }).posts[0]?.commentsPreview?.totalComments).toBe(5);
    const tooMany = { ...post, commentsPreview: { comments: [comment('k3'), comment('k2'), comment('k1')], totalComments: 3 } };
    expect(PostPage.safeParse({ posts: [tooMany], totalPages: 1 }).success).toBe(false);
    // One post (posts.get) is a Post: it has no preview to carry.
    expect(Post.parse(listed)).not.toHaveProperty('commentsPreview');
  });

  it('session user is read with `id`, listed users with `_id`', () => {
    const session = { id: 'u1', fullName: 'Nina Rossi', username: 'nina', email: 'nina@pitlane.test', profilePictureUrl: '', followers: [], following: ['u2'], communities: ['c1'] };
    expect(SessionUser.parse(session)).toEqual(session);
    expect(SessionUser.safeParse({ ...session, id: undefined, _id: 'u1' }).success).toBe(false);
    expect(SuggestedUser.parse({ ...author, followsYou: true }).followsYou).toBe(true);
    expect(SuggestedUser.safeParse(author).success).toBe(false);
  });

  it('profile user carries communities as objects and a post count', () => {
    const profile = { ...author, followers: [], following: [], communities: [community], postCount: 3 };
    expect(ProfileUser.parse(profile).communities[0]?.name).toBe('BMW Classics');
    expect(ProfileUser.safeParse({ ...profile, communities: ['c1'] }).success).toBe(false);
    expect(ProfileUser.safeParse({ ...profile, postCount: -1 }).success).toBe(false);
  });

  it("post images carry each photo's description (alt text): may be empty, at most 1,000 characters", () => {
    const images = [
      { url: '/media/e30.webp', width: 1600, height: 1200, alt: 'Red E30 M3 on the grid at Spa' },
      { url: '/media/e30-rear.webp', width: 1600, height: 1200, alt: '' },
    ];
    expect(Post.parse({ ...post, images }).images).toEqual(images);
    expect(Post.safeParse({ ...post, images: [{ ...images[0], alt: 'x'.repeat(1001) }] }).success).toBe(false);
    expect(Post.safeParse({ ...post, images: [{ url: '/media/e30.webp', width: 1600, height: 1200 }] }).success).toBe(false);
  });

  it('the session user may carry "Require descriptions on my photos"; absent reads as off', () => {
    const session = { id: 'u1', fullName: 'Nina Rossi', username: 'nina', email: 'nina@pitlane.test', profilePictureUrl: '', followers: [], following: [], communities: [] };
    expect(SessionUser.parse({ ...session, requirePhotoDescriptions: true }).requirePhotoDescriptions).toBe(true);
    expect(SessionUser.parse(session).requirePhotoDescriptions).toBeUndefined();
    expect(SessionUser.safeParse({ ...session, requirePhotoDescriptions: 'yes' }).success).toBe(false);
  });

  it('post: community optional or null, dates as ISO strings', () => {
    expect(Post.parse(post)).toEqual(post);
    const { community: _c, ...ownProfilePost } = post;
    expect(Post.safeParse(ownProfilePost).success).toBe(true);
    expect(Post.safeParse({ ...post, community: null }).success).toBe(true);
    expect(Post.safeParse({ ...post, createdAt: 'yesterday' }).success).toBe(false);
    expect(Post.safeParse({ ...post, likes: 'u2' }).success).toBe(false);
  });

  it("post: says whether the viewer saved it, always (a reply without it breaks the contract)", () => {
    expect(Post.parse({ ...post, saved: true }).saved).toBe(true);
    const { saved: _saved, ...withoutSaved } = post;
    expect(Post.safeParse(withoutSaved).success).toBe(false);
    expect(Post.safeParse({ ...post, saved: 'yes' }).success).toBe(false);
  });

  it('comment page carries totalComments and totalPages; comment text at most 300', () => {
    const comment = { _id: 'k1', text: 'Clean!', author, createdAt: '2026-11-20T10:00:00.000Z' };
    expect(CommentPage.parse({ comments: [comment], totalComments: 1, totalPages: 1 }).totalComments).toBe(1);
    expect(CommentPage.safeParse({ comments: [comment], totalPages: 1 }).success).toBe(false);
    expect(CommentPage.safeParse({ comments: [{ ...comment, text: 'x'.repeat(301) }], totalComments: 1, totalPages: 1 }).success).toBe(false);
  });

  it('community description at most 300', () => {
    expect(Community.safeParse(community).success).toBe(true);
    expect(Community.safeParse({ ...community, description: 'x'.repeat(301) }).success).toBe(false);
  });

  it('notification type is like, comment, follow, removed or mention; post optional', () => {
    const n = { _id: 'n1', type: 'follow', read: false, createdAt: '2026-11-20T10:00:00.000Z', sender: { username: 'nina', fullName: 'Nina Rossi', profilePictureUrl: '' } };
    expect(Notification.safeParse(n).success).toBe(true);
    expect(Notification.safeParse({ ...n, type: 'like', post: { _id: 'p1', title: 'E30' } }).success).toBe(true);
    expect(Notification.safeParse({ ...n, type: 'mention', post: { _id: 'p1', title: 'E30' } }).success).toBe(true);
    expect(Notification.safeParse({ ...n, type: 'share' }).success).toBe(false);
  });

  it('unread count and error body', () => {
    expect(UnreadCount.parse({ count: 12 }).count).toBe(12);
    expect(UnreadCount.safeParse({ count: '12' }).success).toBe(false);
    expect(ErrorBody.parse({ message: 'Post not found.' }).message).toBe('Post not found.');
    expect(ErrorBody.safeParse({ error: 'x' }).success).toBe(false);
  });
});

describe('route schemas', () => {
  it('page query coerces the query string and defaults to page 1', () => {
    const query = routes['posts.feed'].query;
    expect(query.parse({ page: '3' })).toEqual({ page: 3 });
    expect(query.parse({})).toEqual({ page: 1 });
    expect(query.safeParse({ page: '0' }).success).toBe(false);
  });

  it('send-otp refuses what §5 refuses, with a sentence the UI can show', () => {
    const body = routes['auth.sendOtp'].body.schema;
    const good = { fullName: 'Nina Rossi', username: 'nina', email: 'nina@pitlane.test', password: 'Apex@2024' };
    expect(body.safeParse(good).success).toBe(true);
    const refusal = (input: object) => body.safeParse(input).error?.issues[0]?.message;
    expect(refusal({ ...good, password: 'apex2024' })).toBe(
      'Password must be at least 8 characters and include upper- and lower-case letters, a digit and one of @$!%*?&.',
    );
    expect(refusal({ ...good, username: 'Nina!' })).toBe('Username may contain only lower-case letters, digits, underscores and dots.');
    expect(refusal({ ...good, email: 'nina@pitlane' })).toBe('Enter a valid e-mail address.');
    expect(refusal({ ...good, fullName: 'N' })).toBe('Full name must be at least 2 characters and contain only letters and spaces.');
    expect(refusal({ ...good, fullName: undefined })).toBe('Full name must be at least 2 characters and contain only letters and spaces.');
  });

  it('saving takes the empty body of spec §7\'s "empty object" calls; the Saved list pages like the others', () => {
    expect(routes['posts.save'].body.schema.parse({})).toEqual({});
    expect(routes['posts.saved'].query.parse({ page: '2' })).toEqual({ page: 2 });
    expect(routes['posts.saved'].query.safeParse({ page: '-1' }).error?.issues[0]?.message).toBe('Page must be a whole number, starting at 1.');
  });

  it('profile update: "Require descriptions on my photos" travels as "true" or "false"', () => {
    const fields = routes['users.update'].body.fields;
    const base = { id: 'u1', fullName: 'Nina Rossi', username: 'nina' };
    expect(fields.parse({ ...base, requirePhotoDescriptions: 'true' }).requirePhotoDescriptions).toBe(true);
    expect(fields.parse({ ...base, requirePhotoDescriptions: 'false' }).requirePhotoDescriptions).toBe(false);
    expect(fields.parse(base).requirePhotoDescriptions).toBeUndefined();
    expect(fields.safeParse({ ...base, requirePhotoDescriptions: 'perhaps' }).success).toBe(false);
  });

  it('comment body: non-blank and at most 300', () => {
    const body = routes['comments.create'].body.schema;
    expect(body.safeParse({ text: 'Nice' }).success).toBe(true);
    expect(body.safeParse({ text: '  Nice  ' }).data).toEqual({ text: 'Nice' });
    expect(body.safeParse({ text: '   ' }).error?.issues[0]?.message).toBe('Write something before posting a comment.');
    expect(body.safeParse({ text: 'x'.repeat(301) }).error?.issues[0]?.message).toBe('A comment can be at most 300 characters.');
  });

  it('multipart JSON-array fields travel as strings and decode to arrays', () => {
    const fields = routes['posts.update'].body.fields;
    expect(fields.parse({ title: 'E30', content: 'x', existingImageUrls: '["/a.webp"]' }).existingImageUrls).toEqual(['/a.webp']);
    expect(fields.safeParse({ title: 'E30', content: 'x', existingImageUrls: 'not json' }).success).toBe(false);
    const alts = (imageAlts: string) => fields.safeParse({ title: 'E30', content: 'x', existingImageUrls: '[]', imageAlts });
    expect(alts('["  Front  ",""]').data?.imageAlts).toEqual(['Front', '']);
    expect(fields.parse({ title: 'E30', content: 'x', existingImageUrls: '[]' }).imageAlts).toBeUndefined();
    expect(alts(JSON.stringify(['x'.repeat(1001)])).error?.issues[0]?.message).toBe('A photo description can be at most 1,000 characters.');
    expect(alts(JSON.stringify([` ${'x'.repeat(1000)} `])).success).toBe(true);
    expect(alts('["a\\u0000b"]').error?.issues[0]?.message).toBe('The request is not valid.');
    expect(alts('[1]').success).toBe(false);
    const members = routes['communities.update'].body.fields;
    expect(members.parse({ name: 'JDM', description: 'x', members: '["u1","u2"]' }).members).toEqual(['u1', 'u2']);
  });
});
