// Reports and moderation (issue 18), as contract/routes/moderation.ts states the rules: anyone
// signed in reports what they can see (once per item, never their own); a community's posts and
// their comments are moderated by its creator and the operators, everything else (profile
// posts, their comments, people) by the operators; dismiss, remove and suspend close the open
// reports, and every action is written to the log once. Suspended people are hidden by
// backend/hiding.ts and refused at sign-in by backend/auth.ts.
import { NOT_FOUND_MESSAGES, PAGE_SIZES, REFUSAL_MESSAGES, SUCCESS_MESSAGES, type ModerationActionKind, type ReportTargetKind } from '../../contract/index.ts';
import type { MockModerationAction, MockReport, MockUser } from '../state.ts';
import { refuse, type DomainRoutes } from './context.ts';
import { byNewest, paginate, type World } from './world.ts';

/** What a report is about, resolved: who wrote it, where it is moderated, and what the moderator reads. */
interface Target {
  kind: ReportTargetKind;
  id: string;
  authorId: string;
  /** The community whose creator moderates it; null: the site's operators. */
  communityId: string | null;
  title: string;
  text: string;
  imageUrl: string;
  postId: string | null;
  /** What the log and a removal notice quote: the post's title, the comment's text, '' for a person. */
  excerpt: string;
}

const DELETED_USER = { _id: 'deleted', username: 'deleted', fullName: 'Deleted account', profilePictureUrl: '' };

export function moderationRoutes(world: World): DomainRoutes<'reports' | 'moderation'> {
  const { state, reports, moderationLog, sessions, now, newId, userById, mustUser, mustPost, mustCommunity, communityById, summary, mustSeePost, mustSeePerson, isBlockPair, isSuspended, deletePost, notify } = world;

  /** The item as it is now, or undefined when it is gone (deleted, or its post was). */
  function findTarget(kind: ReportTargetKind, id: string): Target | undefined {
    if (kind === 'user') {
      const user = userById(id);
      return user && { kind, id, authorId: user.id, communityId: null, title: '', text: '', imageUrl: user.profilePictureUrl, postId: null, excerpt: '' };
    }
    if (kind === 'post') {
      const p = state.posts.find((x) => x.id === id);
      return p && { kind, id, authorId: p.authorId, communityId: p.communityId, title: p.title, text: p.content, imageUrl: p.imageUrls[0] ?? '', postId: p.id, excerpt: p.title };
    }
    const c = state.comments.find((x) => x.id === id);
    const p = c && state.posts.find((x) => x.id === c.postId);
    return c && p && { kind, id, authorId: c.authorId, communityId: p.communityId, title: p.title, text: c.text, imageUrl: '', postId: p.id, excerpt: c.text };
  }

  /** What the reporter can see, answering the 404 the other calls answer for it. */
  function mustSeeTarget(viewer: MockUser, kind: ReportTargetKind, id: string): Target {
    if (kind === 'user') {
      mustUser(id);
      mustSeePerson(viewer, id);
    } else if (kind === 'post') {
      mustSeePost(viewer, mustPost(id).authorId);
    } else {
      const c = state.comments.find((x) => x.id === id) ?? refuse(404, REFUSAL_MESSAGES.commentNotFound);
      mustSeePost(viewer, mustPost(c.postId).authorId);
      // A hidden person's comment is not in the viewer's list of the post's comments.
      if (isBlockPair(viewer.id, c.authorId) || isSuspended(c.authorId)) refuse(404, REFUSAL_MESSAGES.commentNotFound);
    }
    return findTarget(kind, id)!;
  }

  const isOperator = (viewer: MockUser) => viewer.operator === true;
  const moderates = (viewer: MockUser, communityId: string | null) =>
    isOperator(viewer) || (communityId !== null && communityById(communityId)?.creatorId === viewer.id);
  const communityRef = (communityId: string | null) => {
    const c = communityId === null ? undefined : communityById(communityId);
    return c ? { _id: c.id, name: c.name } : null;
  };
  const openReportsOn = (kind: ReportTargetKind, id: string) => reports.filter((r) => r.closedAt === null && r.kind === kind && r.targetId === id);

  /** The open cases of one queue, the longest waiting first; each case's reports newest first. */
  function queue(inQueue: (target: Target) => boolean, viewer: MockUser) {
    const groups = new Map<string, MockReport[]>();
    for (const r of reports) {
      if (r.closedAt !== null || !userById(r.reporterId)) continue;
      const key = `${r.kind}:${r.targetId}`;
      groups.set(key, [...(groups.get(key) ?? []), r]);
    }
    const cases = [];
    for (const open of groups.values()) {
      const target = findTarget(open[0]!.kind, open[0]!.targetId);
      if (!target || !inQueue(target)) continue;
      const authorSuspended = isSuspended(target.authorId);
      // A suspended author's case is for operators only.
      if (authorSuspended && !isOperator(viewer)) continue;
      const newest = [...open].sort(byNewest);
      cases.push({
        kind: target.kind,
        targetId: target.id,
        author: summary(mustUser(target.authorId)),
        authorSuspended,
        community: communityRef(target.communityId),
        title: target.title,
        text: target.text,
        imageUrl: target.imageUrl,
        postId: target.postId,
        reports: newest.map((r) => ({ reason: r.reason, details: r.details, reporter: summary(mustUser(r.reporterId)), createdAt: r.createdAt })),
        firstReportedAt: newest[newest.length - 1]!.createdAt,
      });
    }
    return cases.sort((a, b) => (a.firstReportedAt < b.firstReportedAt ? -1 : a.firstReportedAt > b.firstReportedAt ? 1 : 0));
  }

  /** Close the item's open reports; how many there were. */
  function closeReports(kind: ReportTargetKind, id: string, at: string): number {
    const open = openReportsOn(kind, id);
    for (const r of open) r.closedAt = at;
    return open.length;
  }

  function log(action: ModerationActionKind, target: Target, actor: MockUser, reason: string, reportCount: number, at: string): void {
    const line: MockModerationAction = {
      id: newId('moderation'),
      action,
      kind: target.kind,
      targetId: target.id,
      actorId: actor.id,
      subjectId: target.authorId,
      community: communityRef(target.communityId),
      excerpt: target.excerpt,
      reason,
      reportCount,
      createdAt: at,
    };
    moderationLog.push(line);
  }

  /** A case's item, for its moderators, with open reports. */
  function mustModerate(viewer: MockUser, kind: ReportTargetKind, id: string): Target {
    // Gone meanwhile (deleted by its author): nothing is open any more.
    const target = findTarget(kind, id) ?? refuse(404, NOT_FOUND_MESSAGES.noOpenReports);
    if (!moderates(viewer, target.communityId)) refuse(403, REFUSAL_MESSAGES.moderatorsOnly);
    if (openReportsOn(kind, id).length === 0) refuse(404, NOT_FOUND_MESSAGES.noOpenReports);
    return target;
  }

  const mustOperate = (viewer: MockUser) => {
    if (!isOperator(viewer)) refuse(403, REFUSAL_MESSAGES.operatorsOnly);
  };

  return {
    'reports.create': ({ body, viewer }) => {
      const target = mustSeeTarget(viewer, body.kind, body.targetId);
      if (target.authorId === viewer.id) refuse(400, REFUSAL_MESSAGES.cannotReportOwn);
      if (reports.some((r) => r.reporterId === viewer.id && r.kind === target.kind && r.targetId === target.id)) refuse(409, REFUSAL_MESSAGES.alreadyReported);
      reports.push({ id: newId('report'), reporterId: viewer.id, kind: target.kind, targetId: target.id, reason: body.reason, details: body.details, createdAt: now(), closedAt: null });
      return { message: SUCCESS_MESSAGES.reportSent };
    },

    'moderation.communityQueue': ({ params, query, viewer }) => {
      const c = mustCommunity(params.id);
      if (!moderates(viewer, c.id)) refuse(403, REFUSAL_MESSAGES.moderatorsOnly);
      const { items, totalPages } = paginate(queue((t) => t.communityId === c.id, viewer), query.page, PAGE_SIZES.moderationQueue);
      return { cases: items, totalPages };
    },

    'moderation.siteQueue': ({ query, viewer }) => {
      mustOperate(viewer);
      const { items, totalPages } = paginate(queue((t) => t.communityId === null, viewer), query.page, PAGE_SIZES.moderationQueue);
      return { cases: items, totalPages };
    },

    'moderation.dismiss': ({ params, viewer }) => {
      const target = mustModerate(viewer, params.kind, params.targetId);
      const at = now();
      log('dismissed', target, viewer, '', closeReports(target.kind, target.id, at), at);
      return { message: SUCCESS_MESSAGES.reportsDismissed };
    },

    'moderation.remove': ({ params, body, viewer }) => {
      const target = mustModerate(viewer, params.kind, params.targetId);
      const at = now();
      const count = closeReports(target.kind, target.id, at);
      if (target.kind === 'post') {
        // Its comments go with it, and so do their reports.
        for (const c of state.comments.filter((x) => x.postId === target.id)) closeReports('comment', c.id, at);
        deletePost(target.id);
      } else {
        state.comments = state.comments.filter((c) => c.id !== target.id);
      }
      const kind = target.kind === 'post' ? 'post' : 'comment';
      notify('removed', viewer.id, target.authorId, null, { removal: { kind, excerpt: target.excerpt, community: communityRef(target.communityId), reason: body.reason } });
      log('removed', target, viewer, body.reason, count, at);
      return { message: SUCCESS_MESSAGES.contentRemoved };
    },

    'moderation.suspend': ({ params, body, viewer }) => {
      mustOperate(viewer);
      const person = mustUser(params.userId);
      if (person.id === viewer.id) refuse(400, REFUSAL_MESSAGES.cannotSuspendSelf);
      if (person.operator === true) refuse(400, REFUSAL_MESSAGES.cannotSuspendOperator);
      if (person.suspended !== true) {
        person.suspended = true;
        for (const [token, id] of sessions) if (id === person.id) sessions.delete(token);
        const at = now();
        const target = findTarget('user', person.id)!;
        log('suspended', target, viewer, body.reason, closeReports('user', person.id, at), at);
      }
      return { message: SUCCESS_MESSAGES.accountSuspended };
    },

    'moderation.unsuspend': ({ params, viewer }) => {
      mustOperate(viewer);
      const person = mustUser(params.userId);
      if (person.suspended === true) {
        delete person.suspended;
        log('unsuspended', findTarget('user', person.id)!, viewer, '', 0, now());
      }
      return { message: SUCCESS_MESSAGES.suspensionLifted };
    },

    'moderation.log': ({ query, viewer }) => {
      mustOperate(viewer);
      const person = (id: string) => {
        const u = userById(id);
        return u ? summary(u) : DELETED_USER;
      };
      const { items, totalPages } = paginate([...moderationLog].sort(byNewest), query.page, PAGE_SIZES.moderationLog);
      return {
        actions: items.map((a) => ({
          _id: a.id,
          action: a.action,
          kind: a.kind,
          targetId: a.targetId,
          actor: person(a.actorId),
          subject: person(a.subjectId),
          community: a.community,
          excerpt: a.excerpt,
          reason: a.reason,
          reportCount: a.reportCount,
          createdAt: a.createdAt,
        })),
        totalPages,
      };
    },
  };
}
