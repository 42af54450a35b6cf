// The world of the authorization matrix (matrix.test.ts): one per database, made once. Seven
// people, one per signed-in role, and what relates them: a community with its creator, a member
// and a post author in it; the author's post there, a comment on it by someone outside the
// community, a follower of the author, the author's car with a build-log entry, and an operator.
// Also: sending any call of the contract as a role (`send`), the fresh targets a mutating cell
// uses up, and a digest of every table to tell what a call changed (`snapshot`).
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { buildPath, routes, type Car, type CarLogEntry, type Comment, type Meet, type Post, type RouteDefinition, type RouteName } from '@pitlane/api/contract';
import type { App } from '../../src/app.ts';
import type { Db } from '../../src/db/client.ts';
import { users } from '../../src/db/schema.ts';
import { hashSecret } from '../../src/modules/auth/codes.ts';
import { codeAfter, inboxMark, PASSWORD, type SmtpSink } from '../browser.ts';
import { makeOperator } from '../moderation.ts';
import { CAR_911, OIL_CHANGE } from '../cars.ts';
import { meetForm } from '../meets.ts';
import { form, image, type ImageFile } from '../posts.ts';

export const ROLES = ['anonymous', 'stranger', 'follower', 'member', 'author', 'commenter', 'creator', 'operator'] as const;
export type Role = (typeof ROLES)[number];
export type PersonRole = Exclude<Role, 'anonymous'>;
const PEOPLE: readonly PersonRole[] = ROLES.filter((role): role is PersonRole => role !== 'anonymous');

export interface Someone {
  id: string;
  username: string;
  fullName: string;
  email: string;
  /** The `cookie` header of their session. */
  cookie: string;
}

/** What one cell sends: the path's parameters, the query, a JSON body or a multipart one. */
export interface Call {
  params?: Record<string, string>;
  query?: Record<string, string>;
  json?: unknown;
  multipart?: { fields: Record<string, string>; files?: readonly ImageFile[]; fileField?: string };
}

const sessionCookie = (response: LightMyRequestResponse): string => {
  const cookie = (response.cookies as Array<{ name: string; value: string }>).find((c) => c.name === 'pitlane_session');
  if (!cookie) throw new Error(`no session cookie: ${response.statusCode} ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
};

async function must<T>(response: Promise<LightMyRequestResponse> | LightMyRequestResponse, status: number, what: string): Promise<T> {
  const answered = await response;
  if (answered.statusCode !== status) throw new Error(`${what} answered ${answered.statusCode}: ${answered.body}`);
  return answered.json<T>();
}

/** Throws unless `call` is valid in shape for `name` by the contract's own schemas. */
export function checkShape(name: RouteName, call: Call): void {
  const definition: RouteDefinition = routes[name];
  const problems: string[] = [];
  const check = (what: string, schema: { safeParse(value: unknown): { success: boolean; error?: unknown } } | undefined, value: unknown) => {
    if (!schema) return;
    const parsed = schema.safeParse(value);
    if (!parsed.success) problems.push(`${what}: ${String(parsed.error)}`);
  };
  check('params', definition.params, call.params ?? {});
  check('query', definition.query, call.query ?? {});
  if (definition.body?.kind === 'json') check('body', definition.body.schema, call.json ?? {});
  if (definition.body?.kind === 'multipart') {
    if (!call.multipart) problems.push('a multipart route without a multipart body');
    else check('fields', definition.body.fields, call.multipart.fields);
  }
  if (!definition.body && (call.json !== undefined || call.multipart)) problems.push('a body for a route without one');
  if (problems.length > 0) throw new Error(`${name}: the cell's request is not valid in shape: ${problems.join('; ')}`);
}

export class World {
  readonly app: App;
  readonly db: Db;
  readonly sink: SmtpSink;
  readonly people = {} as Record<PersonRole, Someone>;
  community!: { _id: string; name: string; description: string };
  post!: Post;
  comment!: Comment;
  car!: Car;
  logEntry!: CarLogEntry;
  /** The author's meet in the world's community (the author is going). */
  meet!: Meet;
  private tables: string[] = [];
  private serial = 0;

  constructor(app: App, db: Db, sink: SmtpSink) {
    this.app = app;
    this.db = db;
    this.sink = sink;
  }

  /** A new number for unique names and client addresses (per-client rate limits stay far away). */
  next(): number {
    return ++this.serial;
  }

  private address(): string {
    const n = this.next();
    return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  }

  cookieOf(role: Role): string | undefined {
    return role === 'anonymous' ? undefined : this.people[role].cookie;
  }

  /** One call of the contract, method and path from its route table, with `cookie` (none: anonymous). */
  async send(name: RouteName, call: Call, cookie: string | undefined): Promise<LightMyRequestResponse> {
    const definition: RouteDefinition = routes[name];
    let url = buildPath(definition.path, call.params);
    if (call.query) url += `?${new URLSearchParams(call.query).toString()}`;
    const headers: Record<string, string> = cookie ? { cookie } : {};
    let payload: string | Buffer | undefined;
    if (definition.body?.kind === 'json') {
      payload = JSON.stringify(call.json ?? {});
      headers['content-type'] = 'application/json';
    } else if (call.multipart) {
      const body = await form(call.multipart.fields, call.multipart.files ?? [], call.multipart.fileField);
      payload = body.payload;
      Object.assign(headers, body.headers);
    }
    return this.app.inject({ method: definition.method, url, headers, remoteAddress: this.address(), ...(payload === undefined ? {} : { payload }) });
  }

  /** `send` as `role`, the answer required to be `status`, its JSON returned. */
  async as<T>(role: PersonRole, name: RouteName, call: Call, status = 200): Promise<T> {
    return must<T>(this.send(name, call, this.people[role].cookie), status, `${name} as ${role}`);
  }

  /** A person written into the database (as verify-otp writes one), signed in through the API. */
  async person(handle: string, extra: Partial<typeof users.$inferInsert> = {}): Promise<Someone> {
    const someone = { username: handle, fullName: `${handle[0]!.toUpperCase()}${handle.slice(1)} Driver`, email: `${handle}@pitlane.test` };
    const [row] = await this.db
      .insert(users)
      .values({ ...someone, passwordHash: await hashSecret(PASSWORD), ...extra })
      .returning({ id: users.id });
    return { id: row!.id, ...someone, cookie: extra.suspendedAt ? '' : await this.signIn(someone.email) };
  }

  /** A new session of the person with this address (a cookie header). */
  async signIn(email: string): Promise<string> {
    const response = await this.send('auth.login', { json: { email, password: PASSWORD } }, undefined);
    if (response.statusCode !== 200) throw new Error(`login answered ${response.statusCode}: ${response.body}`);
    return sessionCookie(response);
  }

  /** Another session of `role`'s person: its cookie and its public id (sessions.list). */
  async otherSession(role: PersonRole): Promise<{ cookie: string; publicId: string }> {
    const cookie = await this.signIn(this.people[role].email);
    const result = await this.db.execute<{ public_id: string }>(
      sql`select public_id from sessions where user_id = ${this.people[role].id} order by created_at desc limit 1`,
    );
    return { cookie, publicId: result.rows[0]!.public_id };
  }

  /** The code of the next mail to `email` sent by `trigger`. */
  async mailedCode(email: string, trigger: () => Promise<unknown>): Promise<string> {
    const mark = inboxMark(this.sink);
    await trigger();
    return await codeAfter(this.sink, mark, email);
  }

  async build(): Promise<void> {
    for (const role of PEOPLE) this.people[role] = await this.person(role);
    const { author, operator } = this.people;
    await makeOperator(this.db, operator);
    const created = await this.as<{ newCommunity: { _id: string; name: string; description: string } }>(
      'creator',
      'communities.create',
      { json: { name: 'Air Cooled', description: 'Air-cooled Porsches: meets, builds and road trips.' } },
      201,
    );
    this.community = created.newCommunity;
    for (const role of ['member', 'author'] as const) await this.as(role, 'communities.join', { params: { id: this.community._id } });
    this.post = await this.newPost();
    this.comment = await this.as<Comment>('commenter', 'comments.create', { params: { postId: this.post._id }, json: { text: 'Lovely patina.' } }, 201);
    await this.as('follower', 'users.follow', { params: { id: author.id } });
    this.car = await this.newCar();
    this.logEntry = await this.newLogEntry();
    this.meet = await this.newMeet();
    const result = await this.db.execute<{ name: string }>(sql`select tablename as name from pg_tables
      where schemaname = 'public' and tablename not in ('car_makes', 'car_models') order by tablename`);
    this.tables = result.rows.map((row) => row.name);
  }

  // -------------------------------------------------------------------------------------------
  // Fresh targets: made just before the cell that may use them up.

  /** A post by the author in the world's community (or on the profile). */
  async newPost(where: { community?: string | null } = {}): Promise<Post> {
    const community = where.community === undefined ? this.community._id : where.community;
    const fields: Record<string, string> = { title: `Sunday drive ${this.next()}`, content: 'Coffee and #aircooled 911s.', ...(community ? { community } : {}) };
    return this.as<Post>('author', 'posts.create', { multipart: { fields, files: [await image('png', 16, 12)] } }, 201);
  }

  /** A post by the author in the world's community with an open report on it (by the stranger). */
  async reportedPost(): Promise<Post> {
    const post = await this.newPost();
    await this.as('stranger', 'reports.create', { json: { kind: 'post', targetId: post._id, reason: 'spam' } }, 201);
    return post;
  }

  /** A comment by the commenter on the world's post. */
  async newComment(): Promise<Comment> {
    return this.as<Comment>('commenter', 'comments.create', { params: { postId: this.post._id }, json: { text: `Nice one ${this.next()}` } }, 201);
  }

  /** A community like the world's: its creator, the member, and the author with a post in it. */
  async newCommunity(): Promise<{ _id: string; postId: string }> {
    const n = this.next();
    const { newCommunity } = await this.as<{ newCommunity: { _id: string } }>('creator', 'communities.create', { json: { name: `Club ${n}`, description: `Club ${n}.` } }, 201);
    for (const role of ['member', 'author'] as const) await this.as(role, 'communities.join', { params: { id: newCommunity._id } });
    const post = await this.newPost({ community: newCommunity._id });
    return { _id: newCommunity._id, postId: post._id };
  }

  async newCar(): Promise<Car> {
    return this.as<Car>('author', 'cars.create', { multipart: { fields: { ...CAR_911 }, fileField: 'coverImage' } }, 201);
  }

  async newLogEntry(): Promise<CarLogEntry> {
    return this.as<CarLogEntry>('author', 'cars.logCreate', { params: { id: this.car._id }, multipart: { fields: { ...OIL_CHANGE } } }, 201);
  }

  /** A meet by the author in the world's community, three days after the app's clock. */
  async newMeet(): Promise<Meet> {
    const fields = meetForm(this.app.now(), { title: `Breakfast run ${this.next()}` });
    return this.as<Meet>('author', 'meets.create', { params: { id: this.community._id }, multipart: { fields } }, 201);
  }

  /** Somebody with no relation to anyone (and no session of use to a cell). */
  async spare(extra: Partial<typeof users.$inferInsert> = {}): Promise<Someone> {
    return this.person(`spare${this.next()}`, extra);
  }

  // -------------------------------------------------------------------------------------------
  // What changed.

  /**
   * A digest of every table's rows (but the shipped make and model list), by table. `ignoring`:
   * columns left out of every row (the fuzzing's refusals may count a wrong code's `attempts`).
   */
  async snapshot(ignoring: readonly string[] = []): Promise<Record<string, string>> {
    const row = ignoring.length === 0 ? sql`x::text` : sql`(to_jsonb(x) - array[${sql.join(ignoring.map((column) => sql`${column}`), sql`, `)}]::text[])::text`;
    const parts = this.tables.map(
      (table) => sql`select ${table}::text as name, md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as digest from ${sql.identifier(table)} x`,
    );
    const result = await this.db.execute<{ name: string; digest: string }>(sql.join(parts, sql` union all `));
    return Object.fromEntries(result.rows.map((row) => [row.name, row.digest]));
  }

  /** Rows of `table` whose `column` is `value`. */
  async count(table: string, column: string, value: string): Promise<number> {
    const result = await this.db.execute<{ n: number | string }>(sql`select count(*) as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${value}`);
    return Number(result.rows[0]!.n);
  }

  async exists(table: string, id: string): Promise<boolean> {
    return (await this.count(table, 'id', id)) > 0;
  }

  /** Does `follower` follow `followee`? */
  async follows(followerId: string, followeeId: string): Promise<boolean> {
    const result = await this.db.execute(sql`select 1 from follows where follower_id = ${followerId} and followee_id = ${followeeId}`);
    return result.rows.length > 0;
  }

  /** Whose session the public id names (null: nobody's). */
  async sessionOwner(publicId: string): Promise<string | null> {
    const result = await this.db.execute<{ user_id: string }>(sql`select user_id from sessions where public_id = ${publicId}`);
    return result.rows[0]?.user_id ?? null;
  }

  async isMember(communityId: string, userId: string): Promise<boolean> {
    const result = await this.db.execute(sql`select 1 from community_members where community_id = ${communityId} and user_id = ${userId}`);
    return result.rows.length > 0;
  }

  async membersOf(communityId: string): Promise<string[]> {
    const result = await this.db.execute<{ user_id: string }>(sql`select user_id from community_members where community_id = ${communityId} order by user_id`);
    return result.rows.map((row) => row.user_id);
  }

  /** The world's lasting relations, to check a cell left them as they were. */
  async intact(): Promise<string[]> {
    const { author, commenter, follower } = this.people;
    const checks: Array<[string, Promise<boolean>]> = [
      ['the community', this.exists('communities', this.community._id)],
      ['the post', this.exists('posts', this.post._id)],
      ['the comment', this.exists('comments', this.comment._id)],
      ['the car', this.exists('cars', this.car._id)],
      ['the log entry', this.exists('car_log_entries', this.logEntry._id)],
      ['the meet', this.exists('meets', this.meet._id)],
      ['the follow', this.follows(follower.id, author.id)],
      ...(['creator', 'member', 'author'] as const).map((role): [string, Promise<boolean>] => [`${role}'s membership`, this.isMember(this.community._id, this.people[role].id)]),
      ['the commenter outside the community', this.isMember(this.community._id, commenter.id).then((is) => !is)],
    ];
    const missing: string[] = [];
    for (const [what, check] of checks) if (!(await check)) missing.push(what);
    const blocksOrMutes = await this.db.execute(sql`select 1 from blocks union all select 1 from mutes`);
    if (blocksOrMutes.rows.length > 0) missing.push('no blocks or mutes');
    return missing;
  }
}
