// Every call of spec §7 as data. The server registers its routes from this table (Fastify path
// syntax, `:param`), the client types and builds its requests from it, the mocks answer it and
// the OpenAPI document is generated from it.
import { z } from 'zod';
import { MAX_COMMENT_LENGTH, MAX_COMMUNITY_DESCRIPTION_LENGTH, MAX_POST_IMAGES, MIN_POST_IMAGES } from './constants.ts';
import {
  Availability,
  Comment,
  CommentPage,
  Community,
  CommunityPage,
  CreateCommunityResult,
  CurrentUserEnvelope,
  FollowResult,
  Id,
  MessageBody,
  Notification,
  Post,
  PostPage,
  ProfileUser,
  ProviderInfo,
  RemoveMemberResult,
  SearchResults,
  SessionUser,
  Suggestions,
  UnreadCount,
  UserEnvelope,
  UserSummary,
} from './schemas.ts';
import { isStrongRegisterPassword, isValidFullName, isValidProfilePassword, isValidUsername, isEmailShape } from './validation.ts';
import { FORM_MESSAGES, REFUSAL_MESSAGES } from './messages.ts';
import { at, type HttpMethod } from './endpoints.ts';

/** A file part of a multipart body. Files are checked by the server by content, not by zod. */
export interface FileField {
  /** Repeated part (`images`) or a single file. */
  readonly multiple: boolean;
  readonly required: boolean;
  /** For repeated parts: the allowed number of files. */
  readonly minCount?: number;
  readonly maxCount?: number;
  /** Accepted media types; the picker's `accept` attribute. */
  readonly accept: 'image/*';
}

export interface JsonBody<S extends z.ZodType = z.ZodType> {
  readonly kind: 'json';
  readonly schema: S;
}

export interface MultipartBody<F extends z.ZodObject = z.ZodObject, Files extends Record<string, FileField> = Record<string, FileField>> {
  readonly kind: 'multipart';
  /** Text parts. Each travels as a string; JSON-array parts are zod codecs (string ⇄ array). */
  readonly fields: F;
  readonly files: Files;
}

export interface RouteDefinition {
  readonly method: HttpMethod;
  /** Fastify path syntax: `/api/posts/:id`. */
  readonly path: string;
  readonly summary: string;
  readonly tag: 'auth' | 'users' | 'suggestions' | 'search' | 'posts' | 'comments' | 'communities' | 'notifications';
  /** False for the calls a signed-out visitor makes; the rest answer 401 without a session. */
  readonly auth: boolean;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: JsonBody | MultipartBody;
  /** The 2xx reply (status 200; 201 for creations, see `status`). */
  readonly response: z.ZodType;
  readonly status?: 200 | 201;
  /** Error statuses this call may answer with, each with an `ErrorBody` ({ message }). */
  readonly errors: readonly number[];
}

const route = <const R extends RouteDefinition>(definition: R): R => definition;
const json = <S extends z.ZodType>(schema: S): JsonBody<S> => ({ kind: 'json', schema });
const multipart = <F extends z.ZodObject, const Files extends Record<string, FileField>>(fields: F, files: Files): MultipartBody<F, Files> => ({
  kind: 'multipart',
  fields,
  files,
});

/** A multipart body's text parts encoded by their schema (JSON arrays as text), or null when the values do not fit it. */
export function encodeFields(fields: z.ZodObject, values: Record<string, unknown>): Record<string, unknown> | null {
  const encoded = z.safeEncode(fields, values);
  return encoded.success ? (encoded.data as Record<string, unknown>) : null;
}

/** A JSON array carried in one multipart text part, e.g. `existingImageUrls`, `members`. */
export const jsonArrayField = <T extends z.ZodType>(item: T) =>
  z.codec(z.string(), z.array(item), {
    decode: (text, ctx) => {
      try {
        return JSON.parse(text) as z.input<T>[];
      } catch {
        ctx.issues.push({ code: 'invalid_format', format: 'json', input: text, message: 'Expected a JSON array' });
        return z.NEVER;
      }
    },
    encode: (items) => JSON.stringify(items),
  });

/** Calls whose spec body is "empty object". */
export const EmptyBody = z.object({});

/** `?page=n`, numbered from 1, default 1. */
export const PageQuery = z.object({ page: z.coerce.number<number>({ error: REFUSAL_MESSAGES.invalidPage }).int({ error: REFUSAL_MESSAGES.invalidPage }).min(1, { error: REFUSAL_MESSAGES.invalidPage }).default(1) });

const IdParams = z.object({ id: Id });
/** A text that must not be blank (trimmed), refused with `message` when missing or blank. */
const nonBlank = (message: string) => z.string({ error: message }).trim().min(1, { error: message });
const NonBlank = nonBlank(REFUSAL_MESSAGES.invalidRequest);
const Otp = nonBlank(REFUSAL_MESSAGES.otpRequired);
// Refusals carry whole sentences (REFUSAL_MESSAGES); the inline field statuses stay the §5 words.
const FullName = z.string({ error: REFUSAL_MESSAGES.invalidFullName }).refine(isValidFullName, { error: REFUSAL_MESSAGES.invalidFullName });
const Username = z.string({ error: REFUSAL_MESSAGES.invalidUsername }).refine(isValidUsername, { error: REFUSAL_MESSAGES.invalidUsername });
const Email = z.string({ error: REFUSAL_MESSAGES.invalidEmail }).refine(isEmailShape, { error: REFUSAL_MESSAGES.invalidEmail });
const RegisterPassword = z.string({ error: REFUSAL_MESSAGES.weakPassword }).refine(isStrongRegisterPassword, { error: REFUSAL_MESSAGES.weakPassword });
const PostText = nonBlank(FORM_MESSAGES.titleAndContentRequired);

const auth = {
  'auth.verify': route({
    ...at('auth.verify'), tag: 'auth', auth: false,
    summary: 'The signed-in user of this session cookie; 401 without one.',
    response: UserEnvelope, errors: [401],
  }),
  'auth.login': route({
    ...at('auth.login'), tag: 'auth', auth: false,
    summary: 'Sign in with e-mail and password; sets the session cookie.',
    body: json(z.object({ email: nonBlank(REFUSAL_MESSAGES.emailAndPasswordRequired), password: z.string({ error: REFUSAL_MESSAGES.emailAndPasswordRequired }).min(1, { error: REFUSAL_MESSAGES.emailAndPasswordRequired }) })),
    response: UserEnvelope, errors: [400, 401],
  }),
  'auth.logout': route({
    ...at('auth.logout'), tag: 'auth', auth: false,
    summary: 'End the session and clear the cookie. Body not shown by the spec: { message }.',
    response: MessageBody, errors: [],
  }),
  'auth.checkUsername': route({
    ...at('auth.checkUsername'), tag: 'auth', auth: false,
    summary: 'Whether a (normalised) username is free.',
    body: json(z.object({ username: z.string() })),
    response: Availability, errors: [400],
  }),
  'auth.checkEmail': route({
    ...at('auth.checkEmail'), tag: 'auth', auth: false,
    summary: 'Whether an e-mail address is free to register.',
    body: json(z.object({ email: z.string() })),
    response: Availability, errors: [400],
  }),
  'auth.sendOtp': route({
    ...at('auth.sendOtp'), tag: 'auth', auth: false,
    summary: 'Registration step 1: check the details and e-mail a one-time code.',
    body: json(
      z.object({
        fullName: FullName,
        username: Username,
        email: Email,
        password: RegisterPassword,
      }),
    ),
    response: MessageBody, errors: [400, 409],
  }),
  'auth.verifyOtp': route({
    ...at('auth.verifyOtp'), tag: 'auth', auth: false,
    summary: 'Registration step 2: the code creates the account.',
    body: json(z.object({ email: z.string(), otp: Otp })),
    response: MessageBody, errors: [400],
  }),
  'auth.forgotPassword': route({
    ...at('auth.forgotPassword'), tag: 'auth', auth: false,
    summary: 'E-mail a password-reset code. Answers the same whether or not the address has an account.',
    body: json(z.object({ email: Email })),
    response: MessageBody, errors: [400, 429],
  }),
  'auth.resetPassword': route({
    ...at('auth.resetPassword'), tag: 'auth', auth: false,
    summary: 'Set a new password with the e-mailed code.',
    body: json(
      z.object({
        email: Email,
        otp: Otp,
        newPassword: RegisterPassword,
        confirmPassword: z.string(),
      }),
    ),
    response: MessageBody, errors: [400],
  }),
  // Not a call of spec §7: the login and register screens need to know whether to offer the
  // third-party sign-in and under which name. The browser starts the flow by opening `startUrl`.
  'auth.providerInfo': route({
    ...at('auth.providerInfo'), tag: 'auth', auth: false,
    summary: 'The configured third-party sign-in provider (display name, id, start URL), or null.',
    response: ProviderInfo, errors: [],
  }),
  // Registered after the fixed /api/auth/* paths; Fastify's router prefers static segments.
  'auth.provider': route({
    ...at('auth.provider'), tag: 'auth', auth: false,
    summary: 'Third-party sign-in: exchange the authorization code; `provider` is the lower-case provider name. Pass the `state` the provider sent back with the code.',
    params: z.object({ provider: z.string().regex(/^[a-z0-9-]+$/) }),
    body: json(z.object({ code: NonBlank, state: z.string().optional() })),
    response: UserEnvelope, errors: [400, 401, 404, 409],
  }),
} as const;

const users = {
  'users.profile': route({
    ...at('users.profile'), tag: 'users', auth: true,
    summary: 'A profile: the user, their communities as objects and their post count.',
    params: z.object({ username: z.string().min(1) }),
    response: ProfileUser, errors: [401, 404],
  }),
  'users.communitiesList': route({
    ...at('users.communitiesList'), tag: 'users', auth: true,
    summary: "A user's communities.",
    params: z.object({ userId: Id }),
    response: z.array(Community), errors: [401, 404],
  }),
  'users.follow': route({
    ...at('users.follow'), tag: 'users', auth: true,
    summary: 'Toggle following a user (follow or unfollow).',
    params: IdParams, body: json(EmptyBody),
    response: FollowResult, errors: [400, 401, 404],
  }),
  'users.removeFollower': route({
    ...at('users.removeFollower'), tag: 'users', auth: true,
    summary: "Remove a follower from the current user's followers.",
    params: IdParams, body: json(EmptyBody),
    response: CurrentUserEnvelope, errors: [401, 404],
  }),
  'users.followers': route({
    ...at('users.followers'), tag: 'users', auth: true,
    summary: "A user's followers.",
    params: IdParams,
    response: z.array(UserSummary), errors: [401, 404],
  }),
  'users.following': route({
    ...at('users.following'), tag: 'users', auth: true,
    summary: 'The users a user follows.',
    params: IdParams,
    response: z.array(UserSummary), errors: [401, 404],
  }),
  'users.update': route({
    ...at('users.update'), tag: 'users', auth: true,
    summary: 'Edit the current profile; answers the updated session user.',
    body: multipart(
      z.object({
        id: Id,
        fullName: FullName,
        username: Username,
        password: z.string().refine(isValidProfilePassword, { error: REFUSAL_MESSAGES.weakProfilePassword }).optional(),
      }),
      { profilePicture: { multiple: false, required: false, accept: 'image/*' } },
    ),
    response: SessionUser, errors: [400, 401, 403, 409],
  }),
  'users.requestDeleteOtp': route({
    ...at('users.requestDeleteOtp'), tag: 'users', auth: true,
    summary: 'E-mail a code that confirms account deletion.',
    body: json(EmptyBody),
    response: MessageBody, errors: [401],
  }),
  'users.confirmDelete': route({
    ...at('users.confirmDelete'), tag: 'users', auth: true,
    summary: 'Delete the account with the e-mailed code and end the session. Body not shown by the spec: { message }.',
    body: json(z.object({ otp: Otp })),
    response: MessageBody, errors: [400, 401],
  }),
} as const;

const discovery = {
  'suggestions.list': route({
    ...at('suggestions.list'), tag: 'suggestions', auth: true,
    summary: 'Users to follow and communities to join.',
    response: Suggestions, errors: [401],
  }),
  'search.query': route({
    ...at('search.query'), tag: 'search', auth: true,
    summary: 'Users and posts matching a query.',
    query: z.object({ q: z.string() }),
    response: SearchResults, errors: [401],
  }),
} as const;

const posts = {
  'posts.feed': route({
    ...at('posts.feed'), tag: 'posts', auth: true,
    summary: 'Posts of the users the current user follows, newest first.',
    query: PageQuery, response: PostPage, errors: [401],
  }),
  'posts.trending': route({
    ...at('posts.trending'), tag: 'posts', auth: true,
    summary: 'Trending posts.',
    query: PageQuery, response: PostPage, errors: [401],
  }),
  'posts.byUser': route({
    ...at('posts.byUser'), tag: 'posts', auth: true,
    summary: "A user's posts, newest first.",
    params: z.object({ userId: Id }), query: PageQuery, response: PostPage, errors: [401, 404],
  }),
  'posts.get': route({
    ...at('posts.get'), tag: 'posts', auth: true,
    summary: 'One post.',
    params: IdParams, response: Post, errors: [401, 404],
  }),
  'posts.related': route({
    ...at('posts.related'), tag: 'posts', auth: true,
    summary: 'Posts related to a post.',
    params: IdParams, query: PageQuery, response: PostPage, errors: [401, 404],
  }),
  'posts.create': route({
    ...at('posts.create'), tag: 'posts', auth: true, status: 201,
    summary: 'Create a post on the own profile or in a community the user belongs to. Body not shown by the spec: the new post.',
    body: multipart(
      z.object({ title: PostText, content: PostText, community: Id.optional() }),
      { images: { multiple: true, required: true, minCount: MIN_POST_IMAGES, maxCount: MAX_POST_IMAGES, accept: 'image/*' } },
    ),
    response: Post, errors: [400, 401, 403],
  }),
  'posts.update': route({
    ...at('posts.update'), tag: 'posts', auth: true,
    summary: "Edit the author's post: kept images plus new images, at most 5. Body not shown by the spec: the updated post.",
    params: IdParams,
    body: multipart(
      z.object({ title: PostText, content: PostText, existingImageUrls: jsonArrayField(z.string()) }),
      { images: { multiple: true, required: false, minCount: 0, maxCount: MAX_POST_IMAGES, accept: 'image/*' } },
    ),
    response: Post, errors: [400, 401, 403, 404],
  }),
  'posts.like': route({
    ...at('posts.like'), tag: 'posts', auth: true,
    summary: 'Toggle the current user’s like; answers the post with its `likes`.',
    params: IdParams, body: json(EmptyBody), response: Post, errors: [401, 404],
  }),
  'posts.delete': route({
    ...at('posts.delete'), tag: 'posts', auth: true,
    summary: 'Delete a post (its author, or the creator of its community). Body not shown by the spec: { message }.',
    params: IdParams, response: MessageBody, errors: [401, 403, 404],
  }),
} as const;

const comments = {
  'comments.list': route({
    ...at('comments.list'), tag: 'comments', auth: true,
    summary: "A post's comments, newest first.",
    params: z.object({ postId: Id }), query: PageQuery, response: CommentPage, errors: [401, 404],
  }),
  'comments.create': route({
    ...at('comments.create'), tag: 'comments', auth: true, status: 201,
    summary: 'Comment on a post.',
    params: z.object({ postId: Id }),
    body: json(z.object({ text: nonBlank(REFUSAL_MESSAGES.commentRequired).max(MAX_COMMENT_LENGTH, { error: REFUSAL_MESSAGES.commentTooLong }) })),
    response: Comment, errors: [400, 401, 404],
  }),
  'comments.delete': route({
    ...at('comments.delete'), tag: 'comments', auth: true,
    summary: "Delete a comment (its author, the post's author, or the community's creator). Body not shown by the spec: { message }.",
    params: z.object({ commentId: Id }), response: MessageBody, errors: [401, 403, 404],
  }),
} as const;

const CommunityFields = {
  name: nonBlank(REFUSAL_MESSAGES.communityNameRequired),
  description: nonBlank(REFUSAL_MESSAGES.communityDescriptionRequired).max(MAX_COMMUNITY_DESCRIPTION_LENGTH, { error: REFUSAL_MESSAGES.communityDescriptionTooLong }),
};

const communities = {
  'communities.list': route({
    ...at('communities.list'), tag: 'communities', auth: true,
    summary: 'Every community.',
    response: z.array(Community), errors: [401],
  }),
  'communities.create': route({
    ...at('communities.create'), tag: 'communities', auth: true, status: 201,
    summary: 'Create a community; the creator becomes its first member.',
    body: json(z.object(CommunityFields)),
    response: CreateCommunityResult, errors: [400, 401, 409],
  }),
  'communities.get': route({
    ...at('communities.get'), tag: 'communities', auth: true,
    summary: 'A community, whether the viewer is a member, and a page of its posts (members only; otherwise none).',
    params: IdParams, query: PageQuery, response: CommunityPage, errors: [401, 404],
  }),
  'communities.join': route({
    ...at('communities.join'), tag: 'communities', auth: true,
    summary: 'Join a community.',
    params: IdParams, body: json(EmptyBody), response: UserEnvelope, errors: [401, 404, 409],
  }),
  'communities.leave': route({
    ...at('communities.leave'), tag: 'communities', auth: true,
    summary: "Leave a community; deletes the user's posts in it. The creator cannot leave.",
    params: IdParams, response: UserEnvelope, errors: [401, 403, 404],
  }),
  'communities.delete': route({
    ...at('communities.delete'), tag: 'communities', auth: true,
    summary: 'Delete a community and all its posts (creator only). Body not shown by the spec: { message }.',
    params: IdParams, response: MessageBody, errors: [401, 403, 404],
  }),
  'communities.members': route({
    ...at('communities.members'), tag: 'communities', auth: true,
    summary: "A community's members.",
    params: IdParams, response: z.array(UserSummary), errors: [401, 404],
  }),
  'communities.removeMember': route({
    ...at('communities.removeMember'), tag: 'communities', auth: true,
    summary: "Remove a member (creator only, never the creator); deletes their posts and comments in it. `user` is the current user (the creator).",
    params: z.object({ id: Id, userId: Id }), body: json(EmptyBody), response: RemoveMemberResult, errors: [400, 401, 403, 404],
  }),
  'communities.update': route({
    ...at('communities.update'), tag: 'communities', auth: true,
    summary: 'Edit a community (creator only): name, description, cover and the members kept.',
    params: IdParams,
    body: multipart(
      z.object({ ...CommunityFields, members: jsonArrayField(Id) }),
      { coverImage: { multiple: false, required: false, accept: 'image/*' } },
    ),
    response: Community, errors: [400, 401, 403, 404, 409],
  }),
} as const;

const notifications = {
  'notifications.list': route({
    ...at('notifications.list'), tag: 'notifications', auth: true,
    summary: "The current user's notifications, newest first.",
    response: z.array(Notification), errors: [401],
  }),
  'notifications.unreadCount': route({
    ...at('notifications.unreadCount'), tag: 'notifications', auth: true,
    summary: 'How many notifications are unread.',
    response: UnreadCount, errors: [401],
  }),
  'notifications.markAsRead': route({
    ...at('notifications.markAsRead'), tag: 'notifications', auth: true,
    summary: 'Mark every notification read (the spec reading with a call). Body not shown by the spec: { message }.',
    body: json(EmptyBody), response: MessageBody, errors: [401],
  }),
  'notifications.clearAll': route({
    ...at('notifications.clearAll'), tag: 'notifications', auth: true,
    summary: 'Delete every notification. Body not shown by the spec: { message }.',
    response: MessageBody, errors: [401],
  }),
} as const;

export const routes = { ...auth, ...users, ...discovery, ...posts, ...comments, ...communities, ...notifications } as const;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export const routeNames = Object.keys(routes) as RouteName[];
