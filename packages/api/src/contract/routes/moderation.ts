// Reports and moderation (issue 18). Anyone signed in reports a post, a comment or a person, once
// per item. A report on a community's post (or a comment on it) goes to that community's creator;
// everything else (profile posts, their comments, people) goes to the site's operators, who may
// also act on any case. Moderators dismiss a case or remove the content (its author is notified
// with the reason); operators also suspend accounts. Every action is written to a log that can
// be read, never changed.
import { z } from 'zod';
import { MAX_MODERATION_REASON_LENGTH, MAX_REPORT_DETAILS_LENGTH } from '../constants.ts';
import { at } from '../endpoints.ts';
import { REFUSAL_MESSAGES } from '../messages.ts';
import { Id, MessageBody, ModerationLog, ModerationQueue, ReportReason, ReportTargetKind } from '../schemas.ts';
import { EmptyBody, IdParams, json, nonBlank, PageQuery, route } from './define.ts';

/** A report: what, why, and the reporter's words (required for `other`, trimmed). */
export const ReportInput = z
  .object({
    kind: ReportTargetKind,
    targetId: Id,
    reason: z.enum(ReportReason.options, { error: REFUSAL_MESSAGES.reportReasonRequired }),
    details: z.string().trim().max(MAX_REPORT_DETAILS_LENGTH, { error: REFUSAL_MESSAGES.reportDetailsTooLong }).default(''),
  })
  .refine((report) => report.reason !== 'other' || report.details.length > 0, { error: REFUSAL_MESSAGES.reportDetailsRequired, path: ['details'] });
export type ReportInput = z.input<typeof ReportInput>;

/** The reason a moderator gives the author for a removal or a suspension. */
export const ModerationReason = z.object({
  reason: nonBlank(REFUSAL_MESSAGES.moderationReasonRequired).max(MAX_MODERATION_REASON_LENGTH, { error: REFUSAL_MESSAGES.moderationReasonTooLong }),
});
export type ModerationReason = z.input<typeof ModerationReason>;

const CaseParams = z.object({ kind: ReportTargetKind, targetId: Id });
const RemovableParams = z.object({ kind: z.enum(['post', 'comment']), targetId: Id });
const UserIdParams = z.object({ userId: Id });

export const moderationRoutes = {
  'reports.create': route({
    ...at('reports.create'), tag: 'moderation', auth: true, status: 201,
    summary: 'Report a post, a comment or a person to its moderators. One report per person per item (409 after).',
    body: json(ReportInput),
    response: MessageBody, errors: [400, 401, 404, 409],
  }),
  'moderation.communityQueue': route({
    ...at('moderation.communityQueue'), tag: 'moderation', auth: true,
    summary: "The open reports on a community's posts and their comments, one case per item, the longest waiting first. Its creator and operators only.",
    params: IdParams, query: PageQuery,
    response: ModerationQueue, errors: [400, 401, 403, 404],
  }),
  'moderation.siteQueue': route({
    ...at('moderation.siteQueue'), tag: 'moderation', auth: true,
    summary: 'The open reports outside communities (profile posts, their comments, people), one case per item, the longest waiting first. Operators only.',
    query: PageQuery,
    response: ModerationQueue, errors: [400, 401, 403],
  }),
  'moderation.dismiss': route({
    ...at('moderation.dismiss'), tag: 'moderation', auth: true,
    summary: "Close an item's open reports without acting on it. Its moderators only; logged.",
    params: CaseParams, body: json(EmptyBody),
    response: MessageBody, errors: [400, 401, 403, 404],
  }),
  'moderation.remove': route({
    ...at('moderation.remove'), tag: 'moderation', auth: true,
    summary: "Remove a reported post or comment and close its reports; the author is notified with the reason. Its moderators only; logged.",
    params: RemovableParams, body: json(ModerationReason),
    response: MessageBody, errors: [400, 401, 403, 404],
  }),
  'moderation.suspend': route({
    ...at('moderation.suspend'), tag: 'moderation', auth: true,
    summary: "Suspend an account (again is no change): it cannot sign in, its sessions end, and what it wrote is hidden from everyone but operators. Closes the reports on the person. Operators only; logged.",
    params: UserIdParams, body: json(ModerationReason),
    response: MessageBody, errors: [400, 401, 403, 404],
  }),
  'moderation.unsuspend': route({
    ...at('moderation.unsuspend'), tag: 'moderation', auth: true,
    summary: 'Lift a suspension (not suspended is no change). Operators only; logged.',
    params: UserIdParams,
    response: MessageBody, errors: [401, 403, 404],
  }),
  'moderation.log': route({
    ...at('moderation.log'), tag: 'moderation', auth: true,
    summary: 'Every moderation action, newest first. Operators only. It cannot be changed.',
    query: PageQuery,
    response: ModerationLog, errors: [400, 401, 403],
  }),
} as const;
