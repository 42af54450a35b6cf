// Feeds, trending, a user's posts, one post, related posts, and every change to a post (spec §7,
// /api/posts); beyond the spec, saving posts for later and the Saved page's list (issue 21).
import { z } from 'zod';
import { MAX_PHOTO_DESCRIPTION_LENGTH, MAX_POST_IMAGES, MIN_POST_IMAGES } from '../constants.ts';
import { at } from '../endpoints.ts';
import { Id, MessageBody, Post, PostPage } from '../schemas.ts';
import { FORM_MESSAGES, REFUSAL_MESSAGES } from '../messages.ts';
import { EmptyBody, IdParams, json, jsonArrayField, multipart, nonBlank, PageQuery, route } from './define.ts';

const PostText = nonBlank(FORM_MESSAGES.titleAndContentRequired);

/**
 * `car` (issue 17): one of the author's own cars the post is tagged to ("Car:" in Create and Edit
 * Post). On create, absent means none; on edit, absent keeps the tag and '' removes it.
 */
const CarChoice = z.union([Id, z.literal('')]).optional();

/**
 * `imageAlts`: one description (alt text) per photo, in the order the post will show them (on
 * edit: the kept images, then the new files), as a JSON array in one text part like
 * `existingImageUrls`. Trimmed; empty means none. Optional: a client that sends none gets empty
 * descriptions (on edit, kept images keep theirs).
 */
const ImageAlts = jsonArrayField(
  z
    .string()
    .trim()
    .max(MAX_PHOTO_DESCRIPTION_LENGTH, { error: REFUSAL_MESSAGES.photoDescriptionTooLong })
    // A NUL written as \u0000 in the JSON reaches the text only once decoded; the database cannot store it.
    .refine((text) => !text.includes('\u0000'), { error: REFUSAL_MESSAGES.invalidRequest }),
).optional();

export const postsRoutes = {
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
      z.object({ title: PostText, content: PostText, community: Id.optional(), imageAlts: ImageAlts, car: Id.optional() }),
      { images: { multiple: true, required: true, minCount: MIN_POST_IMAGES, maxCount: MAX_POST_IMAGES, accept: 'image/*' } },
    ),
    response: Post, errors: [400, 401, 403],
  }),
  'posts.update': route({
    ...at('posts.update'), tag: 'posts', auth: true,
    summary: "Edit the author's post: kept images plus new images, at most 5. Body not shown by the spec: the updated post.",
    params: IdParams,
    body: multipart(
      z.object({ title: PostText, content: PostText, existingImageUrls: jsonArrayField(z.string()), imageAlts: ImageAlts, car: CarChoice }),
      { images: { multiple: true, required: false, minCount: 0, maxCount: MAX_POST_IMAGES, accept: 'image/*' } },
    ),
    response: Post, errors: [400, 401, 403, 404],
  }),
  'posts.like': route({
    ...at('posts.like'), tag: 'posts', auth: true,
    summary: 'Toggle the current user’s like; answers the post with its `likes`.',
    params: IdParams, body: json(EmptyBody), response: Post, errors: [401, 403, 404],
  }),
  'posts.delete': route({
    ...at('posts.delete'), tag: 'posts', auth: true,
    summary: 'Delete a post (its author, or the creator of its community). Body not shown by the spec: { message }.',
    params: IdParams, response: MessageBody, errors: [401, 403, 404],
  }),
  // Saved posts: private to the person. Unlike the like toggle of spec §7, saving is two
  // idempotent calls, so a repeated or retried request cannot undo itself.
  'posts.saved': route({
    ...at('posts.saved'), tag: 'posts', auth: true,
    summary: 'The current user’s saved posts, newest saved first. Nobody else can read them.',
    query: PageQuery, response: PostPage, errors: [401],
  }),
  'posts.save': route({
    ...at('posts.save'), tag: 'posts', auth: true,
    summary: 'Save a post for the current user (saving it again changes nothing); answers the post with `saved: true`.',
    params: IdParams, body: json(EmptyBody), response: Post, errors: [401, 404],
  }),
  'posts.unsave': route({
    ...at('posts.unsave'), tag: 'posts', auth: true,
    summary: 'Remove a post from the current user’s saved posts (if it is not there, nothing changes); answers the post with `saved: false`.',
    params: IdParams, response: Post, errors: [401, 404],
  }),
} as const;
