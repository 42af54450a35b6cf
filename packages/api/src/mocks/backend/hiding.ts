// Who a viewer does not see (issue 18), as the server's modules/safety/hidden.ts has it: a block
// pair (either one blocked the other) hides both people from each other everywhere; a mute hides
// the muted person's posts, comments and notifications from the muter alone. The domains filter
// their lists with these and refuse with the 404s and 403s of modules/safety/README.md.
// A suspended person (issue 18) is hidden like a block pair from every viewer, operators too
// (their pages, posts and cars answer 404); only operators may still open the profile itself
// (backend/users.ts), as the server's modules/safety/hidden.ts `blockedEitherWay` has it.
import { NOT_FOUND_MESSAGES, REFUSAL_MESSAGES } from '../../contract/index.ts';
import type { MockSeed, MockUser } from '../state.ts';
import { refuse } from './context.ts';

export function createHiding(state: MockSeed) {
  const hasBlocked = (blockerId: string, blockedId: string) => state.blocks.some((b) => b.blockerId === blockerId && b.blockedId === blockedId);
  const hasMuted = (muterId: string, mutedId: string) => state.mutes.some((m) => m.muterId === muterId && m.mutedId === mutedId);
  const isBlockPair = (a: string, b: string) => hasBlocked(a, b) || hasBlocked(b, a);
  const isSuspended = (userId: string) => state.users.some((u) => u.id === userId && u.suspended === true);
  /** Suspended people, whom no list shows (not even to operators: they read them in the queues). */
  const suspendedIds = () => new Set(state.users.filter((u) => u.suspended === true).map((u) => u.id));
  /** A block pair's or a suspended person's pages, posts and cars: 404. */
  const unavailable = (viewer: MockUser, userId: string) => isBlockPair(viewer.id, userId) || isSuspended(userId);

  /** Block pairs only: the people lists leave them out (a muted person can still be found, to unmute). */
  function blockedWith(viewer: MockUser): Set<string> {
    const ids = new Set<string>();
    for (const b of state.blocks) {
      if (b.blockerId === viewer.id) ids.add(b.blockedId);
      if (b.blockedId === viewer.id) ids.add(b.blockerId);
    }
    return ids;
  }

  /** Block pairs and the muted: whose posts, comments and notifications leave the viewer's lists. */
  function hiddenFrom(viewer: MockUser): Set<string> {
    const ids = blockedWith(viewer);
    for (const m of state.mutes) if (m.muterId === viewer.id) ids.add(m.mutedId);
    return ids;
  }

  /** Whether a record's person (`authorId`, `senderId`, …) stays in the viewer's lists: not hidden, not suspended. */
  function notHidden(viewer: MockUser): (userId: string) => boolean {
    const hidden = hiddenFrom(viewer);
    const suspended = suspendedIds();
    return (userId) => !hidden.has(userId) && !suspended.has(userId);
  }
  /** Whether a person stays in the viewer's people lists: all but block pairs and the suspended. */
  function notBlocked(viewer: MockUser): (userId: string) => boolean {
    const blocked = blockedWith(viewer);
    const suspended = suspendedIds();
    return (userId) => !blocked.has(userId) && !suspended.has(userId);
  }

  /** Another person's profile pages (posts, garage, follow lists, communities): 404 for a block pair or a suspended person. */
  function mustSeePerson(viewer: MockUser, userId: string): void {
    if (unavailable(viewer, userId)) refuse(404, NOT_FOUND_MESSAGES.profileUnavailable);
  }
  /** A post (and its comments, related posts, saving it): 404 for a block pair's. */
  function mustSeePost(viewer: MockUser, authorId: string): void {
    if (unavailable(viewer, authorId)) refuse(404, NOT_FOUND_MESSAGES.postUnavailable);
  }
  /** A car and its build log: 404 for a block pair's. */
  function mustSeeCar(viewer: MockUser, ownerId: string): void {
    if (unavailable(viewer, ownerId)) refuse(404, NOT_FOUND_MESSAGES.carUnavailable);
  }
  /**
   * Follow, like, comment: a block pair cannot reach the other; the one who blocked is told how to
   * undo it. Nobody reaches a suspended person: 404 with `unavailable` (their profile's or post's).
   */
  function mustReach(viewer: MockUser, userId: string, unavailable: string): void {
    if (viewer.id === userId) return;
    if (hasBlocked(viewer.id, userId)) refuse(403, REFUSAL_MESSAGES.youBlockedThem);
    if (hasBlocked(userId, viewer.id)) refuse(403, REFUSAL_MESSAGES.theyBlockedYou);
    if (isSuspended(userId)) refuse(404, unavailable);
  }
  /** Lists of ids that leave out no block pair (a community's members, `followers`, `following`, a post's `likes`) still leave out the suspended. */
  const notSuspended = (userId: string) => !isSuspended(userId);

  return { hasBlocked, hasMuted, isBlockPair, isSuspended, notSuspended, blockedWith, hiddenFrom, notHidden, notBlocked, mustSeePerson, mustSeePost, mustSeeCar, mustReach };
}
