// Block and mute (issue 18): the viewer's own lists and the idempotent PUT / DELETE that change
// them. A block hides both people from each other everywhere and ends the follows both ways; a
// mute hides the muted person's posts, comments and notifications from the viewer alone.
import { z } from 'zod';
import { at } from '../endpoints.ts';
import { HiddenUser, HideResult, Id } from '../schemas.ts';
import { EmptyBody, json, route } from './define.ts';

const UserIdParams = z.object({ userId: Id });

export const safetyRoutes = {
  'safety.blocked': route({
    ...at('safety.blocked'), tag: 'safety', auth: true,
    summary: 'The people the viewer blocked, newest first.',
    response: z.array(HiddenUser), errors: [401],
  }),
  'safety.block': route({
    ...at('safety.block'), tag: 'safety', auth: true,
    summary: 'Block a person (again is no change): neither sees the other, and the follows both ways end.',
    params: UserIdParams, body: json(EmptyBody),
    response: HideResult, errors: [400, 401, 404],
  }),
  'safety.unblock': route({
    ...at('safety.unblock'), tag: 'safety', auth: true,
    summary: 'Unblock a person (not blocked is no change). Ended follows stay ended.',
    params: UserIdParams,
    response: HideResult, errors: [401, 404],
  }),
  'safety.muted': route({
    ...at('safety.muted'), tag: 'safety', auth: true,
    summary: 'The people the viewer muted, newest first.',
    response: z.array(HiddenUser), errors: [401],
  }),
  'safety.mute': route({
    ...at('safety.mute'), tag: 'safety', auth: true,
    summary: "Mute a person (again is no change): their posts, comments and notifications leave the viewer's lists. They are not told.",
    params: UserIdParams, body: json(EmptyBody),
    response: HideResult, errors: [400, 401, 404],
  }),
  'safety.unmute': route({
    ...at('safety.unmute'), tag: 'safety', auth: true,
    summary: 'Unmute a person (not muted is no change).',
    params: UserIdParams,
    response: HideResult, errors: [401, 404],
  }),
} as const;
