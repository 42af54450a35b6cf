import type { APIRequestContext, PlaywrightWorkerArgs } from '@playwright/test';
import { expect } from './fixtures.ts';
import { pngImage } from './images.ts';
import type { Person } from './people.ts';

/**
 * Someone else acting through the API in their own "browser" (their own cookies), for tests
 * where one person watches what another one does: a follow, a removal, a notification.
 */
export interface ApiSession {
  request: APIRequestContext;
  /** A profile's id, looked up by username. */
  idOf(username: string): Promise<string>;
  /** The follow toggle (spec §4). */
  toggleFollow(username: string): Promise<void>;
  unreadCount(): Promise<number>;
  /** This person's notifications (newest first), as the API lists them. */
  notifications(): Promise<unknown[]>;
  /** The like toggle on a post. */
  toggleLike(postId: string): Promise<void>;
  /** A comment on a post. */
  comment(postId: string, text: string): Promise<void>;
  /** A new community of this person's; its id. */
  createCommunity(name: string, description: string): Promise<string>;
  joinCommunity(communityId: string): Promise<void>;
  /** A post with one photo, on the own profile or in `community`; its id. */
  createPost(title: string, content: string, community?: string): Promise<string>;
  /** A profile picture for this person (a small PNG), through the profile's edit call. */
  setProfilePicture(): Promise<void>;
  /** A report (issue 18) on a post, a comment or a person, which the server takes (201). */
  report(kind: 'post' | 'comment' | 'user', targetId: string, reason: string, details?: string): Promise<void>;
  dispose(): Promise<void>;
}

export async function apiSession(playwright: PlaywrightWorkerArgs['playwright'], person: Person): Promise<ApiSession> {
  const baseURL = process.env.E2E_BASE_URL;
  if (!baseURL) throw new Error('E2E_BASE_URL is not set: the global setup did not start the server');
  // State-changing calls carry the product's own origin, as a browser would send it.
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const login = await request.post('/api/auth/login', { data: { email: person.email, password: person.password } });
  expect(login.ok(), await login.text()).toBe(true);

  const idOf = async (username: string) => {
    const res = await request.get(`/api/user/${username}`);
    expect(res.ok(), await res.text()).toBe(true);
    return ((await res.json()) as { _id: string })._id;
  };
  return {
    request,
    idOf,
    toggleFollow: async (username) => {
      const res = await request.patch(`/api/user/${await idOf(username)}/follow`, { data: {} });
      expect(res.ok(), await res.text()).toBe(true);
    },
    unreadCount: async () => {
      const res = await request.get('/api/notifications/unread-count');
      expect(res.ok(), await res.text()).toBe(true);
      return ((await res.json()) as { count: number }).count;
    },
    notifications: async () => {
      const res = await request.get('/api/notifications');
      expect(res.ok(), await res.text()).toBe(true);
      return (await res.json()) as unknown[];
    },
    toggleLike: async (postId) => {
      const res = await request.patch(`/api/posts/${postId}/like`, { data: {} });
      expect(res.ok(), await res.text()).toBe(true);
    },
    comment: async (postId, text) => {
      const res = await request.post(`/api/comments/${postId}`, { data: { text } });
      expect(res.ok(), await res.text()).toBe(true);
    },
    createCommunity: async (name, description) => {
      const res = await request.post('/api/communities/create', { data: { name, description } });
      expect(res.ok(), await res.text()).toBe(true);
      return ((await res.json()) as { newCommunity: { _id: string } }).newCommunity._id;
    },
    joinCommunity: async (communityId) => {
      const res = await request.patch(`/api/communities/${communityId}/join`, { data: {} });
      expect(res.ok(), await res.text()).toBe(true);
    },
    createPost: async (title, content, community) => {
      const photo = { name: 'photo.png', mimeType: 'image/png', buffer: pngImage(320, 240, [30, 90, 160], [220, 40, 40]) };
      const res = await request.post('/api/posts/create', { multipart: { title, content, images: photo, ...(community ? { community } : {}) } });
      expect(res.ok(), await res.text()).toBe(true);
      return ((await res.json()) as { _id: string })._id;
    },
    setProfilePicture: async () => {
      const picture = { name: 'me.png', mimeType: 'image/png', buffer: pngImage(200, 200, [200, 40, 40], [40, 40, 200]) };
      const fields = { id: await idOf(person.username), fullName: person.fullName, username: person.username };
      const res = await request.put('/api/user/update', { multipart: { ...fields, profilePicture: picture } });
      expect(res.ok(), await res.text()).toBe(true);
    },
    report: async (kind, targetId, reason, details = '') => {
      const res = await request.post('/api/reports', { data: { kind, targetId, reason, details } });
      expect(res.status(), await res.text()).toBe(201);
    },
    dispose: () => request.dispose(),
  };
}

/** A fresh API context (no cookies) for creating accounts outside a test, e.g. in `beforeAll`. */
export async function anonymousRequest(playwright: PlaywrightWorkerArgs['playwright']): Promise<APIRequestContext> {
  const baseURL = process.env.E2E_BASE_URL;
  if (!baseURL) throw new Error('E2E_BASE_URL is not set: the global setup did not start the server');
  return playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
}
