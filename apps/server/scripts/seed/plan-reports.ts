// Reports and moderation (issue 18, src/modules/moderation/README.md): a few people report what
// bothers them, so both queues have cases from the first sign-in, and the site operator has
// already dismissed one case, so the moderation log has a line.
//   - A community's queue (its creator's "Reports"): up to two posts and a comment in it. The
//     demo account's own community when someone else posted there, else the community with the
//     most posts by people other than its creator.
//   - The site's queue (the operator's /moderation): a profile post, a comment on one, a person.
//   - The log: another profile post, reported once and dismissed by the operator.
// Reports are made only as the product allows them (README "Reports"): never one's own, never
// across a block pair, once per person and item; never by or (where there is a choice) about the
// demo account, whose own experience stays that of an ordinary member.
import type { ReportReason } from '@pitlane/api/contract';
import { COMMUNITY_COMMENT_REPORTS, COMMUNITY_POST_REPORTS, DISMISSED_REPORTS, PERSON_REPORTS, PROFILE_COMMENT_REPORTS, PROFILE_POST_REPORTS, type ReportWords } from './content/reports.ts';
import type { HidesPlan } from './plan-hides.ts';
import type { PersonPlan } from './plan-people.ts';
import type { PostPlan } from './plan-posts.ts';
import type { CommunityPlan } from './plan-social.ts';
import { createRandom, type Random } from './random.ts';
import type { Size } from './sizes.ts';
import { ago, between, DAY, HOUR, MINUTE } from './time.ts';

/** What is reported: a post, a comment (by its post and its place among the post's comments) or a person. */
export type ReportTarget = { kind: 'post'; post: number } | { kind: 'comment'; post: number; comment: number } | { kind: 'user'; person: number };

export interface ReportPlan {
  target: ReportTarget;
  reporter: number;
  reason: ReportReason;
  details: string;
  at: Date;
}

export interface ModerationPlan {
  /** The site operator (person index). */
  operator: number;
  /** The community whose queue has cases (null: no community has a post by someone other than its creator). */
  community: number | null;
  /** Every report, the dismissed ones included. */
  reports: ReportPlan[];
  /** Cases the operator dismissed: their reports are closed and the log has a line for each. */
  dismissed: ReportTarget[];
}

const DEMO = 0;

const pairKey = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/** Items authored by the demo account last, otherwise in a random order. */
function byPreference<T>(random: Random, items: readonly T[], author: (item: T) => number): T[] {
  return random.shuffle(items).sort((a, b) => Number(author(a) === DEMO) - Number(author(b) === DEMO));
}

/**
 * `people` without the operator (who reports nothing and is reported by nobody); `operator` the
 * operator's index.
 */
export function planModeration(
  people: readonly PersonPlan[],
  communities: readonly CommunityPlan[],
  posts: readonly PostPlan[],
  hides: HidesPlan,
  operator: number,
  size: Size,
  now: Date,
): ModerationPlan {
  const random = createRandom(`pitlane-reports:${size.name}`);
  const blocked = new Set(hides.blocks.map((hide) => pairKey(hide.person, hide.other)));
  const reports: ReportPlan[] = [];
  const latest = ago(now, 30 * MINUTE);
  const reportTime = (after: Date): Date => {
    const from = new Date(after.getTime() + 5 * MINUTE);
    return from < latest ? between(random, from, latest) : new Date((after.getTime() + now.getTime()) / 2);
  };

  /**
   * One report per entry of `words`, each by someone else who may report the item: not one of
   * `authors` (the item's, and for a comment its post's too, whose block pairs hide it), not in a
   * block pair with them, not in `excluded`. Fewer when there are not enough such people.
   */
  const report = (target: ReportTarget, authors: readonly number[], after: Date, words: readonly ReportWords[], excluded: readonly number[] = []): boolean => {
    const allowed = people.filter(
      (person) =>
        person.index !== DEMO &&
        !excluded.includes(person.index) &&
        authors.every((author) => author !== person.index && !blocked.has(pairKey(author, person.index))),
    );
    const reporters = random.sample(allowed, words.length);
    reporters.forEach((reporter, i) => {
      const { reason, details } = words[i]!;
      const time = reporter.createdAt > after ? reporter.createdAt : after;
      reports.push({ target, reporter: reporter.index, reason, details, at: reportTime(time) });
    });
    return reporters.length > 0;
  };

  // A community's queue.
  const byOthers = (community: CommunityPlan) => posts.filter((post) => post.community === community.index && post.author !== community.creator);
  const withPosts = communities.filter((community) => byOthers(community).length > 0);
  const community = withPosts.find((c) => c.creator === DEMO) ?? [...withPosts].sort((a, b) => byOthers(b).length - byOthers(a).length || a.index - b.index)[0] ?? null;
  if (community) {
    const moderator = community.creator;
    const reported = byPreference(random, byOthers(community), (post) => post.author).slice(0, COMMUNITY_POST_REPORTS.length);
    reported.forEach((post, i) => report({ kind: 'post', post: post.index }, [post.author], post.createdAt, COMMUNITY_POST_REPORTS[i]!, [moderator]));
    const comments = posts
      .filter((post) => post.community === community.index && !reported.includes(post))
      .flatMap((post) => post.comments.map((comment, index) => ({ post, comment, index })))
      .filter(({ comment }) => comment.person !== moderator);
    const [chosen] = byPreference(random, comments, ({ comment }) => comment.person);
    if (chosen) {
      const { post, comment, index } = chosen;
      report({ kind: 'comment', post: post.index, comment: index }, [comment.person, post.author], comment.at, COMMUNITY_COMMENT_REPORTS, [moderator]);
    }
  }

  // The site's queue, and the dismissed case.
  const profilePosts = byPreference(
    random,
    posts.filter((post) => post.community === null && post.author !== DEMO),
    (post) => post.author,
  );
  const [open, dismissed] = profilePosts;
  if (open) report({ kind: 'post', post: open.index }, [open.author], open.createdAt, PROFILE_POST_REPORTS);
  const profileComments = posts
    .filter((post) => post.community === null && post !== open && post !== dismissed)
    .flatMap((post) => post.comments.map((comment, index) => ({ post, comment, index })))
    .filter(({ comment }) => comment.person !== DEMO);
  const [comment] = byPreference(random, profileComments, ({ comment }) => comment.person);
  if (comment) {
    report({ kind: 'comment', post: comment.post.index, comment: comment.index }, [comment.comment.person, comment.post.author], comment.comment.at, PROFILE_COMMENT_REPORTS);
  }
  const person = random.pick(people.filter((p) => p.index !== DEMO));
  report({ kind: 'user', person: person.index }, [person.index], ago(now, 3 * DAY + random.next() * 2 * DAY + HOUR), PERSON_REPORTS);

  const dismissedCases: ReportTarget[] = [];
  if (dismissed) {
    const target: ReportTarget = { kind: 'post', post: dismissed.index };
    if (report(target, [dismissed.author], dismissed.createdAt, DISMISSED_REPORTS)) dismissedCases.push(target);
  }
  return { operator, community: community?.index ?? null, reports, dismissed: dismissedCases };
}
