// Tags and mentions (issue 21): the posts of a tag, the tags trending now, and the type-ahead
// behind `#` and `@` while writing. What counts as a tag or a mention is rich-text.ts.
import { z } from 'zod';
import { TYPEAHEAD_LIMIT } from '../constants.ts';
import { at } from '../endpoints.ts';
import { REFUSAL_MESSAGES } from '../messages.ts';
import { isValidTag, normalizeTag } from '../tag.ts';
import { PostPage, TagCount, UserSummary } from '../schemas.ts';
import { PageQuery, route } from './define.ts';

/** A tag in an address, `#` not included; any case (it is normalized). */
export const TagParams = z.object({
  tag: z
    .string()
    .refine((tag) => isValidTag(normalizeTag(tag)), { error: REFUSAL_MESSAGES.invalidTag })
    .transform(normalizeTag),
});

/** What follows the `#` or `@` typed so far (possibly nothing); longer input is cut, not refused. */
const TypeaheadQuery = z.object({ q: z.string().default('') });

export const tagsRoutes = {
  'tags.posts': route({
    ...at('tags.posts'), tag: 'tags', auth: true,
    summary: 'Posts whose text carries the tag, newest first, as the viewer may see them (community posts for its members).',
    params: TagParams, query: PageQuery, response: PostPage, errors: [400, 401],
  }),
  'tags.trending': route({
    ...at('tags.trending'), tag: 'tags', auth: true,
    summary: 'The tags of the most posts the viewer may see in the last TRENDING_TAGS_WINDOW_DAYS days, most first.',
    response: z.object({ tags: z.array(TagCount) }), errors: [401],
  }),
  'tags.suggest': route({
    ...at('tags.suggest'), tag: 'tags', auth: true,
    summary: 'Type-ahead after `#`: known tags starting with `q`, most used first.',
    query: TypeaheadQuery, response: z.object({ tags: z.array(TagCount).max(TYPEAHEAD_LIMIT) }), errors: [401],
  }),
  'mentions.suggest': route({
    ...at('mentions.suggest'), tag: 'tags', auth: true,
    summary: 'Type-ahead after `@`: people whose username or name starts with `q`, those the viewer follows first; never someone blocked either way.',
    query: TypeaheadQuery, response: z.object({ users: z.array(UserSummary).max(TYPEAHEAD_LIMIT) }), errors: [401],
  }),
} as const;
