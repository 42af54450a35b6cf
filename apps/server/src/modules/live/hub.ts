// This instance's live connections, and what each hears. The hub listens to the bus (bus.ts): a
// `notifications` signal for someone connected here sends them their unread count, read afresh;
// a `post` signal sends `post` to the connected followers who may see it (the feed's own rules:
// a community post only to members; none to those who muted its author, modules/safety).
// Signals for people connected elsewhere cost a map lookup.
//
// Every HEARTBEAT_MS the hub writes a comment to every stream (proxies and browsers drop idle
// connections) and checks that their sessions still exist: a logout or account deletion on any
// instance ends the streams of that session everywhere within one heartbeat.
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveEvent } from '@pitlane/api/contract';
import type { Db } from '../../db/client.ts';
import { communityMembers, follows, mutes, sessions } from '../../db/schema.ts';
import { unreadCountOf } from '../notifications/service.ts';
import type { LiveBus, LiveSignal } from './bus.ts';

/** Often enough for nginx's 60 s proxy_read_timeout and the usual load balancers' idle limits. */
export const HEARTBEAT_MS = 25_000;
/** Streams one person may hold open on one instance (tabs and devices); the next answers 429. */
export const MAX_STREAMS_PER_PERSON = 8;

export interface LiveConnection {
  readonly userId: string;
  readonly sessionTokenHash: string;
  send(event: LiveEvent): void;
  /** A comment line: keeps the connection busy without an event. */
  ping(): void;
  end(): void;
}

/**
 * Ids per statement: a statement carries at most 65,535 parameters, and thousands of people
 * connected to one instance must not reach that.
 */
const IDS_PER_STATEMENT = 5_000;
function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += IDS_PER_STATEMENT) out.push(items.slice(i, i + IDS_PER_STATEMENT));
  return out;
}

export class LiveHub {
  readonly #byUser = new Map<string, Set<LiveConnection>>();
  readonly #db: Db;
  readonly #now: () => Date;
  readonly #log: FastifyBaseLogger | undefined;
  readonly #unsubscribe: () => void;
  #timer: NodeJS.Timeout | null = null;

  constructor(bus: LiveBus, options: { db: Db; now: () => Date; log?: FastifyBaseLogger }) {
    this.#db = options.db;
    this.#now = options.now;
    this.#log = options.log;
    this.#unsubscribe = bus.subscribe((signal) => {
      this.deliver(signal).catch((error: unknown) => this.#log?.warn({ err: error, signal }, 'live: a signal could not be delivered'));
    });
  }

  /** Heartbeats every HEARTBEAT_MS on an unref'd timer, until `close`. */
  start(intervalMs = HEARTBEAT_MS): void {
    this.#timer ??= setInterval(() => {
      this.heartbeat().catch((error: unknown) => this.#log?.warn({ err: error }, 'live: heartbeat failed'));
    }, intervalMs).unref();
  }

  streamsOf(userId: string): number {
    return this.#byUser.get(userId)?.size ?? 0;
  }

  get size(): number {
    let total = 0;
    for (const set of this.#byUser.values()) total += set.size;
    return total;
  }

  add(connection: LiveConnection): () => void {
    let set = this.#byUser.get(connection.userId);
    if (!set) this.#byUser.set(connection.userId, (set = new Set()));
    set.add(connection);
    return () => {
      set.delete(connection);
      if (set.size === 0 && this.#byUser.get(connection.userId) === set) this.#byUser.delete(connection.userId);
    };
  }

  /** The unread count event of one person, as a new stream first hears it. */
  async unreadEvent(userId: string): Promise<LiveEvent> {
    return { type: 'unread', count: await unreadCountOf(this.#db, userId) };
  }

  async deliver(signal: LiveSignal): Promise<void> {
    if (signal.kind === 'notifications') {
      const connections = this.#byUser.get(signal.userId);
      if (!connections?.size) return;
      const event = await this.unreadEvent(signal.userId);
      for (const connection of this.#byUser.get(signal.userId) ?? []) connection.send(event);
      return;
    }
    const listeners = [...this.#byUser.keys()].filter((id) => id !== signal.authorId);
    if (listeners.length === 0) return;
    const member = signal.communityId
      ? sql`exists (select 1 from ${communityMembers} m where m.community_id = ${signal.communityId} and m.user_id = ${follows.followerId})`
      : undefined;
    // A follower who muted the author has no such post in their feed. (A block pair follows neither way.)
    const notMuted = sql`not exists (select 1 from ${mutes} mu where mu.muter_id = ${follows.followerId} and mu.muted_id = ${signal.authorId})`;
    const event: LiveEvent = { type: 'post', postId: signal.postId, authorId: signal.authorId };
    for (const ids of chunks(listeners)) {
      const rows = await this.#db
        .select({ id: follows.followerId })
        .from(follows)
        .where(and(eq(follows.followeeId, signal.authorId), inArray(follows.followerId, ids), member, notMuted));
      for (const { id } of rows) for (const connection of this.#byUser.get(id) ?? []) connection.send(event);
    }
  }

  /** Pings every stream and ends those whose session is gone (logged out, expired, account deleted). */
  async heartbeat(): Promise<void> {
    const all = [...this.#byUser.values()].flatMap((set) => [...set]);
    if (all.length === 0) return;
    for (const connection of all) connection.ping();
    const alive = new Set<string>();
    for (const hashes of chunks([...new Set(all.map((connection) => connection.sessionTokenHash))])) {
      const rows = await this.#db
        .select({ hash: sessions.tokenHash })
        .from(sessions)
        .where(and(inArray(sessions.tokenHash, hashes), gt(sessions.expiresAt, this.#now())));
      for (const row of rows) alive.add(row.hash);
    }
    for (const connection of all) if (!alive.has(connection.sessionTokenHash)) connection.end();
  }

  /** Ends every stream (the app is closing) and stops listening. */
  close(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    this.#unsubscribe();
    for (const set of [...this.#byUser.values()]) for (const connection of [...set]) connection.end();
    this.#byUser.clear();
  }
}

