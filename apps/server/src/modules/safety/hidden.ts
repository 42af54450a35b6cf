// Who a viewer does not see (issue 18), as SQL fragments every list query adds. The people are
// read once per statement: `array(select …)` with no reference to the outer row is an InitPlan,
// three probes of the blocks and mutes primary keys and indexes (about 6 buffers), then each
// candidate row costs one in-memory `<> all(…)`. Lists whose rows carry no author (feed entries,
// saves) read each row's post for it, and only when the viewer hides someone (posts/lists.ts).
//
// Suspended accounts (issue 18, modules/moderation) are folded into both arrays, for every viewer:
// what a suspended person wrote leaves every list exactly as a block pair's does. They are read by
// a scan of the partial index users_suspended_id_idx (the suspended people only), once per
// statement like the rest. So while anyone is suspended, every viewer "hides someone": the lists'
// per-row checks of feed entries and saves run for all (one primary-key probe per row read).
import { sql, type Placeholder, type SQL } from 'drizzle-orm';

type Value = string | Placeholder | SQL;

/** The suspended people: hidden from everyone (modules/moderation/README.md). */
const suspendedPeople = sql`select u.id from users u where u.suspended_at is not null`;

/**
 * Those `viewer` blocked and those who blocked `viewer`: hidden both ways, everywhere; and the
 * suspended people, hidden from everyone.
 */
export function blockedWith(viewer: Value): SQL {
  return sql`array(select b.blocked_id from blocks b where b.blocker_id = ${viewer}
    union all select b.blocker_id from blocks b where b.blocked_id = ${viewer}
    union all ${suspendedPeople})`;
}

/**
 * The block pairs, those `viewer` muted and the suspended people: whose posts, comments and
 * notifications leave `viewer`'s lists.
 */
export function hiddenFrom(viewer: Value): SQL {
  return sql`array(select b.blocked_id from blocks b where b.blocker_id = ${viewer}
    union all select b.blocker_id from blocks b where b.blocked_id = ${viewer}
    union all select m.muted_id from mutes m where m.muter_id = ${viewer}
    union all ${suspendedPeople})`;
}

/**
 * `column` (a user id) is not suspended: for the lists that leave out no block pair but must not
 * name a suspended person (a community's members, the `followers` / `following` id arrays, a
 * post's `likes`; modules/moderation/README.md). One scan of users_suspended_id_idx per statement.
 */
export function notSuspended(column: SQL): SQL {
  return sql`${column} <> all(array(${suspendedPeople}))`;
}

/**
 * `column` (a user id) is suspended: an update keeps the memberships its client could not see
 * (communities.update), a card rebuilds its likes only when a suspended person is among them.
 */
export function isSuspended(column: SQL): SQL {
  return sql`${column} = any(array(${suspendedPeople}))`;
}

/** `column` (a user id) is not hidden from `viewer` (blocked either way, or muted). */
export function notHidden(column: SQL, viewer: Value): SQL {
  return sql`${column} <> all(${hiddenFrom(viewer)})`;
}

/** `column` (a user id) is not in a block pair with `viewer`. */
export function notBlocked(column: SQL, viewer: Value): SQL {
  return sql`${column} <> all(${blockedWith(viewer)})`;
}

/**
 * Whether `a` (the other person: an author, a profile) is unavailable to `b` (the viewer): they
 * are a block pair, either way, or `a` is suspended. One probe of the blocks primary key each way
 * and one of the users primary key.
 */
export function blockedEitherWay(a: Value, b: Value): SQL {
  return sql`(exists (select 1 from blocks b where (b.blocker_id = ${a} and b.blocked_id = ${b}) or (b.blocker_id = ${b} and b.blocked_id = ${a}))
    or exists (select 1 from users su where su.id = ${a} and su.suspended_at is not null))`;
}
