// @pitlane/api/hooks: TanStack Query hooks for every call, the key table and the session.
export { ApiClientProvider, useApiClient } from './api-context.tsx';
export { queryKeys } from './query-keys.ts';
export { SessionProvider, useSession, signOutLocally, type Session, type SessionStatus } from './session.tsx';
export * from './auth.ts';
export * from './users.ts';
export * from './posts.ts';
export * from './comments.ts';
export * from './communities.ts';
export * from './notifications.ts';
export { useLiveStream, useNewPosts } from './live.ts';
export * from './discovery.ts';
export * from './garage.ts';
export * from './safety.ts';
export * from './moderation.ts';
export * from './sessions.ts';
export * from './two-factor.ts';
export * from './export.ts';
export * from './tags.ts';
