// Two-factor sign-in (issue 19): the settings calls of the signed-in person and the sign-in's
// second step. Rules: README.md beside this file.
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { REFUSAL_MESSAGES, SUCCESS_MESSAGES, TWO_FACTOR } from '@pitlane/api/contract';
import { inTransaction } from '../../db/transaction.ts';
import { twoFactorRecoveryCodes, twoFactorSecrets } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import { contractRoute } from '../contract-route.ts';
import { findUserById, sessionUserOf } from '../users/service.ts';
import { addressLimiter, CLIENT_LIMITS } from '../auth/rate-limits.ts';
import { endSession, refuseSuspended, startSession } from '../auth/sessions.ts';
import { challengedUser, countAttempt, dropChallengesOf, finishChallenge } from './challenges.ts';
import { newRecoveryCodes, recoveryCodesLeft, storeRecoveryCodes, useRecoveryCode } from './recovery-codes.ts';
import { acceptCode, hasTwoFactor, newSecret } from './totp.ts';
import { queueSecurityNotice } from '../mail/notices.ts';

export const twoFactorRoutes: FastifyPluginAsync = async (app) => {
  // Wrong codes per account, whatever the client and whichever call: in Redis with REDIS_URL.
  const failuresPerAccount = addressLimiter(app, 'two-factor-failures', { max: TWO_FACTOR.accountFailures });
  const limits = { rateLimit: CLIENT_LIMITS.twoFactor };

  /** Checks a code from the app or a recovery code of `userId`; a wrong one counts against the account. */
  async function proven(userId: string, { code, recoveryCode }: { code?: string | undefined; recoveryCode?: string | undefined }): Promise<void> {
    await failuresPerAccount.check(userId);
    const right = code !== undefined ? await acceptCode(app.db, userId, code, app.now()) : await useRecoveryCode(app.db, userId, recoveryCode ?? '');
    if (right) return;
    await failuresPerAccount.count(userId);
    throw new HttpError(400, code !== undefined ? REFUSAL_MESSAGES.twoFactorCodeWrong : REFUSAL_MESSAGES.recoveryCodeWrong);
  }

  async function refuseUnlessOn(userId: string): Promise<void> {
    if (!(await hasTwoFactor(app.db, userId))) throw new HttpError(400, REFUSAL_MESSAGES.twoFactorNotOn);
  }

  contractRoute(app, 'auth.loginTwoFactor', limits, async ({ request, reply, body }) => {
    const expired = () => new HttpError(400, REFUSAL_MESSAGES.twoFactorChallengeExpired);
    const userId = await challengedUser(app.db, body.challenge, app.now());
    if (!userId) throw expired();
    // The account's limit first: when it is spent, the challenge's tries are not used up.
    await failuresPerAccount.check(userId);
    if (!(await countAttempt(app.db, body.challenge, app.now()))) throw expired();
    await proven(userId, body);
    if (!(await finishChallenge(app.db, body.challenge))) throw expired();
    const user = await findUserById(app.db, userId);
    if (!user) throw expired();
    // Suspended since the password step: refused like a password sign-in.
    refuseSuspended(user);
    if (request.viewer) await endSession(app, request, reply);
    await startSession(app, reply, user.id);
    return { user: await sessionUserOf(app.db, user) };
  });

  contractRoute(app, 'twoFactor.status', {}, async ({ viewer }) => {
    const enabled = await hasTwoFactor(app.db, viewer.user.id);
    return { enabled, recoveryCodesLeft: enabled ? await recoveryCodesLeft(app.db, viewer.user.id) : 0 };
  });

  contractRoute(app, 'twoFactor.setup', {}, async ({ viewer }) => {
    if (await hasTwoFactor(app.db, viewer.user.id)) throw new HttpError(409, REFUSAL_MESSAGES.twoFactorAlreadyOn);
    const setup = await newSecret(viewer.user.email);
    const row = { secret: setup.secret, enabledAt: null, lastTimeStep: null, createdAt: app.now() };
    // A new setup replaces an unfinished one (its QR code stops working); never one that is on.
    const stored = await app.db
      .insert(twoFactorSecrets)
      .values({ userId: viewer.user.id, ...row })
      .onConflictDoUpdate({ target: twoFactorSecrets.userId, set: row, setWhere: isNull(twoFactorSecrets.enabledAt) })
      .returning({ userId: twoFactorSecrets.userId });
    if (stored.length === 0) throw new HttpError(409, REFUSAL_MESSAGES.twoFactorAlreadyOn);
    return setup;
  });

  contractRoute(app, 'twoFactor.enable', limits, async ({ body, viewer }) => {
    const userId = viewer.user.id;
    if (await hasTwoFactor(app.db, userId)) throw new HttpError(409, REFUSAL_MESSAGES.twoFactorAlreadyOn);
    const [pending] = await app.db.select({ userId: twoFactorSecrets.userId }).from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
    if (!pending) throw new HttpError(400, REFUSAL_MESSAGES.twoFactorSetupFirst);
    await failuresPerAccount.check(userId);
    if (!(await acceptCode(app.db, userId, body.code, app.now(), { pending: true }))) {
      await failuresPerAccount.count(userId);
      throw new HttpError(400, REFUSAL_MESSAGES.twoFactorCodeWrong);
    }
    const { codes, hashes } = await newRecoveryCodes();
    await inTransaction(app.db, async (tx) => {
      const enabled = await tx
        .update(twoFactorSecrets)
        .set({ enabledAt: app.now() })
        .where(and(eq(twoFactorSecrets.userId, userId), isNull(twoFactorSecrets.enabledAt)))
        .returning({ userId: twoFactorSecrets.userId });
      if (enabled.length === 0) throw new HttpError(409, REFUSAL_MESSAGES.twoFactorAlreadyOn);
      await storeRecoveryCodes(tx, userId, hashes);
      await queueSecurityNotice(app, tx, userId, 'two-factor-on');
    });
    return { recoveryCodes: codes };
  });

  contractRoute(app, 'twoFactor.disable', limits, async ({ body, viewer }) => {
    const userId = viewer.user.id;
    await refuseUnlessOn(userId);
    await proven(userId, body);
    await inTransaction(app.db, async (tx) => {
      await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
      await tx.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
      await dropChallengesOf(tx, userId);
      await queueSecurityNotice(app, tx, userId, 'two-factor-off');
    });
    return { message: SUCCESS_MESSAGES.twoFactorOff };
  });

  contractRoute(app, 'twoFactor.regenerateRecoveryCodes', limits, async ({ body, viewer }) => {
    const userId = viewer.user.id;
    await refuseUnlessOn(userId);
    await proven(userId, body);
    const { codes, hashes } = await newRecoveryCodes();
    await inTransaction(app.db, (tx) => storeRecoveryCodes(tx, userId, hashes));
    return { recoveryCodes: codes };
  });
};
