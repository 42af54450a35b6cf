// Reports and moderation (issue 18, README.md): who moderates an item, the reports, the queues,
// the actions (dismiss, remove, suspend, unsuspend) and the log. Every action and its log line
// are one transaction; the routes (routes.ts) check who may act and publish the live signals.
import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  NOT_FOUND_MESSAGES,
  PAGE_SIZES,
  REFUSAL_MESSAGES,
  type CaseReport,
  type ModerationAction,
  type ModerationCase,
  type ReportInput,
  type ReportTargetKind,
} from '@pitlane/api/contract';
import type { z } from 'zod';
import type { ModerationActionKind, Removal, ReportReason } from '@pitlane/api/contract';
import type { Db, Tx } from '../../db/client.ts';
import { postgresErrorCode } from '../../db/errors.ts';
import { isId } from '../../db/ids.ts';
import { communities, moderationLog, notifications, reports, sessions, users, type User } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import { deleteComment } from '../comments/service.ts';
import type { MediaTransaction } from '../media/media.ts';
import { deletePost, findPost } from '../posts/service.ts';
import { blockedEitherWay } from '../safety/hidden.ts';
import { mustSeePerson, postUnavailable } from '../safety/service.ts';
import { summaryOf } from '../users/service.ts';

const postNotFound = () => new HttpError(404, NOT_FOUND_MESSAGES.post);
const commentNotFound = () => new HttpError(404, REFUSAL_MESSAGES.commentNotFound);
const userNotFound = () => new HttpError(404, NOT_FOUND_MESSAGES.user);
export const noOpenReports = () => new HttpError(404, NOT_FOUND_MESSAGES.noOpenReports);
export const moderatorsOnly = () => new HttpError(403, REFUSAL_MESSAGES.moderatorsOnly);
export const operatorsOnly = () => new HttpError(403, REFUSAL_MESSAGES.operatorsOnly);

type Reported = z.output<typeof ReportInput>;

/** Where a report goes: the item as the reports table holds it. */
interface ReportedItem {
  postId: string | null;
  commentId: string | null;
  subjectId: string;
  /** The community's queue, or null: the site's. */
  communityId: string | null;
}

/** A comment with what a report or a removal needs of it and its post. */
async function findComment(db: Db, commentId: string, viewerId?: string) {
  if (!isId(commentId)) return null;
  const result = await db.execute<{
    id: string;
    author_id: string;
    text: string;
    post_id: string;
    post_author_id: string;
    community_id: string | null;
    author_hidden: boolean;
    post_hidden: boolean;
  }>(sql`
    select c.id, c.author_id, c.text, c.post_id, p.author_id as post_author_id, p.community_id,
      ${viewerId === undefined ? sql`false` : blockedEitherWay(sql`c.author_id`, viewerId)} as author_hidden,
      ${viewerId === undefined ? sql`false` : blockedEitherWay(sql`p.author_id`, viewerId)} as post_hidden
    from comments c join posts p on p.id = c.post_id
    where c.id = ${commentId}`);
  return result.rows[0] ?? null;
}

/**
 * The reported item as `viewerId` may see it: 404 with the message the item's own page would
 * answer (gone, or a block pair's or a suspended person's), 400 for one's own.
 */
async function reportedItem(db: Db, report: Reported, viewerId: string): Promise<ReportedItem> {
  const own = () => new HttpError(400, REFUSAL_MESSAGES.cannotReportOwn);
  if (report.kind === 'post') {
    const post = await findPost(db, report.targetId, { viewerId });
    if (!post) throw postNotFound();
    if (post.blockedWithViewer) throw postUnavailable();
    if (post.authorId === viewerId) throw own();
    return { postId: post.id, commentId: null, subjectId: post.authorId, communityId: post.communityId };
  }
  if (report.kind === 'comment') {
    const comment = await findComment(db, report.targetId, viewerId);
    if (!comment) throw commentNotFound();
    if (comment.post_hidden) throw postUnavailable();
    if (comment.author_hidden) throw commentNotFound();
    if (comment.author_id === viewerId) throw own();
    return { postId: comment.post_id, commentId: comment.id, subjectId: comment.author_id, communityId: comment.community_id };
  }
  if (report.targetId === viewerId) throw own();
  const person = await mustSeePerson(db, report.targetId, viewerId);
  return { postId: null, commentId: null, subjectId: person.id, communityId: null };
}

/**
 * `reporterId` reports the item: 404 / 400 as `reportedItem`, 409 `alreadyReported` for a second
 * report of the same item by the same person (the unique index decides, so two at once give one).
 */
export async function createReport(db: Db, report: Reported, reporterId: string): Promise<void> {
  const item = await reportedItem(db, report, reporterId);
  let inserted: unknown[];
  try {
    inserted = await db
      .insert(reports)
      .values({ reporterId, kind: report.kind, targetId: report.targetId, ...item, reason: report.reason, details: report.details })
      .onConflictDoNothing()
      .returning({ id: reports.id });
  } catch (error) {
    // Deleted between the read and the insert (the foreign keys).
    if (postgresErrorCode(error) === '23503') throw report.kind === 'post' ? postNotFound() : report.kind === 'comment' ? commentNotFound() : userNotFound();
    throw error;
  }
  if (inserted.length === 0) throw new HttpError(409, REFUSAL_MESSAGES.alreadyReported);
}

// ---------------------------------------------------------------------------------------------
// Who moderates what.

/** An item's moderation scope: its community (with its creator) or the site (null). */
export interface Scope {
  community: { id: string; name: string; creatorId: string } | null;
}

/** May `user` act on items of `scope`? The community's creator and operators; the site's: operators. */
export function moderates(user: User, scope: Scope): boolean {
  return user.operator || (scope.community !== null && scope.community.creatorId === user.id);
}

async function communityScope(db: Db, communityId: string | null): Promise<Scope> {
  if (communityId === null) return { community: null };
  const [row] = await db
    .select({ id: communities.id, name: communities.name, creatorId: communities.creatorId })
    .from(communities)
    .where(eq(communities.id, communityId));
  return { community: row ?? null };
}

/** The community (id, name, creator) or 404 `community`. */
export async function mustFindCommunity(db: Db, id: string): Promise<NonNullable<Scope['community']>> {
  const scope = isId(id) ? await communityScope(db, id) : { community: null };
  if (!scope.community) throw new HttpError(404, NOT_FOUND_MESSAGES.community);
  return scope.community;
}

/** The scope of the item `kind`/`targetId`: 404 when it does not exist. */
export async function scopeOf(db: Db, kind: ReportTargetKind, targetId: string): Promise<Scope> {
  if (kind === 'post') {
    const post = await findPost(db, targetId);
    if (!post) throw postNotFound();
    return communityScope(db, post.communityId);
  }
  if (kind === 'comment') {
    const comment = await findComment(db, targetId);
    if (!comment) throw commentNotFound();
    return communityScope(db, comment.community_id);
  }
  if (!isId(targetId)) throw userNotFound();
  const [person] = await db.select({ id: users.id }).from(users).where(eq(users.id, targetId));
  if (!person) throw userNotFound();
  return { community: null };
}

// ---------------------------------------------------------------------------------------------
// Actions.

/** Closes the item's open reports; how many. */
async function closeReports(tx: Tx, kind: ReportTargetKind, targetId: string): Promise<number> {
  const closed = await tx
    .update(reports)
    .set({ closedAt: sql`now()` })
    .where(and(eq(reports.kind, kind), eq(reports.targetId, targetId), isNull(reports.closedAt)))
    .returning({ id: reports.id });
  return closed.length;
}

interface LogLine {
  action: ModerationActionKind;
  kind: ReportTargetKind;
  targetId: string;
  actor: User;
  subject: Pick<User, 'id' | 'username' | 'fullName'>;
  community: { id: string; name: string } | null;
  excerpt: string;
  reason: string;
  reportCount: number;
}

async function writeLog(tx: Tx, line: LogLine): Promise<void> {
  await tx.insert(moderationLog).values({
    action: line.action,
    kind: line.kind,
    targetId: line.targetId,
    actorId: line.actor.id,
    actorUsername: line.actor.username,
    actorFullName: line.actor.fullName,
    subjectId: line.subject.id,
    subjectUsername: line.subject.username,
    subjectFullName: line.subject.fullName,
    communityId: line.community?.id ?? null,
    communityName: line.community?.name ?? null,
    excerpt: line.excerpt,
    reason: line.reason,
    reportCount: line.reportCount,
  });
}

/** Dismisses the item's open reports (404 `noOpenReports` when there are none) and logs it. */
export async function dismissReports(tx: Tx, moderator: User, kind: ReportTargetKind, targetId: string, scope: Scope): Promise<void> {
  const count = await closeReports(tx, kind, targetId);
  if (count === 0) throw noOpenReports();
  const subject = await subjectOf(tx, kind, targetId);
  await writeLog(tx, {
    action: 'dismissed',
    kind,
    targetId,
    actor: moderator,
    subject: subject.user,
    community: scope.community,
    excerpt: subject.excerpt,
    reason: '',
    reportCount: count,
  });
}

/** The item's author (or the person) and its excerpt as the log keeps it. */
async function subjectOf(tx: Tx, kind: ReportTargetKind, targetId: string): Promise<{ user: User; excerpt: string }> {
  const excerpt =
    kind === 'post'
      ? sql<string>`(select p.title from posts p where p.id = ${targetId})`
      : kind === 'comment'
        ? sql<string>`(select c.text from comments c where c.id = ${targetId})`
        : sql<string>`''`;
  const author =
    kind === 'post'
      ? sql`(select p.author_id from posts p where p.id = ${targetId})`
      : kind === 'comment'
        ? sql`(select c.author_id from comments c where c.id = ${targetId})`
        : sql`${targetId}::uuid`;
  const [row] = await tx.select({ user: users, excerpt }).from(users).where(sql`${users.id} = ${author}`);
  if (!row) throw noOpenReports();
  return { user: row.user, excerpt: row.excerpt ?? '' };
}

/**
 * Removes the post or comment through the same path as its author's delete (posts/service.ts
 * deletePost, comments/service.ts deleteComment), after closing its open reports (404
 * `noOpenReports` when there are none: another moderator was first); tells its author why in a
 * `removed` notification and logs it. Returns the author's id (for the live signal), or null
 * when the moderator removed their own content (no notification then).
 */
export async function removeContent(
  tx: Tx,
  media: MediaTransaction,
  moderator: User,
  kind: 'post' | 'comment',
  targetId: string,
  reason: string,
): Promise<string | null> {
  // The post row is held first (as every delete of a post or its comments does), then read again.
  let postId: string;
  if (kind === 'post') {
    postId = targetId;
  } else {
    const comment = await findComment(tx, targetId);
    if (!comment) throw noOpenReports();
    postId = comment.post_id;
  }
  const post = await findPost(tx, postId, { lock: true });
  if (!post) throw noOpenReports();
  const scope = await communityScope(tx, post.communityId);
  if (!moderates(moderator, scope)) throw moderatorsOnly();
  const count = await closeReports(tx, kind, targetId);
  if (count === 0) throw noOpenReports();
  const subject = await subjectOf(tx, kind, targetId);

  const removed = kind === 'post' ? await deletePost(tx, media, targetId) : await deleteComment(tx, targetId, postId);
  if (!removed) throw noOpenReports();

  const community = scope.community ? { id: scope.community.id, name: scope.community.name } : null;
  const removal: Removal = { kind, excerpt: subject.excerpt, community: community ? { _id: community.id, name: community.name } : null, reason };
  const notified = subject.user.id !== moderator.id;
  if (notified) {
    await tx.insert(notifications).values({ type: 'removed', senderId: moderator.id, recipientId: subject.user.id, postId: null, removal });
  }
  await writeLog(tx, { action: 'removed', kind, targetId, actor: moderator, subject: subject.user, community, excerpt: subject.excerpt, reason, reportCount: count });
  return notified ? subject.user.id : null;
}

/**
 * Suspends `person` with `reason`: every session ends, the open reports on the person close, a
 * log line. Already suspended: no change and no line (false).
 */
export async function suspendAccount(tx: Tx, operator: User, person: User, reason: string): Promise<boolean> {
  const [changed] = await tx
    .update(users)
    .set({ suspendedAt: sql`now()`, suspensionReason: reason })
    .where(and(eq(users.id, person.id), isNull(users.suspendedAt)))
    .returning({ id: users.id });
  if (!changed) return false;
  await tx.delete(sessions).where(eq(sessions.userId, person.id));
  const count = await closeReports(tx, 'user', person.id);
  await writeLog(tx, { action: 'suspended', kind: 'user', targetId: person.id, actor: operator, subject: person, community: null, excerpt: '', reason, reportCount: count });
  return true;
}

/** Lifts `person`'s suspension, with a log line. Not suspended: no change and no line (false). */
export async function unsuspendAccount(tx: Tx, operator: User, person: User): Promise<boolean> {
  const [changed] = await tx
    .update(users)
    .set({ suspendedAt: null, suspensionReason: '' })
    .where(and(eq(users.id, person.id), sql`${users.suspendedAt} is not null`))
    .returning({ id: users.id });
  if (!changed) return false;
  await writeLog(tx, { action: 'unsuspended', kind: 'user', targetId: person.id, actor: operator, subject: person, community: null, excerpt: '', reason: '', reportCount: 0 });
  return true;
}

// ---------------------------------------------------------------------------------------------
// The queues.

const suspended = sql`array(select u.id from users u where u.suspended_at is not null)`;

/**
 * A page of a queue: the community's (`communityId`) or the site's (null). One case per item with
 * open reports, the longest waiting (oldest open report) first; each case's reports newest
 * first. Reports by suspended people are left out; so are the cases of suspended authors, except
 * for operators (`authorSuspended`). Three statements for a page, whatever its size.
 */
export async function queuePage(db: Db, communityId: string | null, operator: boolean, page: number): Promise<{ cases: ModerationCase[]; totalPages: number }> {
  const size = PAGE_SIZES.moderationQueue;
  const inScope: SQL = communityId === null ? sql`r.community_id is null` : sql`r.community_id = ${communityId}`;
  const shown = sql`${inScope} and r.closed_at is null and r.reporter_id <> all(${suspended})
    ${operator ? sql`` : sql`and r.subject_id <> all(${suspended})`}`;
  const result = await db.execute<{ kind: ReportTargetKind; target_id: string; total: number | string }>(sql`
    select r.kind, r.target_id, count(*) over () as total
    from reports r where ${shown}
    group by r.kind, r.target_id
    order by min(r.created_at), r.kind, r.target_id
    limit ${size} offset ${(page - 1) * size}`);
  const total = Number(result.rows[0]?.total ?? 0);
  const keys = result.rows.map((row) => ({ kind: row.kind, targetId: row.target_id }));
  if (keys.length === 0) {
    // Past the last page, the count still comes from a page of its own.
    const counted = page > 1 ? await db.execute<{ total: number | string }>(sql`select count(distinct (r.kind, r.target_id)) as total from reports r where ${shown}`) : null;
    return { cases: [], totalPages: Math.ceil(Number(counted?.rows[0]?.total ?? 0) / size) };
  }
  const targetIds = keys.map((key) => key.targetId);

  const reportRows = await db
    .select({ report: reports, reporter: users })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .where(and(inArray(reports.targetId, targetIds), isNull(reports.closedAt), sql`${users.suspendedAt} is null`))
    .orderBy(desc(reports.createdAt), desc(reports.id));

  const items = await db.execute<{
    kind: ReportTargetKind;
    target_id: string;
    author: string;
    community_id: string | null;
    community_name: string | null;
    title: string;
    text: string;
    image_url: string | null;
    post_id: string | null;
  }>(sql`
    select k.kind, k.target_id, coalesce(p.author_id, c.author_id, k.target_id::uuid) as author,
      coalesce(p.community_id, cp.community_id) as community_id,
      (select name::text from communities where id = coalesce(p.community_id, cp.community_id)) as community_name,
      coalesce(p.title, cp.title, '') as title,
      coalesce(p.content, c.text, '') as text,
      case when k.kind = 'post' then (select i.url from post_images i where i.post_id = p.id order by i.position limit 1)
           when k.kind = 'user' then (select u.profile_picture_url from users u where u.id = k.target_id::uuid) end as image_url,
      coalesce(p.id, c.post_id) as post_id
    from jsonb_to_recordset(${JSON.stringify(keys.map((key) => ({ kind: key.kind, target_id: key.targetId })))}::jsonb) as k(kind text, target_id text)
    left join posts p on k.kind = 'post' and p.id = k.target_id::uuid
    left join comments c on k.kind = 'comment' and c.id = k.target_id::uuid
    left join posts cp on cp.id = c.post_id`);
  const authorIds = [...new Set(items.rows.map((row) => row.author))];
  const authors = authorIds.length === 0 ? [] : await db.select().from(users).where(inArray(users.id, authorIds));
  const authorById = new Map(authors.map((author) => [author.id, author]));
  const itemByKey = new Map(items.rows.map((row) => [`${row.kind}:${row.target_id}`, row]));

  const cases: ModerationCase[] = [];
  for (const key of keys) {
    const item = itemByKey.get(`${key.kind}:${key.targetId}`);
    const author = item ? authorById.get(item.author) : undefined;
    const caseReports: CaseReport[] = reportRows
      .filter((row) => row.report.kind === key.kind && row.report.targetId === key.targetId)
      .map((row) => ({ reason: row.report.reason as ReportReason, details: row.report.details, reporter: summaryOf(row.reporter), createdAt: row.report.createdAt.toISOString() }));
    // (Deleted between the statements: left out of this page.)
    if (!item || !author || caseReports.length === 0) continue;
    cases.push({
      kind: key.kind,
      targetId: key.targetId,
      author: summaryOf(author),
      authorSuspended: author.suspendedAt !== null,
      community: item.community_id && item.community_name !== null ? { _id: item.community_id, name: item.community_name } : null,
      title: key.kind === 'user' ? '' : item.title,
      text: key.kind === 'user' ? '' : item.text,
      imageUrl: item.image_url ?? '',
      postId: item.post_id,
      reports: caseReports,
      firstReportedAt: caseReports.at(-1)!.createdAt,
    });
  }
  return { cases, totalPages: Math.ceil(total / size) };
}

// ---------------------------------------------------------------------------------------------
// The log.

/** A page of the log, newest first: the people as they are now, or as they were when deleted since. */
export async function logPage(db: Db, page: number): Promise<{ actions: ModerationAction[]; totalPages: number }> {
  const size = PAGE_SIZES.moderationLog;
  const actor = sql`(select row_to_json(a) from (select u.id, u.username::text, u.full_name, u.profile_picture_url from users u where u.id = ${moderationLog.actorId}) a)`;
  const subject = sql`(select row_to_json(s) from (select u.id, u.username::text, u.full_name, u.profile_picture_url from users u where u.id = ${moderationLog.subjectId}) s)`;
  type Now = { id: string; username: string; full_name: string; profile_picture_url: string | null } | string | null;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ line: moderationLog, actorNow: sql<Now>`${actor}`, subjectNow: sql<Now>`${subject}` })
      .from(moderationLog)
      .orderBy(desc(moderationLog.createdAt), desc(moderationLog.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ total: sql<number | string>`count(*)` }).from(moderationLog),
  ]);
  const person = (now: Now, id: string, username: string, fullName: string) => {
    const live = typeof now === 'string' ? (JSON.parse(now) as Exclude<Now, string>) : now;
    return live
      ? { _id: live.id, username: live.username, fullName: live.full_name, profilePictureUrl: live.profile_picture_url ?? '' }
      : { _id: id, username, fullName, profilePictureUrl: '' };
  };
  return {
    actions: rows.map(({ line, actorNow, subjectNow }) => ({
      _id: line.id,
      action: line.action,
      kind: line.kind,
      targetId: line.targetId,
      actor: person(actorNow, line.actorId, line.actorUsername, line.actorFullName),
      subject: person(subjectNow, line.subjectId, line.subjectUsername, line.subjectFullName),
      community: line.communityId !== null && line.communityName !== null ? { _id: line.communityId, name: line.communityName } : null,
      excerpt: line.excerpt,
      reason: line.reason,
      reportCount: line.reportCount,
      createdAt: line.createdAt.toISOString(),
    })),
    totalPages: Math.ceil(Number(counted?.total ?? 0) / size),
  };
}
