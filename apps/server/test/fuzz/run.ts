// Fuzzing every call of the contract's route table (read at run time, so a route added tomorrow
// is fuzzed without an edit here) against one world (authorization/world.ts): for each route a
// fast-check property over who asks and what they send. Shared by the bounded CI run
// (fuzz.test.ts) and the long one (scripts/fuzz.ts).
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { routes, type RouteDefinition, type RouteName } from '@pitlane/api/contract';
import { sessions } from '../../src/db/schema.ts';
import { hashToken, newToken, SESSION_COOKIE, SESSION_LIFETIME_MS } from '../../src/modules/auth/sessions.ts';
import { PASSWORD } from '../browser.ts';
import { CAR_911, OIL_CHANGE } from '../cars.ts';
import { ROLES, type World } from '../authorization/world.ts';
import { table } from '../authorization/table.ts';
import type { Pool } from './arbitraries.ts';
import { requestOf, describeRequest } from './requests.ts';
import { changedTables, problemsOf, send, type ProbeFiles } from './probe.ts';

/**
 * A reset code's mail goes out after the reply, and a send that times out takes the code back
 * out of the database then: a change no request made, landing during a later one. On a loaded
 * machine a send can take longer than the default 5 s, so the fuzzing's app waits longer for its
 * sink (SMTP_TIMEOUT_MS).
 */
export const MAIL_PATIENCE_MS = '60000';

/**
 * Columns a refusal may change: a wrong code's attempt is counted (account codes, pending
 * sign-ups, two-factor sign-ins), which is how a code runs out. Every other column of every row
 * must stay as it was.
 */
const COUNTED = ['attempts'];

export interface RouteFigures {
  name: RouteName;
  runs: number;
  /** Answers by status class: '2xx', '4xx'… */
  statuses: Record<string, number>;
  /** Refusals by status and message, to see what stops requests from reaching the handler. */
  refusals: Record<string, number>;
  ms: number;
}

export interface FuzzOptions {
  /** Requests per route. */
  runs: number;
  seed: number;
}

/** Real values to aim at by kind, read from the database before each route (requests delete some). */
const POOL_QUERIES = {
  users: sql`select id::text as v from users`,
  usernames: sql`select username as v from users`,
  emails: sql`select email as v from users`,
  names: sql`select full_name as v from users`,
  posts: sql`select v from (select id::text as v from posts order by created_at desc limit 8) recent`,
  comments: sql`select v from (select id::text as v from comments order by created_at desc limit 6) recent`,
  communities: sql`select id::text as v from communities union all select name from communities`,
  cars: sql`select id::text as v from cars`,
  logs: sql`select id::text as v from car_log_entries`,
  makes: sql`select make_id::text as v from cars union all select make_name from cars`,
  models: sql`select model_id::text as v from cars union all select model_name from cars`,
  sessions: sql`select public_id::text as v from sessions`,
  tags: sql`select v from (select tag as v from tag_counts limit 6) some`,
};

/**
 * Words no table holds that some calls take: the world's password, a report's reason, a code, a
 * car's year, a log entry's date.
 */
const WORDS = [PASSWORD, 'spam', '123456', 'Pitlane@2026x', 'Maya Driver', 'aircooled', '1', '2', ...Object.values(CAR_911), ...Object.values(OIL_CHANGE).map(String)];

/** Whole bodies known to be valid. */
const EXAMPLES: ReadonlyArray<Record<string, unknown>> = [CAR_911, OIL_CHANGE];

async function poolOf(world: World): Promise<Pool> {
  const pool: Record<string, string[]> = { words: WORDS, passwords: [PASSWORD, 'Pitlane@2026x'] };
  for (const [kind, query] of Object.entries(POOL_QUERIES)) {
    try {
      const result = await world.db.execute<{ v: string | null }>(query);
      pool[kind] = result.rows.map((row) => row.v).filter((v): v is string => Boolean(v));
    } catch {
      // a table or column this version does not have: the other kinds still aim
    }
  }
  // Someone not signed up yet, for the sign-up calls.
  for (const [kind, fresh] of [['usernames', 'fresh.driver'], ['emails', 'fresh@pitlane.test'], ['names', 'Fresh Driver']] as const) pool[kind] = [...(pool[kind] ?? []), fresh];
  return pool;
}

/**
 * A new session written into the database as sign-in writes one: signing in through the API
 * could meet the per-address limit of failed sign-ins that the fuzzed logins ran into.
 */
async function sessionOf(world: World, userId: string): Promise<string> {
  const token = newToken();
  const now = world.app.now();
  await world.db.insert(sessions).values({ tokenHash: hashToken(token), userId, createdAt: now, expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS), lastUsedAt: now });
  return `${SESSION_COOKIE}=${token}`;
}

/**
 * Puts the world's people back where a fuzzed request that succeeded may have moved them: signed
 * in (a request may have ended their session, or an operator's suspended them), no blocks or mutes
 * between them (they would turn later requests into refusals), and the world's community, post,
 * comment, car and log entry there (new ones where a request deleted them).
 */
async function heal(world: World): Promise<void> {
  await world.db.execute(sql`delete from blocks`);
  await world.db.execute(sql`delete from mutes`);
  for (const role of ROLES) {
    if (role === 'anonymous') continue;
    const someone = world.people[role];
    const answer = await world.send('auth.verify', {}, someone.cookie);
    if (answer.statusCode === 200) continue;
    await world.db.execute(sql`update users set suspended_at = null where id = ${someone.id}`);
    someone.cookie = await sessionOf(world, someone.id);
  }
  // What the world's newX() helpers build on: its community, a post, the author's car.
  if (!(await world.exists('communities', world.community._id)) || !(await world.isMember(world.community._id, world.people.author.id))) {
    const made = await world.newCommunity();
    world.community = { _id: made._id, name: '', description: '' };
  }
  if (!(await world.exists('posts', world.post._id))) world.post = await world.newPost();
  if (!(await world.exists('comments', world.comment._id))) world.comment = await world.newComment();
  if (!(await world.exists('cars', world.car._id))) world.car = await world.newCar();
  if (!(await world.exists('car_log_entries', world.logEntry._id))) world.logEntry = await world.newLogEntry();
}

/** Worlds a request may have changed since they were last healed (only a change made them need it). */
const unsettled = new WeakSet<World>();

/** Runs the property of one route; throws fast-check's report on the first problem. */
export async function fuzzRoute(world: World, name: RouteName, options: FuzzOptions, files: ProbeFiles): Promise<RouteFigures> {
  const route: RouteDefinition = routes[name];
  const allowed = table[name]?.refusalChanges ?? [];
  const figures: RouteFigures = { name, runs: 0, statuses: {}, refusals: {}, ms: 0 };
  const started = performance.now();
  if (unsettled.has(world)) await heal(world);
  unsettled.delete(world);
  const pool = await poolOf(world);
  // Half the time someone the authorization matrix lets through (table.ts), so a fitting request
  // reaches the handler as the one who may; half the time anyone.
  const row = table[name];
  const admitted = row ? ROLES.filter((role) => (row.expect[role] ?? row.expect.default) < 300) : [];
  const role = admitted.length > 0 ? fc.oneof(fc.constantFrom(...admitted), fc.constantFrom(...ROLES)) : fc.constantFrom(...ROLES);
  const property = fc.asyncProperty(role, requestOf(route, pool, EXAMPLES), async (role, request) => {
    const before = await world.snapshot(COUNTED);
    const response = await send(world, route, request, world.cookieOf(role), files);
    const after = await world.snapshot(COUNTED);
    figures.runs++;
    if (response.statusCode < 300 && route.method !== 'GET') unsettled.add(world);
    const band = `${Math.floor(response.statusCode / 100)}xx`;
    figures.statuses[band] = (figures.statuses[band] ?? 0) + 1;
    if (response.statusCode >= 400) {
      const said = `${response.statusCode} ${response.body.slice(0, 90)}`;
      figures.refusals[said] = (figures.refusals[said] ?? 0) + 1;
    }
    const problems = problemsOf(response, changedTables(before, after), allowed);
    if (problems.length > 0) throw new Error(`${name} as ${role}: ${describeRequest(route.method, request)}: ${problems.join('; ')}`);
  });
  // No shrinking: the world changes as requests succeed, so a smaller request replayed later is
  // not the same experiment; the report names the request that failed as it was sent.
  const details = await fc.check(property, { numRuns: options.runs, seed: options.seed, endOnFailure: true });
  if (details.failed) {
    const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    throw new Error(`${cause}\n(fast-check seed ${details.seed}, path "${details.counterexamplePath}", after ${details.numRuns} requests)`);
  }
  figures.ms = performance.now() - started;
  return figures;
}
