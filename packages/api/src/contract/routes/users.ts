// Profiles, follows, profile edit and account deletion (spec §7, /api/user).
import { z } from 'zod';
import { at } from '../endpoints.ts';
import { Community, CurrentUserEnvelope, FollowResult, Id, MessageBody, ProfileUser, SessionUser, UserSummary } from '../schemas.ts';
import { isValidProfilePassword } from '../validation.ts';
import { REFUSAL_MESSAGES } from '../messages.ts';
import { EmptyBody, FullName, IdParams, json, multipart, Otp, route, Username } from './define.ts';

export const usersRoutes = {
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
    response: FollowResult, errors: [400, 401, 403, 404],
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
        /** "Require descriptions on my photos", as `true` / `false`; absent keeps the setting. */
        requirePhotoDescriptions: z.stringbool().optional(),
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
  'users.export': route({
    ...at('users.export'), tag: 'users', auth: true,
    summary:
      "The signed-in person's data as a zip (issue 19): README.txt, profile.json, posts.json, comments.json, follows.json, communities.json, garage.json, saved.json, blocked-and-muted.json, meets.json (issue 21) and images/. Sent as an attachment named by `dataExportFileName`; 429 when asked again within a minute.",
    download: { contentType: 'application/zip' },
    response: z.instanceof(Uint8Array), errors: [401, 429],
  }),
} as const;
