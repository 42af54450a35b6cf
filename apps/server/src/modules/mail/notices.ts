// Security notices (SECURITY.md section 1): an e-mail to the account's address when its password
// changes or two-factor sign-in goes on or off, so a person whose account someone else took over
// hears of it. Sent through the job queue from inside the change's transaction: the notice exists
// exactly when the change committed, goes out after the reply (the person never waits for SMTP),
// and a mail server that is down is tried again for a minute (modules/jobs).
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { paths } from '@pitlane/api/contract';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { noticeMessage, type SecurityNotice } from './messages.ts';

export type { SecurityNotice } from './messages.ts';

export const SECURITY_NOTICE_QUEUE = 'security-notice';

/** Queues the notice inside `tx`: it goes out if and only if the change commits. */
export async function queueSecurityNotice(app: FastifyInstance, tx: Db, userId: string, kind: SecurityNotice): Promise<void> {
  await app.jobs.send(SECURITY_NOTICE_QUEUE, { userId, kind, at: app.now().toISOString() }, tx);
}

/** This instance's worker for the notices; a send that fails throws, and the queue tries again. */
export async function registerSecurityNotices(app: FastifyInstance): Promise<void> {
  await app.jobs.work(SECURITY_NOTICE_QUEUE, async ({ userId, kind, at }) => {
    const [user] = await app.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    // The account went in the meantime: nobody to tell.
    if (!user) return;
    await app.mailer.send(noticeMessage(user.email, kind, new Date(at), `${app.config.publicUrl}${paths.forgotPassword}`));
  });
}
