// Communities: list, create, page, membership, members and edits (spec §7, /api/communities).
import { z } from 'zod';
import { MAX_COMMUNITY_DESCRIPTION_LENGTH, MAX_PHOTO_DESCRIPTION_LENGTH } from '../constants.ts';
import { at } from '../endpoints.ts';
import { Community, CommunityPage, CreateCommunityResult, Id, MessageBody, RemoveMemberResult, UserEnvelope, UserSummary } from '../schemas.ts';
import { REFUSAL_MESSAGES } from '../messages.ts';
import { EmptyBody, IdParams, json, jsonArrayField, multipart, nonBlank, PageQuery, route } from './define.ts';

const CommunityFields = {
  name: nonBlank(REFUSAL_MESSAGES.communityNameRequired),
  description: nonBlank(REFUSAL_MESSAGES.communityDescriptionRequired).max(MAX_COMMUNITY_DESCRIPTION_LENGTH, { error: REFUSAL_MESSAGES.communityDescriptionTooLong }),
};

export const communitiesRoutes = {
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
      z.object({
        ...CommunityFields,
        members: jsonArrayField(Id),
        /**
         * The cover's description (issue 18), trimmed, at most 1,000 characters like a photo's.
         * Absent: kept, unless a new cover comes without one (a description of the old picture
         * would be wrong for the new one).
         */
        coverImageAlt: z
          .string()
          .trim()
          .max(MAX_PHOTO_DESCRIPTION_LENGTH, { error: REFUSAL_MESSAGES.photoDescriptionTooLong })
          .optional(),
      }),
      { coverImage: { multiple: false, required: false, accept: 'image/*' } },
    ),
    response: Community, errors: [400, 401, 403, 404, 409],
  }),
} as const;
