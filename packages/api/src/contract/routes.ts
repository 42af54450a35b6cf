// Every call of spec §7 as data. The server registers its routes from this table (Fastify path
// syntax, `:param`), the client types and builds its requests from it, the mocks answer it and
// the OpenAPI document is generated from it. Each domain's calls live in routes/<domain>.ts (the
// server's modules and the hooks are split the same way); this is the one table they make.
import { authRoutes } from './routes/auth.ts';
import { usersRoutes } from './routes/users.ts';
import { sessionsRoutes } from './routes/sessions.ts';
import { twoFactorRoutes, twoFactorSignInRoutes } from './routes/two-factor.ts';
import { safetyRoutes } from './routes/safety.ts';
import { moderationRoutes } from './routes/moderation.ts';
import { suggestionsRoutes } from './routes/suggestions.ts';
import { searchRoutes } from './routes/search.ts';
import { tagsRoutes } from './routes/tags.ts';
import { postsRoutes } from './routes/posts.ts';
import { commentsRoutes } from './routes/comments.ts';
import { communitiesRoutes } from './routes/communities.ts';
import { notificationsRoutes } from './routes/notifications.ts';
import { garageRoutes } from './routes/garage.ts';
import { meetsRoutes } from './routes/meets.ts';

export {
  EmptyBody,
  encodeFields,
  jsonArrayField,
  PageQuery,
  type FileField,
  type JsonBody,
  type MultipartBody,
  type RouteDefinition,
} from './routes/define.ts';
/** What a report and a moderator's reason are (issue 18): the forms validate with the same schemas. */
export { ModerationReason, ReportInput } from './routes/moderation.ts';
/** One of the viewer's active sessions (issue 19). */
export { ActiveSession } from './routes/sessions.ts';
/** Two-factor sign-in (issue 19). */
export {
  CodeOrRecoveryCode,
  RecoveryCode,
  RecoveryCodes,
  SignInReply,
  signedInUser,
  TwoFactorCode,
  TwoFactorRequired,
  TwoFactorSetup,
  TwoFactorStatus,
} from './routes/two-factor.ts';

// In this order the server registers them (auth's fixed paths before `/api/auth/:provider`).
export const routes = {
  ...authRoutes,
  ...twoFactorSignInRoutes,
  ...usersRoutes,
  ...sessionsRoutes,
  ...twoFactorRoutes,
  ...safetyRoutes,
  ...moderationRoutes,
  ...suggestionsRoutes,
  ...searchRoutes,
  ...tagsRoutes,
  ...postsRoutes,
  ...commentsRoutes,
  ...communitiesRoutes,
  ...notificationsRoutes,
  ...garageRoutes,
  ...meetsRoutes,
} as const;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export const routeNames = Object.keys(routes) as RouteName[];
