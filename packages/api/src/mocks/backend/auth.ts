// Sign-in, sessions, registration with an e-mailed code, password reset and the fake's identity provider.
import { FORM_MESSAGES, REFUSAL_MESSAGES, SUCCESS_MESSAGES, isValidUsername, normalizeUsername } from '../../contract/index.ts';
import { avatarImage } from '../images.ts';
import { refuse, type DomainRoutes } from './context.ts';
import type { World } from './world.ts';
import { twoFactorChallenge, twoFactorSignInRoutes } from './two-factor.ts';

export function authRoutes(world: World): DomainRoutes<'auth'> {
  const { state, pending, now, newId, newOtp, takeOtp, userByUsername, userByEmail, sessionUser } = world;
  return {
    ...twoFactorSignInRoutes(world),
    // The fake has no third-party provider configured (stories that need one override this route).
    'auth.providerInfo': () => ({ provider: null }),
    'auth.verify': ({ maybeViewer }) => ({ user: sessionUser(maybeViewer ?? refuse(401, REFUSAL_MESSAGES.notSignedIn)) }),

    'auth.login': ({ body, startSession }) => {
      const user = userByEmail(body.email);
      if (!user || user.password !== body.password) refuse(401, REFUSAL_MESSAGES.wrongCredentials);
      if (user!.suspended === true) refuse(403, REFUSAL_MESSAGES.accountSuspended);
      const challenge = twoFactorChallenge(world, user!);
      if (challenge) return challenge;
      startSession(user!);
      return { user: sessionUser(user!) };
    },

    'auth.logout': ({ endSession }) => {
      endSession();
      return { message: SUCCESS_MESSAGES.loggedOut };
    },

    'auth.checkUsername': ({ body }) => {
      const username = normalizeUsername(body.username);
      return { available: isValidUsername(username) && !userByUsername(username) };
    },

    'auth.checkEmail': ({ body }) => ({ available: !userByEmail(body.email) }),

    'auth.sendOtp': ({ body }) => {
      const email = body.email.trim().toLowerCase();
      if (userByUsername(body.username)) refuse(409, REFUSAL_MESSAGES.usernameTaken);
      if (userByEmail(email)) refuse(409, REFUSAL_MESSAGES.emailRegistered);
      pending.set(email, { fullName: body.fullName.trim(), username: body.username, email, password: body.password });
      newOtp(email);
      return { message: SUCCESS_MESSAGES.otpSent };
    },

    'auth.verifyOtp': ({ body }) => {
      const email = body.email.trim().toLowerCase();
      const details = pending.get(email) ?? refuse(400, REFUSAL_MESSAGES.invalidOtp);
      takeOtp(email, body.otp);
      pending.delete(email);
      // Someone may have taken the name while the code was in the mail.
      if (userByUsername(details.username)) refuse(409, REFUSAL_MESSAGES.usernameTaken);
      if (userByEmail(email)) refuse(409, REFUSAL_MESSAGES.emailRegistered);
      state.users.push({ id: newId('user'), ...details, profilePictureUrl: avatarImage(details.fullName), createdAt: now() });
      return { message: SUCCESS_MESSAGES.registered };
    },

    // The same reply whether or not the address has an account: it reveals nothing.
    'auth.forgotPassword': ({ body }) => {
      const user = userByEmail(body.email);
      // A suspended account gets no code (the answer is the same).
      if (user && user.suspended !== true) newOtp(user.email);
      return { message: SUCCESS_MESSAGES.resetOtpSent };
    },

    'auth.resetPassword': ({ body }) => {
      if (body.newPassword !== body.confirmPassword) refuse(400, FORM_MESSAGES.passwordsDoNotMatch);
      const user = userByEmail(body.email) ?? refuse(400, REFUSAL_MESSAGES.invalidOtp);
      takeOtp(user.email, body.otp);
      // A code sent before a suspension: refused once it is right.
      if (user.suspended === true) refuse(403, REFUSAL_MESSAGES.accountSuspended);
      user.password = body.newPassword;
      return { message: SUCCESS_MESSAGES.passwordReset };
    },

    // The fake's identity provider accepts codes of the form `mock-code:<e-mail>`.
    'auth.provider': ({ body, startSession }) => {
      const match = /^mock-code:(.+@.+)$/.exec(body.code);
      if (!match) return refuse(401, REFUSAL_MESSAGES.providerCodeInvalid);
      const email = match[1]!.toLowerCase();
      let user = userByEmail(email);
      if (!user) {
        const local = normalizeUsername(email.split('@')[0]!) || 'driver';
        let username = local;
        for (let n = 2; userByUsername(username); n++) username = `${local}${n}`;
        user = { id: newId('user'), username, fullName: local, email, password: '', profilePictureUrl: avatarImage(local), createdAt: now() };
        state.users.push(user);
      }
      if (user.suspended === true) refuse(403, REFUSAL_MESSAGES.accountSuspended);
      const challenge = twoFactorChallenge(world, user);
      if (challenge) return challenge;
      startSession(user);
      return { user: sessionUser(user) };
    },
  };
}
