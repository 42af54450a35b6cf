// The moderation log cannot be edited (README.md "The log"): the database refuses every UPDATE
// and DELETE of a line, and deleting the people it names keeps the line. And the admin command
// (scripts/admin.ts) that grants and revokes the operator role, run as a process.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { backends, testConfig, useApp, useMigratedDataDir, useSmtpSink, useTempDir } from '../../../test/harness.ts';
import { newPost, peopleOf } from '../../../test/posts.ts';
import { logOf, makeOperator, moderationLog, remove, report } from '../../../test/moderation.ts';
import { openDatabase } from '../../db/client.ts';
import { moderationLog as logTable, users } from '../../db/schema.ts';
import { deleteAccount } from '../users/service.ts';
import { inTransaction } from '../../db/transaction.ts';

const sink = useSmtpSink();
const dataDir = useTempDir('pitlane-moderation-log-', { per: 'suite' });
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// The admin command's DATA_DIR: its database written already migrated from the file's template
// (which the log's suite below uses too), so no run of the command has anything to migrate.
const place = useMigratedDataDir('pitlane-admin-', { per: 'suite' });

describe.each(backends)('the moderation log on $name', (backend) => {
  const t = useApp(backend, { sink, dataDir });

  it('refuses UPDATE and DELETE of a line, and keeps the lines of deleted accounts', async () => {
    const [author, maya, operator] = await peopleOf(t.app, sink, 'author', 'maya', 'operator');
    await makeOperator(t.db, operator);
    const post = await newPost(author.browser, { title: 'Spam' });
    await report(maya, { kind: 'post', targetId: post._id });
    expect((await remove(operator, 'post', post._id, 'Spam.')).statusCode).toBe(200);
    const [line] = await t.db.select().from(logTable);

    await expect(t.db.update(logTable).set({ reason: 'Nothing.' }).where(eq(logTable.id, line!.id))).rejects.toThrow();
    await expect(t.db.execute(sql`update moderation_log set report_count = 0`)).rejects.toThrow();
    await expect(t.db.delete(logTable).where(eq(logTable.id, line!.id))).rejects.toThrow();
    await expect(t.db.execute(sql`delete from moderation_log`)).rejects.toThrow();
    expect(await t.db.select().from(logTable)).toEqual([line]);

    // The author deletes their account: the line stays, naming them as they were.
    await inTransaction(t.db, (tx) => deleteAccount(tx, author.id));
    const [kept] = (await logOf(moderationLog(operator))).actions;
    expect(kept).toMatchObject({ subject: { _id: author.id, username: 'author', fullName: author.fullName, profilePictureUrl: '' }, excerpt: 'Spam', reason: 'Spam.' });
  });
});

describe('npm run admin', () => {
  function admin(...args: string[]): Promise<{ code: number | null; output: string }> {
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    const child = spawn(process.execPath, ['scripts/admin.ts', ...args], { cwd: serverDir, env: { ...inherited, DATA_DIR: place.path }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
  }

  async function operatorFlag(): Promise<boolean | undefined> {
    const opened = await openDatabase(testConfig({ DATA_DIR: place.path }));
    try {
      const [row] = await opened.db.select({ operator: users.operator }).from(users).where(eq(users.username, 'maya'));
      return row?.operator;
    } finally {
      await opened.close();
    }
  }

  it('grants and revokes the operator role by username, and says so; an unknown username exits 1', async () => {
    const opened = await openDatabase(testConfig({ DATA_DIR: place.path }));
    await opened.db.insert(users).values({ username: 'Maya', email: 'maya@pitlane.test', fullName: 'Maya Driver' });
    await opened.close();

    // Each run opens the embedded database in a process of its own (a few seconds each).
    expect(await admin('grant-operator', 'nobody')).toEqual({ code: 1, output: expect.stringMatching(/^There is no account with the username @nobody in the embedded database in .*\.\n$/) });
    expect(await admin('grant-operator', '@maya')).toEqual({ code: 0, output: '@Maya is now a site operator.\n' });
    expect(await operatorFlag()).toBe(true);
    expect(await admin('revoke-operator', 'maya')).toEqual({ code: 0, output: '@Maya is no longer a site operator.\n' });
    const wrong = await admin('make-operator', 'maya');
    expect(wrong.code).toBe(1);
    expect(wrong.output).toContain('Unknown command "make-operator".\nUsage: npm run admin -- grant-operator <username>');
  }, 120_000);
});
