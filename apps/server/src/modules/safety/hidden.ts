// Who a viewer does not see (issue 18), as SQL fragments every list query adds. The people are
// read once per statement: `array(select …)` with no reference to the outer row is an InitPlan,
// three probes of the blocks and mutes primary keys and indexes (about 6 buffers), then each
// candidate row costs one in-memory `<> all(…)`. Lists whose rows carry no author (feed entries,
// saves) read each row's post for it, and only when the viewer hides someone (posts/lists.ts).
import { sql, type Placeholder, type SQL } from 'drizzle-orm';

type Value = string | Placeholder | SQL;

/** Those `viewer` blocked and those who blocked `viewer`: hidden both ways, everywhere. */
export function blockedWith(viewer: Value): SQL {
  return sql`array(select b.blocked_id from blocks b where b.blocker_id = ${viewer}
    union all select b.blocker_id from blocks b where b.blocked_id = ${viewer})`;
}

/** The block pairs and those `viewer` muted: whose posts, comments and notifications leave `viewer`'s lists. */
export function hiddenFrom(viewer: Value): SQL {
  return sql`array(select b.blocked_id from blocks b where b.blocker_id = ${viewer}
    union all select b.blocker_id from blocks b where b.blocked_id = ${viewer}
    union all select m.muted_id from mutes m where m.muter_id = ${viewer})`;
}

/** `column` (a user id) is not hidden from `viewer` (blocked either way, or muted). */
export function notHidden(column: SQL, viewer: Value): SQL {
  return sql`${column} <> all(${hiddenFrom(viewer)})`;
}

/** `column` (a user id) is not in a block pair with `viewer`. */
export function notBlocked(column: SQL, viewer: Value): SQL {
  return sql`${column} <> all(${blockedWith(viewer)})`;
}

/** Whether `a` and `b` are a block pair, either way: one probe of the blocks primary key each way. */
export function blockedEitherWay(a: Value, b: Value): SQL {
  return sql`exists (select 1 from blocks b where (b.blocker_id = ${a} and b.blocked_id = ${b}) or (b.blocker_id = ${b} and b.blocked_id = ${a}))`;
}
