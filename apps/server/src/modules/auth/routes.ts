// Spec §7 "Auth" (except the third-party sign-in, oidc.ts): registration by e-mailed code,
// sessions, password reset. Validation is the contract's (§5 rules as zod schemas).
//
// A code is mailed BEFORE it is stored, and the answer waits for both: a send that fails (the
// mail server is down or too slow, SMTP_TIMEOUT_MS) answers 503 and leaves nothing behind (no
// pending sign-up, no new code; a code sent earlier still works), its per-address count is
// given back, so the person can try again at once. No transaction is open while a mail is sent.
// A reset code is the exception (its mail goes out after the answer, see forgotPassword).
import { eq, lt } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import {
  isEmailShape,
  normalizeUsername,
  passwordsMatchError,
  REFUSAL_MESSAGES,
  SUCCESS_MESSAGES,
} from '@pitlane/api/contract';
import { isUniqueViolation } from '../../db/errors.ts';
import { pendingRegistrations, users } from '../../db/schema.ts';
import { HttpError, UnavailableError } from '../../plugins/errors.ts';
import { contractRoute } from '../contract-route.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { codeMessage } from '../mail/messages.ts';
import { deleteAccount, findUserByEmail, sessionUserOf } from '../users/service.ts';
import { CODE_VALID_MINUTES, CODE_VALID_MS, hashSecret, verifyAgainstDecoy, verifySecret } from './codes.ts';
import { AUTH_MESSAGES } from './messages.ts';
import { ADDRESS_LIMITS, addressLimiter, CLIENT_LIMITS, type AddressLimiter } from './rate-limits.ts';
import { clearSessionCookie, endSession, endSessionsOf, refuseSuspended, startSession } from './sessions.ts';
import { challengeFor } from '../two-factor/challenges.ts';
import { accountCode, dropAccountCode, newHashedCode, redeemCode, registrationCode, storeAccountCode } from './stored-codes.ts';
import { queueSecurityNotice } from '../mail/notices.ts';

export const authRoutes: FastifyPluginAsync = async (app) => {
  // In Redis when REDIS_URL is set (shared by every instance), otherwise in this process.
  const sendOtpPerAddress = addressLimiter(app, 'send-otp', { max: ADDRESS_LIMITS.sendOtp });
  const forgotPerAddress = addressLimiter(app, 'forgot-password', { max: ADDRESS_LIMITS.forgotPassword });
  const loginFailuresPerAddress = addressLimiter(app, 'login-failures', { max: ADDRESS_LIMITS.loginFailures });
  const deleteCodesPerAddress = addressLimiter(app, 'delete-account', { max: ADDRESS_LIMITS.deleteAccount });

  /** Sends a code's e-mail; a failure answers 503 with a sentence, after giving back `limit`'s count. */
  async function mailCode(message: MailMessage, limit: AddressLimiter): Promise<void> {
    try {
      await app.mailer.send(message);
    } catch (error) {
      await limit.refund(message.to);
      throw new UnavailableError(503, AUTH_MESSAGES.mailNotSent, { cause: error });
    }
  }

  // Reset mails go out after the reply; closing the app (a shutdown) waits for them, so none is
  // cut between its send and storing its code.
  const resetMails = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(resetMails);
  });

  contractRoute(app, 'auth.checkUsername', { rateLimit: CLIENT_LIMITS.checkAvailability }, async ({ body }) => {
    // The field normalises as the user types (§5); check the same normal form.
    const username = normalizeUsername(body.username);
    if (username === '') return { available: false };
    const [taken] = await app.db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
    return { available: !taken };
  });

  contractRoute(app, 'auth.checkEmail', { rateLimit: CLIENT_LIMITS.checkAvailability }, async ({ body }) => {
    const email = body.email.trim();
    if (!isEmailShape(email)) throw new HttpError(400, REFUSAL_MESSAGES.invalidEmail);
    return { available: !(await findUserByEmail(app.db, email)) };
  });

  contractRoute(
    app,
    'auth.sendOtp',
    {
      rateLimit: CLIENT_LIMITS.sendOtp,
      preHandler: async (request) => sendOtpPerAddress.take((request.body as { email: string }).email),
    },
    async ({ body }) => {
      const [usernameTaken] = await app.db.select({ id: users.id }).from(users).where(eq(users.username, body.username)).limit(1);
      if (usernameTaken) throw new HttpError(409, REFUSAL_MESSAGES.usernameTaken);
      if (await findUserByEmail(app.db, body.email)) throw new HttpError(409, REFUSAL_MESSAGES.emailRegistered);

      const { code, codeHash } = await newHashedCode();
      const passwordHash = await hashSecret(body.password);
      await mailCode(codeMessage(body.email, 'register', code, CODE_VALID_MINUTES), sendOtpPerAddress);

      const now = app.now();
      const pending = {
        username: body.username,
        fullName: body.fullName.trim(),
        passwordHash,
        codeHash,
        attempts: 0,
        expiresAt: new Date(now.getTime() + CODE_VALID_MS),
        createdAt: now,
      };
      // One pending sign-up per address: sending again replaces the details and the code.
      await app.db
        .insert(pendingRegistrations)
        .values({ email: body.email, ...pending })
        .onConflictDoUpdate({ target: pendingRegistrations.email, set: pending });
      // Housekeeping: sign-ups nobody finished.
      await app.db.delete(pendingRegistrations).where(lt(pendingRegistrations.expiresAt, new Date(now.getTime() - CODE_VALID_MS)));
      return { message: SUCCESS_MESSAGES.otpSent };
    },
  );

  contractRoute(app, 'auth.verifyOtp', { rateLimit: CLIENT_LIMITS.verifyOtp }, async ({ body }) => {
    const email = body.email.trim();
    try {
      await redeemCode(app.db, registrationCode(email), body.otp, app.now(), async (tx, pending) => {
        await tx.insert(users).values({
          username: pending.username,
          email: pending.email,
          fullName: pending.fullName,
          passwordHash: pending.passwordHash,
        });
      });
    } catch (error) {
      // Someone else took the username or address between the send and now.
      if (isUniqueViolation(error, 'users_username_unique')) throw new HttpError(409, REFUSAL_MESSAGES.usernameTaken);
      if (isUniqueViolation(error, 'users_email_unique')) throw new HttpError(409, REFUSAL_MESSAGES.emailRegistered);
      throw error;
    }
    return { message: SUCCESS_MESSAGES.registered };
  });

  contractRoute(
    app,
    'auth.login',
    {
      rateLimit: CLIENT_LIMITS.login,
      preHandler: async (request) => loginFailuresPerAddress.check((request.body as { email: string }).email),
    },
    async ({ request, reply, body }) => {
      const user = await findUserByEmail(app.db, body.email);
      const valid = user?.passwordHash ? await verifySecret(user.passwordHash, body.password) : await verifyAgainstDecoy(body.password);
      if (!user || !valid) {
        await loginFailuresPerAddress.count(body.email);
        throw new HttpError(401, REFUSAL_MESSAGES.wrongCredentials);
      }
      // Suspended (modules/moderation): told so only once the password is right, and nothing more.
      refuseSuspended(user);
      // Two-factor sign-in (modules/two-factor): no session yet, the code is the next step.
      const challenge = await challengeFor(app.db, user.id, app.now());
      if (challenge) return challenge;
      // A browser signing in again (as anyone) leaves its old session behind.
      if (request.viewer) await endSession(app, request, reply);
      await startSession(app, reply, user.id);
      return { user: await sessionUserOf(app.db, user) };
    },
  );

  contractRoute(app, 'auth.logout', {}, async ({ request, reply }) => {
    await endSession(app, request, reply);
    return { message: SUCCESS_MESSAGES.loggedOut };
  });

  contractRoute(app, 'auth.verify', {}, async ({ viewer }) => {
    if (!viewer) throw new HttpError(401, REFUSAL_MESSAGES.notSignedIn);
    return { user: await sessionUserOf(app.db, viewer.user) };
  });

  contractRoute(
    app,
    'auth.forgotPassword',
    {
      rateLimit: CLIENT_LIMITS.forgotPassword,
      preHandler: async (request) => forgotPerAddress.take((request.body as { email: string }).email),
    },
    async ({ request, body }) => {
      // The same answer whether or not the address has an account: nobody learns who is
      // registered here. The mail goes out after the reply, so the timing does not tell either
      // (and a mail server that is down cannot: the answer is the same; the failure is logged).
      const user = await findUserByEmail(app.db, body.email);
      // A suspended account gets no code either (it could not sign in with the new password),
      // and the answer is the same: this call tells nobody who is registered, or suspended.
      if (user && !user.suspendedAt) {
        // Stored before the reply (the mail may arrive before a background store would be
        // done); a send that fails takes its code back out again.
        const { code, codeHash } = await newHashedCode();
        await storeAccountCode(app.db, user.id, 'reset-password', codeHash, app.now());
        const delivery = app.mailer
          .send(codeMessage(user.email, 'reset-password', code, CODE_VALID_MINUTES))
          .catch(async (error: unknown) => {
            request.log.error({ err: error }, 'password reset mail could not be sent');
            await forgotPerAddress.refund(body.email);
            await dropAccountCode(app.db, user.id, 'reset-password', codeHash);
          })
          .catch((error: unknown) => request.log.error({ err: error }, 'an unsent reset code could not be removed'))
          .finally(() => resetMails.delete(delivery));
        resetMails.add(delivery);
      } else {
        await newHashedCode();
      }
      return { message: SUCCESS_MESSAGES.resetOtpSent };
    },
  );

  contractRoute(app, 'auth.resetPassword', { rateLimit: CLIENT_LIMITS.resetPassword }, async ({ request, reply, body }) => {
    const mismatch = passwordsMatchError(body.newPassword, body.confirmPassword);
    if (mismatch) throw new HttpError(400, mismatch);
    const user = await findUserByEmail(app.db, body.email);
    if (!user) throw new HttpError(400, REFUSAL_MESSAGES.invalidOtp);
    const passwordHash = await hashSecret(body.newPassword);
    await redeemCode(app.db, accountCode(user.id, 'reset-password'), body.otp, app.now(), async (tx) => {
      // A code sent before a suspension: refused only once the code is right (rolled back).
      refuseSuspended(user);
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      // Whoever knew the old password (or held a session) is signed out everywhere, this browser
      // too: the person signs in again with the new password.
      await endSessionsOf(tx, user.id);
      await queueSecurityNotice(app, tx, user.id, 'password-changed');
    });
    if (request.viewer?.user.id === user.id) clearSessionCookie(app, reply);
    return { message: SUCCESS_MESSAGES.passwordReset };
  });

  contractRoute(
    app,
    'users.requestDeleteOtp',
    {
      rateLimit: CLIENT_LIMITS.requestDeleteOtp,
      // Signed in (requireSession ran on request): the codes go to the account's own address.
      preHandler: async (request) => {
        if (request.viewer) await deleteCodesPerAddress.take(request.viewer.user.email);
      },
    },
    async ({ viewer }) => {
      const { code, codeHash } = await newHashedCode();
      await mailCode(codeMessage(viewer.user.email, 'delete-account', code, CODE_VALID_MINUTES), deleteCodesPerAddress);
      await storeAccountCode(app.db, viewer.user.id, 'delete-account', codeHash, app.now());
      return { message: SUCCESS_MESSAGES.deleteOtpSent };
    },
  );

  contractRoute(app, 'users.confirmDelete', { rateLimit: CLIENT_LIMITS.verifyOtp }, async ({ reply, body, viewer }) => {
    const dropped = await redeemCode(app.db, accountCode(viewer.user.id, 'delete-account'), body.otp, app.now(), async (tx) =>
      // The files are journaled in the deleting transaction and deleted only after its commit.
      app.media.dropInTransaction(tx, await deleteAccount(tx, viewer.user.id)),
    );
    clearSessionCookie(app, reply);
    // All of the account's photos: deleted by the job queue, not while the person waits.
    await app.media.deleteLater(dropped);
    return { message: SUCCESS_MESSAGES.accountDeleted };
  });
};
