// Writes a plan into the database in ONE transaction (all or nothing, so a failed run leaves
// nothing half-seeded behind), through the product's schema and its own services: notifications
// by `notify`, trending scores by `refreshTrendingScore`, reports by `createReport` and the
// operator's dismissal by `dismissReports`.
import { randomUUID } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { mentionsIn, ReportInput, tagsIn } from '@pitlane/api/contract';
import type { Db, Tx } from '../../src/db/client.ts';
import { inTransaction } from '../../src/db/transaction.ts';
import { blocks, carLogEntries, carLogImages, cars, comments, communities, communityMembers, follows, likes, meetRsvps, meets, mutes, postImages, posts, reports, savedPosts, users } from '../../src/db/schema.ts';
import { sendMeetReminders } from '../../src/modules/meets/service.ts';
import { createReport, dismissReports, moderates, scopeOf } from '../../src/modules/moderation/service.ts';
import { notify } from '../../src/modules/notifications/service.ts';
import { keepPostTags, notifyMentions, postText } from '../../src/modules/tags/service.ts';
import { newPostTrendingScore, refreshTrendingScore } from '../../src/modules/posts/trending.ts';
import type { StoredPictures } from './pictures.ts';
import { plannedNotifications, type SeedPlan } from './plan.ts';
import type { ReportTarget } from './plan-reports.ts';
import { ago, UNREAD_WITHIN } from './time.ts';

/** Rows per INSERT: well under PostgreSQL's 65 535 parameters per statement. */
const CHUNK = 1000;

async function insertChunked<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) await insert(rows.slice(start, start + CHUNK));
}

export interface RowCounts {
  users: number;
  follows: number;
  communities: number;
  members: number;
  posts: number;
  images: number;
  likes: number;
  comments: number;
  saves: number;
  blocks: number;
  mutes: number;
  cars: number;
  logEntries: number;
  notifications: number;
  unread: number;
  demoUnread: number;
  reports: number;
  /** Items with open reports: the cases in the queues. */
  openCases: number;
  /** Lines of the moderation log (the operator's dismissals). */
  moderationLog: number;
  /** The posts' tags (post_tags rows), and the mention notifications sent (issue 21). */
  tags: number;
  mentions: number;
  /** Meets (issue 21), their going / interested answers, and the reminders due already. */
  meets: number;
  meetRsvps: number;
  meetReminders: number;
}

/**
 * Inserts everything. `passwordHash` is every demo user's (one argon2 hash of the demo password:
 * hashing it once per user would only cost time).
 */
export async function insertRows(db: Db, plan: SeedPlan, pictures: StoredPictures, passwordHash: string): Promise<RowCounts> {
  const userIds = plan.people.map(() => randomUUID());
  const communityIds = plan.communities.map(() => randomUUID());
  const postIds = plan.posts.map(() => randomUUID());
  const commentIds = plan.posts.map((post) => post.comments.map(() => randomUUID()));
  const events = plannedNotifications(plan);
  const readBefore = ago(plan.now, UNREAD_WITHIN);
  // Every row is built before the transaction, so nothing can fail after it commits.
  const members = plan.communities.flatMap((c) => c.members.map((m) => ({ communityId: communityIds[c.index]!, userId: userIds[m.person]!, createdAt: m.at })));
  const images = plan.posts.flatMap((post) =>
    pictures.posts[post.index]!.map((image, position) => ({
      postId: postIds[post.index]!,
      position,
      url: image.url,
      width: image.width,
      height: image.height,
      alt: post.imageAlts[position] ?? '',
    })),
  );
  const likeRows = plan.posts.flatMap((post) => post.likes.map((like) => ({ postId: postIds[post.index]!, userId: userIds[like.person]!, createdAt: like.at })));
  const commentRows = plan.posts.flatMap((post) =>
    post.comments.map((comment, i) => ({ id: commentIds[post.index]![i]!, postId: postIds[post.index]!, authorId: userIds[comment.person]!, text: comment.text, createdAt: comment.at })),
  );
  const saveRows = plan.saves.map((save) => ({ userId: userIds[save.person]!, postId: postIds[save.post]!, savedAt: save.at }));
  const blockRows = plan.hides.blocks.map((hide) => ({ blockerId: userIds[hide.person]!, blockedId: userIds[hide.other]!, createdAt: hide.at }));
  const muteRows = plan.hides.mutes.map((hide) => ({ muterId: userIds[hide.person]!, mutedId: userIds[hide.other]!, createdAt: hide.at }));
  // Whom the demo account does not see notifications from (modules/safety/README.md).
  const hiddenFromDemo = new Set([
    ...plan.hides.mutes.filter((hide) => hide.person === 0).map((hide) => hide.other),
    ...plan.hides.blocks.flatMap((hide) => (hide.person === 0 ? [hide.other] : hide.other === 0 ? [hide.person] : [])),
  ]);
  const garage = plan.garages;
  const carIds = garage.cars.map(() => randomUUID());
  const carRows = garage.cars.map((car) => ({
    id: carIds[car.index]!,
    ownerId: userIds[car.owner]!,
    makeId: car.identity.makeId,
    modelId: car.identity.modelId,
    makeName: car.identity.make,
    modelName: car.identity.model,
    year: car.year,
    trim: car.identity.trim,
    colour: car.colour,
    description: car.description,
    current: car.current,
    coverUrl: pictures.carCovers[car.index]!,
    coverAlt: car.coverAlt,
    createdAt: car.createdAt,
    updatedAt: car.createdAt,
  }));
  const logIds = garage.logs.map(() => randomUUID());
  const logRows = garage.logs.map((entry) => ({
    id: logIds[entry.index]!,
    carId: carIds[entry.car]!,
    date: entry.date,
    title: entry.title,
    text: entry.text,
    mileage: entry.mileage,
    mileageUnit: entry.mileageUnit,
    cost: entry.cost === null ? null : entry.cost.toFixed(2),
    currency: entry.currency,
    createdAt: entry.createdAt,
    updatedAt: entry.createdAt,
  }));
  const logImageRows = garage.logs.flatMap((entry) =>
    (pictures.logs[entry.index] ?? []).map((image, position) => ({ entryId: logIds[entry.index]!, position, ...image, alt: entry.imageAlts[position] ?? '' })),
  );
  const meetIds = plan.meets.map(() => randomUUID());
  const meetRows = plan.meets.map((meet) => ({
    id: meetIds[meet.index]!,
    communityId: communityIds[meet.community]!,
    creatorId: userIds[meet.creator]!,
    title: meet.title,
    description: meet.description,
    startsAt: meet.startsAt,
    endsAt: meet.endsAt,
    timeZone: meet.timeZone,
    address: meet.address,
    latitude: meet.latitude,
    longitude: meet.longitude,
    coverUrl: pictures.meetCovers[meet.index] ?? null,
    coverAlt: pictures.meetCovers[meet.index] ? meet.coverAlt : '',
    status: meet.cancelled ? ('cancelled' as const) : ('scheduled' as const),
    createdAt: meet.createdAt,
    updatedAt: meet.createdAt,
  }));
  const meetRsvpRows = plan.meets.flatMap((meet) => meet.rsvps.map((answer) => ({ meetId: meetIds[meet.index]!, userId: userIds[answer.person]!, rsvp: answer.rsvp, createdAt: answer.at })));
  const counts: RowCounts = {
    users: plan.people.length,
    follows: plan.follows.length,
    communities: plan.communities.length,
    members: members.length,
    posts: plan.posts.length,
    images: images.length,
    likes: likeRows.length,
    comments: commentRows.length,
    saves: saveRows.length,
    blocks: blockRows.length,
    mutes: muteRows.length,
    cars: carRows.length,
    logEntries: logRows.length,
    notifications: events.length,
    unread: events.filter((event) => event.at >= readBefore).length,
    demoUnread: events.filter((event) => event.recipient === 0 && event.at >= readBefore && !hiddenFromDemo.has(event.sender)).length,
    reports: plan.moderation.reports.length,
    openCases: new Set(plan.moderation.reports.filter((report) => !plan.moderation.dismissed.some((target) => sameTarget(target, report.target))).map((report) => JSON.stringify(report.target))).size,
    moderationLog: plan.moderation.dismissed.length,
    tags: plan.posts.reduce((sum, post) => sum + tagsIn(postText(post)).length, 0),
    mentions: 0,
    meets: meetRows.length,
    meetRsvps: meetRsvpRows.length,
    meetReminders: 0,
  };

  await inTransaction(db, async (tx) => {
    let mentions = 0; // this attempt's (inTransaction may run it again)
    await insertChunked(plan.people, (chunk) =>
      tx.insert(users).values(
        chunk.map((person) => ({
          id: userIds[person.index]!,
          username: person.username,
          email: person.email,
          fullName: person.fullName,
          passwordHash,
          operator: person.index === plan.moderation.operator,
          profilePictureUrl: pictures.avatars[person.index]!,
          createdAt: person.createdAt,
          updatedAt: person.createdAt,
        })),
      ),
    );
    await insertChunked(plan.follows, (chunk) =>
      tx.insert(follows).values(chunk.map((f) => ({ followerId: userIds[f.follower]!, followeeId: userIds[f.followee]!, createdAt: f.at }))),
    );
    // Communities directly, as their routes are not the seed's business.
    if (plan.communities.length > 0) {
      await tx.insert(communities).values(
        plan.communities.map((c) => ({ id: communityIds[c.index]!, name: c.name, description: c.description, coverUrl: pictures.covers[c.index]!, coverAlt: c.coverAlt, creatorId: userIds[c.creator]!, createdAt: c.createdAt })),
      );
    }
    await insertChunked(members, (chunk) => tx.insert(communityMembers).values(chunk));
    // Cars before the posts tagged to them.
    await insertChunked(carRows, (chunk) => tx.insert(cars).values(chunk));
    await insertChunked(plan.posts, (chunk) =>
      tx.insert(posts).values(
        chunk.map((post) => ({
          id: postIds[post.index]!,
          authorId: userIds[post.author]!,
          communityId: post.community === null ? null : communityIds[post.community]!,
          title: post.title,
          content: post.content,
          carId: garage.postCars.has(post.index) ? carIds[garage.postCars.get(post.index)!]! : null,
          // Recomputed below from the post's time, likes and comments.
          trendingScore: newPostTrendingScore,
          createdAt: post.createdAt,
          updatedAt: post.createdAt,
        })),
      ),
    );
    await insertChunked(images, (chunk) => tx.insert(postImages).values(chunk));
    await insertChunked(likeRows, (chunk) => tx.insert(likes).values(chunk));
    await insertChunked(commentRows, (chunk) => tx.insert(comments).values(chunk));
    await insertChunked(saveRows, (chunk) => tx.insert(savedPosts).values(chunk));
    await insertChunked(blockRows, (chunk) => tx.insert(blocks).values(chunk));
    await insertChunked(muteRows, (chunk) => tx.insert(mutes).values(chunk));
    await insertChunked(logRows, (chunk) => tx.insert(carLogEntries).values(chunk));
    await insertChunked(logImageRows, (chunk) => tx.insert(carLogImages).values(chunk));

    // Notifications as the product creates them (notify skips one's own content), then dated
    // like the like, comment or follow they report: notify stamps them with the current time.
    for (const event of events) {
      await notify(tx, {
        type: event.type,
        senderId: userIds[event.sender]!,
        recipientId: userIds[event.recipient]!,
        postId: event.post === null ? null : postIds[event.post]!,
      });
    }
    await dateNotifications(tx, userIds, readBefore);

    // Tags and mentions (issue 21) as a post's create stores and notifies them (modules/tags),
    // the mentions then dated like their post.
    for (const post of plan.posts) {
      const text = postText(post);
      await keepPostTags(tx, postIds[post.index]!, text);
      mentions += (await notifyMentions(tx, { senderId: userIds[post.author]!, postId: postIds[post.index]!, usernames: mentionsIn(text) })).length;
    }
    await tx.execute(sql`update notifications n set created_at = p.created_at, read = p.created_at < ${readBefore.toISOString()}::timestamptz
      from posts p where n.type = 'mention' and p.id = n.post_id`);
    counts.mentions = mentions;

    for (const id of postIds) await refreshTrendingScore(tx, id);

    await moderate(tx, plan, { users: userIds, posts: postIds, comments: commentIds });

    // Meets (issue 21), with their answers; the reminders of those starting within a day sent as
    // the product's job would have (modules/meets), so the job finds nothing left to send.
    await insertChunked(meetRows, (chunk) => tx.insert(meets).values(chunk));
    await insertChunked(meetRsvpRows, (chunk) => tx.insert(meetRsvps).values(chunk));
    counts.meetReminders = (await sendMeetReminders(tx, plan.now)).length;
  });

  return counts;
}

const sameTarget = (a: ReportTarget, b: ReportTarget) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The reports and the operator's dismissals, through the moderation service as the calls make
 * them (modules/moderation/routes.ts): each report checked by `createReport` (the item there for
 * the reporter, not their own, once per person), then dated as planned (it stamps the current
 * time); each dismissal by `dismissReports`, which closes the case's reports and writes its log
 * line (dated now: the log cannot be changed, trigger moderation_log_unchangeable).
 */
async function moderate(tx: Tx, plan: SeedPlan, ids: { users: readonly string[]; posts: readonly string[]; comments: readonly (readonly string[])[] }): Promise<void> {
  const targetId = (target: ReportTarget): string =>
    target.kind === 'post' ? ids.posts[target.post]! : target.kind === 'comment' ? ids.comments[target.post]![target.comment]! : ids.users[target.person]!;
  for (const planned of plan.moderation.reports) {
    const report = ReportInput.parse({ kind: planned.target.kind, targetId: targetId(planned.target), reason: planned.reason, details: planned.details });
    const reporterId = ids.users[planned.reporter]!;
    await createReport(tx, report, reporterId);
    await tx
      .update(reports)
      .set({ createdAt: planned.at })
      .where(and(eq(reports.reporterId, reporterId), eq(reports.kind, report.kind), eq(reports.targetId, report.targetId)));
  }
  if (plan.moderation.dismissed.length === 0) return;
  const [operator] = await tx.select().from(users).where(eq(users.id, ids.users[plan.moderation.operator]!));
  for (const target of plan.moderation.dismissed) {
    const id = targetId(target);
    const scope = await scopeOf(tx, target.kind, id);
    // As the call checks before it acts (an operator moderates everything).
    if (!operator || !moderates(operator, scope)) throw new Error(`The seed's operator may not dismiss the ${target.kind} ${id}.`);
    await dismissReports(tx, operator, target.kind, id, scope);
  }
}

/**
 * Gives the seeded notifications the time of the event behind them, and marks those older than
 * UNREAD_WITHIN as read (people have seen them). Each pair of sender and post has one like and
 * at most one comment in the plan, so every notification matches exactly one row.
 */
async function dateNotifications(db: Db, senderIds: readonly string[], readBefore: Date): Promise<void> {
  const senders: SQL = sql.join(senderIds.map((id) => sql`${id}::uuid`), sql`, `);
  const cutoff = readBefore.toISOString();
  await db.execute(sql`update notifications n set created_at = l.created_at, read = l.created_at < ${cutoff}::timestamptz
    from likes l where n.type = 'like' and l.post_id = n.post_id and l.user_id = n.sender_id and n.sender_id in (${senders})`);
  await db.execute(sql`update notifications n set created_at = c.created_at, read = c.created_at < ${cutoff}::timestamptz
    from comments c where n.type = 'comment' and c.post_id = n.post_id and c.author_id = n.sender_id and n.sender_id in (${senders})`);
  await db.execute(sql`update notifications n set created_at = f.created_at, read = f.created_at < ${cutoff}::timestamptz
    from follows f where n.type = 'follow' and f.follower_id = n.sender_id and f.followee_id = n.recipient_id and n.sender_id in (${senders})`);
}
