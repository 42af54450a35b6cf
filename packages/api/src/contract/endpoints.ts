// Where each call of the route table goes: method, path and how its body travels, without zod.
// The route table (routes.ts) takes method and path from here; the client needs only this to
// send a call, so a production build of the web app loads no schema and no zod at start
// (client.ts; BENCHMARKS.md "Web").
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint {
  readonly method: HttpMethod;
  /** Fastify path syntax: `/api/posts/:id`. */
  readonly path: string;
  /** How the body travels (routes.ts has its schema); absent for calls without one. */
  readonly body?: 'json' | 'multipart';
}

export const ENDPOINTS = {
  'auth.verify': { method: 'GET', path: '/api/auth/verify' },
  'auth.login': { method: 'POST', path: '/api/auth/login', body: 'json' },
  'auth.logout': { method: 'POST', path: '/api/auth/logout' },
  'auth.checkUsername': { method: 'POST', path: '/api/auth/check-username', body: 'json' },
  'auth.checkEmail': { method: 'POST', path: '/api/auth/check-email', body: 'json' },
  'auth.sendOtp': { method: 'POST', path: '/api/auth/send-otp', body: 'json' },
  'auth.verifyOtp': { method: 'POST', path: '/api/auth/verify-otp', body: 'json' },
  'auth.forgotPassword': { method: 'POST', path: '/api/auth/forgot-password', body: 'json' },
  'auth.resetPassword': { method: 'POST', path: '/api/auth/reset-password', body: 'json' },
  'auth.providerInfo': { method: 'GET', path: '/api/auth/provider' },
  'auth.loginTwoFactor': { method: 'POST', path: '/api/auth/login/two-factor', body: 'json' },
  'auth.provider': { method: 'POST', path: '/api/auth/:provider', body: 'json' },
  'users.profile': { method: 'GET', path: '/api/user/:username' },
  'users.communitiesList': { method: 'GET', path: '/api/user/:userId/communities-list' },
  'users.follow': { method: 'PATCH', path: '/api/user/:id/follow', body: 'json' },
  'users.removeFollower': { method: 'PATCH', path: '/api/user/:id/remove-follower', body: 'json' },
  'users.followers': { method: 'GET', path: '/api/user/:id/followers' },
  'users.following': { method: 'GET', path: '/api/user/:id/following' },
  'users.update': { method: 'PUT', path: '/api/user/update', body: 'multipart' },
  'users.requestDeleteOtp': { method: 'POST', path: '/api/user/request-delete-otp', body: 'json' },
  'users.confirmDelete': { method: 'POST', path: '/api/user/confirm-delete', body: 'json' },
  'users.export': { method: 'GET', path: '/api/user/me/export' },
  'safety.blocked': { method: 'GET', path: '/api/blocks' },
  'safety.block': { method: 'PUT', path: '/api/blocks/:userId', body: 'json' },
  'safety.unblock': { method: 'DELETE', path: '/api/blocks/:userId' },
  'safety.muted': { method: 'GET', path: '/api/mutes' },
  'safety.mute': { method: 'PUT', path: '/api/mutes/:userId', body: 'json' },
  'safety.unmute': { method: 'DELETE', path: '/api/mutes/:userId' },
  'sessions.list': { method: 'GET', path: '/api/sessions' },
  'sessions.end': { method: 'DELETE', path: '/api/sessions/:id' },
  'sessions.endOthers': { method: 'POST', path: '/api/sessions/end-others' },
  'twoFactor.status': { method: 'GET', path: '/api/two-factor' },
  'twoFactor.setup': { method: 'POST', path: '/api/two-factor/setup' },
  'twoFactor.enable': { method: 'POST', path: '/api/two-factor/enable', body: 'json' },
  'twoFactor.disable': { method: 'POST', path: '/api/two-factor/disable', body: 'json' },
  'twoFactor.regenerateRecoveryCodes': { method: 'POST', path: '/api/two-factor/recovery-codes', body: 'json' },
  'reports.create': { method: 'POST', path: '/api/reports', body: 'json' },
  'moderation.communityQueue': { method: 'GET', path: '/api/communities/:id/reports' },
  'moderation.siteQueue': { method: 'GET', path: '/api/moderation/reports' },
  'moderation.dismiss': { method: 'POST', path: '/api/moderation/:kind/:targetId/dismiss', body: 'json' },
  'moderation.remove': { method: 'POST', path: '/api/moderation/:kind/:targetId/remove', body: 'json' },
  'moderation.suspend': { method: 'PUT', path: '/api/moderation/suspensions/:userId', body: 'json' },
  'moderation.unsuspend': { method: 'DELETE', path: '/api/moderation/suspensions/:userId' },
  'moderation.log': { method: 'GET', path: '/api/moderation/log' },
  'suggestions.list': { method: 'GET', path: '/api/suggestions' },
  'search.query': { method: 'GET', path: '/api/search' },
  'tags.posts': { method: 'GET', path: '/api/tags/:tag/posts' },
  'tags.trending': { method: 'GET', path: '/api/tags/trending' },
  'tags.suggest': { method: 'GET', path: '/api/tags' },
  'mentions.suggest': { method: 'GET', path: '/api/mentions' },
  'posts.feed': { method: 'GET', path: '/api/posts/feed' },
  'posts.trending': { method: 'GET', path: '/api/posts/trending' },
  'posts.byUser': { method: 'GET', path: '/api/posts/by-user/:userId' },
  'posts.get': { method: 'GET', path: '/api/posts/:id' },
  'posts.related': { method: 'GET', path: '/api/posts/:id/related' },
  'posts.create': { method: 'POST', path: '/api/posts/create', body: 'multipart' },
  'posts.update': { method: 'PUT', path: '/api/posts/:id', body: 'multipart' },
  'posts.like': { method: 'PATCH', path: '/api/posts/:id/like', body: 'json' },
  'posts.delete': { method: 'DELETE', path: '/api/posts/:id' },
  'posts.saved': { method: 'GET', path: '/api/posts/saved' },
  'posts.save': { method: 'PUT', path: '/api/posts/:id/save', body: 'json' },
  'posts.unsave': { method: 'DELETE', path: '/api/posts/:id/save' },
  'comments.list': { method: 'GET', path: '/api/comments/:postId' },
  'comments.create': { method: 'POST', path: '/api/comments/:postId', body: 'json' },
  'comments.delete': { method: 'DELETE', path: '/api/comments/:commentId' },
  'communities.list': { method: 'GET', path: '/api/communities' },
  'communities.create': { method: 'POST', path: '/api/communities/create', body: 'json' },
  'communities.get': { method: 'GET', path: '/api/communities/:id' },
  'communities.join': { method: 'PATCH', path: '/api/communities/:id/join', body: 'json' },
  'communities.leave': { method: 'DELETE', path: '/api/communities/:id/leave-and-delete-posts' },
  'communities.delete': { method: 'DELETE', path: '/api/communities/:id' },
  'communities.members': { method: 'GET', path: '/api/communities/:id/members' },
  'communities.removeMember': { method: 'PATCH', path: '/api/communities/:id/remove-member/:userId', body: 'json' },
  'communities.update': { method: 'PUT', path: '/api/communities/:id', body: 'multipart' },
  'cars.makes': { method: 'GET', path: '/api/car-makes' },
  'cars.models': { method: 'GET', path: '/api/car-makes/:makeId/models' },
  'cars.byUser': { method: 'GET', path: '/api/cars/by-user/:userId' },
  'cars.byModel': { method: 'GET', path: '/api/cars/by-model/:make/:model' },
  'cars.modelPosts': { method: 'GET', path: '/api/cars/by-model/:make/:model/posts' },
  'cars.get': { method: 'GET', path: '/api/cars/:id' },
  'cars.create': { method: 'POST', path: '/api/cars/create', body: 'multipart' },
  'cars.update': { method: 'PUT', path: '/api/cars/:id', body: 'multipart' },
  'cars.delete': { method: 'DELETE', path: '/api/cars/:id' },
  'cars.timeline': { method: 'GET', path: '/api/cars/:id/timeline' },
  'cars.logCreate': { method: 'POST', path: '/api/cars/:id/log', body: 'multipart' },
  'cars.logUpdate': { method: 'PUT', path: '/api/car-log/:id', body: 'multipart' },
  'cars.logDelete': { method: 'DELETE', path: '/api/car-log/:id' },
  'meets.create': { method: 'POST', path: '/api/communities/:id/meets', body: 'multipart' },
  'meets.ofCommunity': { method: 'GET', path: '/api/communities/:id/meets' },
  'meets.upcoming': { method: 'GET', path: '/api/meets' },
  'meets.get': { method: 'GET', path: '/api/meets/:id' },
  'meets.update': { method: 'PUT', path: '/api/meets/:id', body: 'multipart' },
  'meets.cancel': { method: 'POST', path: '/api/meets/:id/cancel' },
  'meets.rsvp': { method: 'PUT', path: '/api/meets/:id/rsvp', body: 'json' },
  'meets.attendees': { method: 'GET', path: '/api/meets/:id/attendees' },
  'meets.calendar': { method: 'GET', path: '/api/meets/:id/calendar.ics' },
  'notifications.list': { method: 'GET', path: '/api/notifications' },
  'notifications.unreadCount': { method: 'GET', path: '/api/notifications/unread-count' },
  'notifications.markAsRead': { method: 'PATCH', path: '/api/notifications/mark-as-read', body: 'json' },
  'notifications.clearAll': { method: 'DELETE', path: '/api/notifications/all' },
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof ENDPOINTS;

/**
 * The live stream (issue 16, item 4): Server-Sent Events for the signed-in person, outside the
 * route table because it answers a stream, not one JSON body. Each message's `data` is one
 * `LiveEvent` (schemas.ts) as JSON; 401 `{ message }` without a session.
 */
export const LIVE_PATH = '/api/live';

/** Method and path of a call, for its entry in the route table. */
export const at = <N extends EndpointName>(name: N): { method: (typeof ENDPOINTS)[N]['method']; path: (typeof ENDPOINTS)[N]['path'] } => ({
  method: ENDPOINTS[name].method,
  path: ENDPOINTS[name].path,
});

/** Fill a `:param` path: `buildPath('/api/posts/:id', { id: 'p1' })` → `/api/posts/p1`. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(value);
  });
}
