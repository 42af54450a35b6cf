import { describe, expect, it } from 'vitest';
import { buildPath, ENDPOINTS } from './endpoints.ts';
import { routes } from './routes.ts';
import { openApiDocument } from './openapi.ts';

// Spec §7, method and path of every call, in Fastify path syntax.
const SPEC_CALLS = [
  'GET /api/auth/verify',
  'POST /api/auth/:provider',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/auth/check-username',
  'POST /api/auth/check-email',
  'POST /api/auth/send-otp',
  'POST /api/auth/verify-otp',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'GET /api/user/:username',
  'GET /api/user/:userId/communities-list',
  'PATCH /api/user/:id/follow',
  'PATCH /api/user/:id/remove-follower',
  'GET /api/user/:id/followers',
  'GET /api/user/:id/following',
  'PUT /api/user/update',
  'POST /api/user/request-delete-otp',
  'POST /api/user/confirm-delete',
  'GET /api/suggestions',
  'GET /api/search',
  'GET /api/posts/feed',
  'GET /api/posts/trending',
  'GET /api/posts/by-user/:userId',
  'GET /api/posts/:id',
  'GET /api/posts/:id/related',
  'POST /api/posts/create',
  'PUT /api/posts/:id',
  'PATCH /api/posts/:id/like',
  'DELETE /api/posts/:id',
  'GET /api/comments/:postId',
  'POST /api/comments/:postId',
  'DELETE /api/comments/:commentId',
  'GET /api/communities',
  'POST /api/communities/create',
  'GET /api/communities/:id',
  'PATCH /api/communities/:id/join',
  'DELETE /api/communities/:id/leave-and-delete-posts',
  'DELETE /api/communities/:id',
  'GET /api/communities/:id/members',
  'PATCH /api/communities/:id/remove-member/:userId',
  'PUT /api/communities/:id',
  'GET /api/notifications',
  'GET /api/notifications/unread-count',
  'DELETE /api/notifications/all',
  'PATCH /api/notifications/mark-as-read',
];
// The garage (issue 17).
const GARAGE_CALLS = [
  'GET /api/car-makes',
  'GET /api/car-makes/:makeId/models',
  'GET /api/cars/by-user/:userId',
  'GET /api/cars/by-model/:make/:model',
  'GET /api/cars/by-model/:make/:model/posts',
  'GET /api/cars/:id',
  'POST /api/cars/create',
  'PUT /api/cars/:id',
  'DELETE /api/cars/:id',
  'GET /api/cars/:id/timeline',
  'POST /api/cars/:id/log',
  'PUT /api/car-log/:id',
  'DELETE /api/car-log/:id',
];
// Block and mute (issue 18).
const SAFETY_CALLS = ['GET /api/blocks', 'PUT /api/blocks/:userId', 'DELETE /api/blocks/:userId', 'GET /api/mutes', 'PUT /api/mutes/:userId', 'DELETE /api/mutes/:userId'];
// Reports and moderation (issue 18).
const MODERATION_CALLS = [
  'POST /api/reports',
  'GET /api/communities/:id/reports',
  'GET /api/moderation/reports',
  'POST /api/moderation/:kind/:targetId/dismiss',
  'POST /api/moderation/:kind/:targetId/remove',
  'PUT /api/moderation/suspensions/:userId',
  'DELETE /api/moderation/suspensions/:userId',
  'GET /api/moderation/log',
];
// Active sessions (issue 19).
const SESSIONS_CALLS = ['GET /api/sessions', 'DELETE /api/sessions/:id', 'POST /api/sessions/end-others'];
// Two-factor sign-in (issue 19).
const TWO_FACTOR_CALLS = [
  'POST /api/auth/login/two-factor',
  'GET /api/two-factor',
  'POST /api/two-factor/setup',
  'POST /api/two-factor/enable',
  'POST /api/two-factor/disable',
  'POST /api/two-factor/recovery-codes',
];
// The data export (issue 19).
const EXPORT_CALLS = ['GET /api/user/me/export'];
// Tags and mentions (issue 21).
const TAGS_CALLS = ['GET /api/tags/:tag/posts', 'GET /api/tags/trending', 'GET /api/tags', 'GET /api/mentions'];
// Meets (issue 21).
const MEETS_CALLS = [
  'POST /api/communities/:id/meets',
  'GET /api/communities/:id/meets',
  'GET /api/meets',
  'GET /api/meets/:id',
  'PUT /api/meets/:id',
  'POST /api/meets/:id/cancel',
  'PUT /api/meets/:id/rsvp',
  'GET /api/meets/:id/attendees',
  'GET /api/meets/:id/calendar.ics',
];
// Beyond spec §7: whether a third-party sign-in provider is configured, and its name; saved
// posts (issue 21).
const EXTRA_CALLS = ['GET /api/auth/provider', 'GET /api/posts/saved', 'PUT /api/posts/:id/save', 'DELETE /api/posts/:id/save', ...GARAGE_CALLS, ...SAFETY_CALLS, ...MODERATION_CALLS, ...SESSIONS_CALLS, ...TWO_FACTOR_CALLS, ...EXPORT_CALLS, ...TAGS_CALLS, ...MEETS_CALLS];

describe('route table', () => {
  it('holds exactly the calls of spec §7, plus the provider information, saved posts, the garage, block and mute, reports and moderation, active sessions, two-factor sign-in, the data export, tags and mentions', () => {
    const table = Object.values(routes).map((r) => `${r.method} ${r.path}`);
    expect(table.sort()).toEqual([...SPEC_CALLS, ...EXTRA_CALLS].sort());
  });

  it('declares a schema for every path parameter', () => {
    for (const [name, r] of Object.entries(routes)) {
      const inPath = [...r.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]).sort();
      const declared = 'params' in r ? Object.keys(r.params.shape).sort() : [];
      expect(declared, name).toEqual(inPath);
    }
  });

  it('uses the multipart parts of spec §7, and the optional parts issues 17 and 18 add', () => {
    expect(Object.keys(routes['posts.create'].body.fields.shape)).toEqual(['title', 'content', 'community', 'imageAlts', 'car']);
    expect(Object.keys(routes['posts.create'].body.files)).toEqual(['images']);
    expect(Object.keys(routes['posts.update'].body.fields.shape)).toEqual(['title', 'content', 'existingImageUrls', 'imageAlts', 'car']);
    expect(Object.keys(routes['users.update'].body.fields.shape)).toEqual(['id', 'fullName', 'username', 'password', 'requirePhotoDescriptions']);
    expect(Object.keys(routes['users.update'].body.files)).toEqual(['profilePicture']);
    expect(Object.keys(routes['communities.update'].body.fields.shape)).toEqual(['name', 'description', 'members', 'coverImageAlt']);
    expect(Object.keys(routes['communities.update'].body.files)).toEqual(['coverImage']);
  });

  it("sends each call as its endpoint says: the same calls, methods, paths and body kinds", () => {
    expect(Object.keys(ENDPOINTS).sort()).toEqual(Object.keys(routes).sort());
    for (const [name, route] of Object.entries(routes)) {
      const body = 'body' in route ? route.body.kind : undefined;
      expect({ name, ...ENDPOINTS[name as keyof typeof ENDPOINTS] }).toEqual({ name, method: route.method, path: route.path, ...(body ? { body } : {}) });
    }
  });

  it('builds paths with encoded parameters', () => {
    expect(buildPath('/api/communities/:id/remove-member/:userId', { id: 'c1', userId: 'u 2' })).toBe('/api/communities/c1/remove-member/u%202');
    expect(() => buildPath('/api/posts/:id', {})).toThrow('Missing path parameter "id"');
  });
});

describe('OpenAPI document', () => {
  const doc = openApiDocument();

  it('is OpenAPI 3.1 with every route under its method', () => {
    expect(doc.openapi).toBe('3.1.0');
    for (const [name, r] of Object.entries(routes)) {
      const path = r.path.replace(/:([A-Za-z]+)/g, '{$1}');
      const operation = doc.paths[path]?.[r.method.toLowerCase()] as { operationId: string } | undefined;
      expect(operation?.operationId, `${r.method} ${path}`).toBe(name);
    }
    const count = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
    expect(count).toBe(SPEC_CALLS.length + EXTRA_CALLS.length);
  });

  it('describes multipart uploads with binary file parts and query parameters', () => {
    const create = doc.paths['/api/posts/create']?.post as { requestBody: { content: Record<string, { schema: { properties: Record<string, unknown>; required: string[] } }> } };
    const schema = create.requestBody.content['multipart/form-data']?.schema;
    expect(schema?.properties.images).toMatchObject({ type: 'array', maxItems: 5, minItems: 1 });
    expect(schema?.required).toEqual(expect.arrayContaining(['title', 'content', 'images']));
    const feed = doc.paths['/api/posts/feed']?.get as { parameters: { name: string; in: string }[] };
    expect(feed.parameters).toEqual([expect.objectContaining({ name: 'page', in: 'query' })]);
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it('describes the data export as a zip file, and its refusals as JSON', () => {
    const exported = doc.paths['/api/user/me/export']?.get as { responses: Record<string, { content: Record<string, unknown> }> };
    expect(Object.keys(exported.responses['200']!.content)).toEqual(['application/zip']);
    expect(Object.keys(exported.responses['429']!.content)).toEqual(['application/json']);
  });
});
