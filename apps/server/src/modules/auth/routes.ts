// Spec §7 "Auth" (except the third-party sign-in, oidc.ts): registration by e-mailed code,
// sessions, password reset. Validation is the contract's (§5 rules as zod schemas).
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
import { HttpError } from '../../plugins/errors.ts';
import { contractRoute } from '../contract-route.ts';
import { codeMessage } from '../mail/messages.ts';
import { deleteAccount, findUserByEmail, sessionUserOf } from '../users/service.ts';
import { CODE_VALID_MINUTES, CODE_VALID_MS, hashSecret, newCode, verifyAgainstDecoy, verifySecret } from './codes.ts';
import { ADDRESS_LIMITS, AddressLimiter, CLIENT_LIMITS } from './rate-limits.ts';
import { clearSessionCookie, endSession, endSessionsOf, startSession } from './sessions.ts';
import { accountCode, issueAccountCode, redeemCode, registrationCode } from './stored-codes.ts';

export const authRoutes: FastifyPluginAsync = async (app) => {
  const sendOtpPerAddress = new AddressLimiter(ADDRESS_LIMITS.sendOtp, app.now);
  const forgotPerAddress = new AddressLimiter(ADDRESS_LIMITS.forgotPassword, app.now);
  const loginFailuresPerAddress = new AddressLimiter(ADDRESS_LIMITS.loginFailures, app.now);

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

      const code = newCode();
      const now = app.now();
      const pending = {
        username: body.username,
        fullName: body.fullName.trim(),
        passwordHash: await hashSecret(body.password),
        codeHash: await hashSecret(code),
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
      await app.mailer.send(codeMessage(body.email, 'register', code, CODE_VALID_MINUTES));
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
        loginFailuresPerAddress.count(body.email);
        throw new HttpError(401, REFUSAL_MESSAGES.wrongCredentials);
      }
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
      // registered here. The mail goes out after the reply, so the timing does not tell either.
      const user = await findUserByEmail(app.db, body.email);
      if (user) {
        const code = await issueAccountCode(app.db, user, 'reset-password', app.now());
        app.mailer.send(codeMessage(user.email, 'reset-password', code, CODE_VALID_MINUTES)).catch((error: unknown) => {
          request.log.error({ err: error }, 'password reset mail could not be sent');
        });
      } else {
        await hashSecret(newCode());
      }
      return { message: SUCCESS_MESSAGES.resetOtpSent };
    },
  );

  contractRoute(app, 'auth.resetPassword', { rateLimit: CLIENT_LIMITS.resetPassword }, async ({ request, body }) => {
    const mismatch = passwordsMatchError(body.newPassword, body.confirmPassword);
    if (mismatch) throw new HttpError(400, mismatch);
    const user = await findUserByEmail(app.db, body.email);
    if (!user) throw new HttpError(400, REFUSAL_MESSAGES.invalidOtp);
    const passwordHash = await hashSecret(body.newPassword);
    await redeemCode(app.db, accountCode(user.id, 'reset-password'), body.otp, app.now(), async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      // Whoever knew the old password is signed out everywhere (except on this browser, when it
      // is the account's own session).
      const keep = request.viewer?.user.id === user.id ? request.viewer.sessionTokenHash : undefined;
      await endSessionsOf(tx, user.id, keep);
    });
    return { message: SUCCESS_MESSAGES.passwordReset };
  });

  contractRoute(app, 'users.requestDeleteOtp', { rateLimit: CLIENT_LIMITS.requestDeleteOtp }, async ({ viewer }) => {
    const code = await issueAccountCode(app.db, viewer.user, 'delete-account', app.now());
    await app.mailer.send(codeMessage(viewer.user.email, 'delete-account', code, CODE_VALID_MINUTES));
    return { message: SUCCESS_MESSAGES.deleteOtpSent };
  });

  contractRoute(app, 'users.confirmDelete', { rateLimit: CLIENT_LIMITS.verifyOtp }, async ({ reply, body, viewer }) => {
    const dropped = await redeemCode(app.db, accountCode(viewer.user.id, 'delete-account'), body.otp, app.now(), async (tx) =>
      // The files are journaled in the deleting transaction and deleted only after its commit.
      app.media.dropInTransaction(tx, await deleteAccount(tx, viewer.user.id)),
    );
    clearSessionCookie(app, reply);
    await app.media.deleteDropped(dropped);
    return { message: SUCCESS_MESSAGES.accountDeleted };
  });
};
