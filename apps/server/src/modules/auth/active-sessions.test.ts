// Active sessions (issue 19) on both engines: the list with its current flag, device labels and
// last use; ending one other session and every other one ("log out everywhere else") really ends
// them; a stranger cannot end, nor find out about, someone else's; the session token and its
// hash never appear in a reply. Also: a database signed in before migration 0019 upgrades.
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { NOT_FOUND_MESSAGES, REFUSAL_MESSAGES, SUCCESS_MESSAGES, type ActiveSession } from '@pitlane/api/contract';
import type { LightMyRequestResponse } from 'fastify';
import { migrate } from '../../db/migrate.ts';
import { backends, useApp, useDatabase, useSmtpSink, type UseAppOptions } from '../../../test/harness.ts';
import { emptyDatabase, migrationsUpTo } from '../../../test/migrations.ts';
import { browser, PASSWORD, person, type Browser, type Person } from '../../../test/browser.ts';
import { hashToken, SESSION_COOKIE } from './sessions.ts';

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const SAFARI_IOS = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DAY = 24 * 60 * 60 * 1000;

const sink = useSmtpSink();
let clockOffsetMs = 0;
const options: UseAppOptions = { sink, clock: () => new Date(Date.now() + clockOffsetMs) };
beforeEach(() => {
  clockOffsetMs = 0;
});

describe.each(backends)('active sessions on $name', (backend) => {
  const t = useApp(backend, options);
  /** Every reply these tests received, to look for tokens in. */
  let replies: LightMyRequestResponse[] = [];
  beforeEach(() => {
    replies = [];
  });

  async function call(b: Browser, method: 'GET' | 'POST' | 'DELETE', url: string): Promise<LightMyRequestResponse> {
    const response = await b.request(method, url);
    replies.push(response);
    return response;
  }
  const list = (b: Browser) => call(b, 'GET', '/api/sessions');
  const sessionsOf = async (b: Browser) => {
    const response = await list(b);
    expect(response.statusCode).toBe(200);
    return response.json<ActiveSession[]>();
  };
  const end = (b: Browser, id: string) => call(b, 'DELETE', `/api/sessions/${encodeURIComponent(id)}`);
  const endOthers = (b: Browser) => call(b, 'POST', '/api/sessions/end-others');
  const signedIn = async (b: Browser) => (await b.get('/api/auth/verify')).statusCode === 200;

  /** `who` signs in on a new browser that sends `userAgent`. */
  async function signIn(who: Person, userAgent: string): Promise<Browser> {
    const b = browser(t.app);
    const login = await b.post('/api/auth/login', { email: who.email, password: PASSWORD }, { headers: { 'user-agent': userAgent } });
    expect(login.statusCode).toBe(200);
    return b;
  }

  /** Maya on three browsers: the one she registered on (no User-Agent), a laptop, a phone. */
  async function mayaOnThree() {
    const maya = await person(t.app, sink, 'maya', 'Maya Fischer');
    clockOffsetMs = 1_000;
    const laptop = await signIn(maya, CHROME_LINUX);
    clockOffsetMs = 2_000;
    const phone = await signIn(maya, SAFARI_IOS);
    return { maya, laptop, phone };
  }

  it('answers 401 to a signed-out visitor on every call', async () => {
    const visitor = browser(t.app);
    for (const response of [await list(visitor), await end(visitor, crypto.randomUUID()), await endOthers(visitor)]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: REFUSAL_MESSAGES.notSignedIn });
    }
  });

  it('lists every session of the person, the current one first and flagged, with device, sign-in and last use', async () => {
    const { maya, laptop, phone } = await mayaOnThree();
    const fromLaptop = await sessionsOf(laptop);
    expect(fromLaptop.map((s) => [s.device, s.current])).toEqual([
      ['Chrome on Linux', true],
      ['Safari on iOS', false],
      [null, false],
    ]);
    for (const session of fromLaptop) {
      expect(session.id).toMatch(UUID);
      expect(Object.keys(session).sort()).toEqual(['createdAt', 'current', 'device', 'id', 'lastActiveAt']);
      expect(session.lastActiveAt).toBe(session.createdAt);
    }
    expect(new Set(fromLaptop.map((s) => s.id)).size).toBe(3);

    // The same three from the phone: the same ids, now the phone's flagged.
    const fromPhone = await sessionsOf(phone);
    expect(fromPhone.map((s) => [s.device, s.current])).toEqual([
      ['Safari on iOS', true],
      ['Chrome on Linux', false],
      [null, false],
    ]);
    expect(new Set(fromPhone.map((s) => s.id))).toEqual(new Set(fromLaptop.map((s) => s.id)));

    // Someone else sees only their own.
    const jonas = await person(t.app, sink, 'jonas');
    expect((await sessionsOf(jonas.browser)).map((s) => s.current)).toEqual([true]);
    expect(await sessionsOf(maya.browser)).toHaveLength(3);
  });

  it('shows when a session was last used, moved at most once a day as it is used', async () => {
    const { laptop, phone } = await mayaOnThree();
    const before = await sessionsOf(laptop);
    const phoneBefore = before.find((s) => s.device === 'Safari on iOS')!;

    clockOffsetMs = 2 * DAY;
    expect(await signedIn(phone)).toBe(true);
    const after = await sessionsOf(laptop);
    const phoneAfter = after.find((s) => s.device === 'Safari on iOS')!;
    expect(phoneAfter.createdAt).toBe(phoneBefore.createdAt);
    expect(Date.parse(phoneAfter.lastActiveAt) - Date.parse(phoneBefore.lastActiveAt)).toBeGreaterThanOrEqual(2 * DAY - 2_000);
    // The laptop was used (this very listing) at the same moment; the unused session was not.
    expect(after.map((s) => s.device)).toEqual(['Chrome on Linux', 'Safari on iOS', null]);
    expect(after[2]!.lastActiveAt).toBe(before[2]!.lastActiveAt);

    // Within the day, use writes nothing: last use stays where it was.
    clockOffsetMs = 2 * DAY + 60 * 60 * 1000;
    expect(await signedIn(phone)).toBe(true);
    expect((await sessionsOf(laptop)).find((s) => s.id === phoneAfter.id)?.lastActiveAt).toBe(phoneAfter.lastActiveAt);
  });

  it('ends one other session: its cookie answers 401 at once, the rest stay signed in', async () => {
    const { maya, laptop, phone } = await mayaOnThree();
    const phoneId = (await sessionsOf(laptop)).find((s) => s.device === 'Safari on iOS')!.id;

    const ended = await end(laptop, phoneId);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ message: SUCCESS_MESSAGES.sessionEnded });
    const refused = await phone.get('/api/auth/verify');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: REFUSAL_MESSAGES.notSignedIn });
    expect(await signedIn(laptop)).toBe(true);
    expect(await signedIn(maya.browser)).toBe(true);
    expect((await sessionsOf(laptop)).map((s) => s.device)).toEqual(['Chrome on Linux', null]);

    // Ended is ended: the same id again is not found.
    const again = await end(laptop, phoneId);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: NOT_FOUND_MESSAGES.session });
  });

  it('does not end the current session by id (log out does), and says so', async () => {
    const { laptop } = await mayaOnThree();
    const own = (await sessionsOf(laptop))[0]!;
    const response = await end(laptop, own.id);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: REFUSAL_MESSAGES.cannotEndCurrentSession });
    expect(await signedIn(laptop)).toBe(true);
    expect(await sessionsOf(laptop)).toHaveLength(3);
  });

  it('logs out everywhere else: every other session ends, this one stays', async () => {
    const { maya, laptop, phone } = await mayaOnThree();
    const jonas = await person(t.app, sink, 'jonas');

    const response = await endOthers(laptop);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: SUCCESS_MESSAGES.otherSessionsEnded });
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(maya.browser)).toBe(false);
    expect(await signedIn(laptop)).toBe(true);
    const left = await sessionsOf(laptop);
    expect(left.map((s) => [s.device, s.current])).toEqual([['Chrome on Linux', true]]);
    // Someone else's sessions are not touched.
    expect(await signedIn(jonas.browser)).toBe(true);

    // With nothing else left, it is no change.
    expect((await endOthers(laptop)).statusCode).toBe(200);
    expect(await sessionsOf(laptop)).toEqual(left);
  });

  it('a stranger cannot end my session, nor tell it from an id that does not exist', async () => {
    const { laptop, phone } = await mayaOnThree();
    const phoneId = (await sessionsOf(laptop)).find((s) => s.device === 'Safari on iOS')!.id;
    const dale = await person(t.app, sink, 'dale');

    const answers = [];
    for (const id of [phoneId, crypto.randomUUID(), 'not-a-session']) {
      const response = await end(dale.browser, id);
      answers.push({ status: response.statusCode, body: response.json<unknown>() });
    }
    expect(answers).toEqual(Array(3).fill({ status: 404, body: { message: NOT_FOUND_MESSAGES.session } }));
    // Nor does "everywhere else" reach past his own account.
    expect((await endOthers(dale.browser)).statusCode).toBe(200);
    expect(await signedIn(phone)).toBe(true);
    expect(await signedIn(laptop)).toBe(true);
    expect(await sessionsOf(laptop)).toHaveLength(3);
    expect(await signedIn(dale.browser)).toBe(true);
  });

  it('never sends a session token or its hash in a reply', async () => {
    const { maya, laptop, phone } = await mayaOnThree();
    const secrets = [maya.browser, laptop, phone].flatMap((b) => {
      const token = b.cookies.get(SESSION_COOKIE)!.value;
      return [token, hashToken(token)];
    });
    const phoneId = (await sessionsOf(laptop)).find((s) => !s.current && s.device !== null)!.id;
    await sessionsOf(phone);
    await end(laptop, phoneId);
    await end(laptop, (await sessionsOf(laptop))[0]!.id);
    await endOthers(laptop);
    await sessionsOf(laptop);
    expect(replies.length).toBeGreaterThanOrEqual(7);
    for (const reply of replies) {
      for (const secret of secrets) expect(reply.body).not.toContain(secret);
      // Only the sign-in sets the cookie: none of these calls sends a token back.
      expect(reply.cookies.filter((c) => c.name === SESSION_COOKIE && c.value !== '')).toEqual([]);
    }
  });
});

describe.each(backends)('the active sessions migration on $name', (backend) => {
  useDatabase(backend);

  it('upgrades sessions signed in before it: each gets its own public id, and its last use from its expiry', async () => {
    const older = migrationsUpTo('0018_reports_and_moderation');
    const old = await emptyDatabase(backend);
    try {
      await migrate(old.database, older.folder);
      const db = old.database.db;
      const [ada] = (await db.execute<{ id: string }>(sql`insert into users (username, email, full_name) values ('ada', 'ada@pitlane.test', 'Ada') returning id`)).rows;
      await db.execute(sql`insert into sessions (token_hash, user_id, created_at, expires_at) values
        ('hash-a', ${ada!.id}, '2026-01-01T00:00:00Z', '2026-03-10T00:00:00Z'),
        ('hash-b', ${ada!.id}, '2026-02-20T00:00:00Z', '2026-03-01T00:00:00Z')`);

      await migrate(old.database);

      const rows = (await db.execute<{ token_hash: string; public_id: string; device: string | null; last_used_at: string }>(
        sql`select token_hash, public_id::text, device, to_char(last_used_at at time zone 'UTC', 'YYYY-MM-DD') as last_used_at from sessions order by token_hash`,
      )).rows;
      expect(rows.map(({ token_hash, device, last_used_at }) => ({ token_hash, device, last_used_at }))).toEqual([
        { token_hash: 'hash-a', device: null, last_used_at: '2026-02-08' },
        // Never before its sign-in.
        { token_hash: 'hash-b', device: null, last_used_at: '2026-02-20' },
      ]);
      for (const row of rows) expect(row.public_id).toMatch(UUID);
      expect(rows[0]!.public_id).not.toBe(rows[1]!.public_id);
    } finally {
      await old.dispose();
      older.remove();
    }
  });
});
