import { describe, expect, it } from 'vitest';
import { FORM_MESSAGES, REFUSAL_MESSAGES, signedInUser, SUCCESS_MESSAGES } from '../contract/index.ts';
import { PASSWORD, refusal, type World } from './world.ts';

export function authBehaviour(world: World): void {
  describe('auth', () => {
    const details = { fullName: 'Maya Fischer', username: 'maya.drives', email: 'maya@pitlane.test', password: PASSWORD };

    it('registers with an e-mailed code, then logs in and verifies the session', async () => {
      const api = world.target.newBrowser();
      expect(await api.call('auth.checkUsername', { body: { username: 'maya.drives' } })).toEqual({ available: true });
      expect(await api.call('auth.checkEmail', { body: { email: 'maya@pitlane.test' } })).toEqual({ available: true });
      expect(await api.call('auth.sendOtp', { body: details })).toEqual({ message: SUCCESS_MESSAGES.otpSent });
      const otp = await world.target.readOtp('maya@pitlane.test');
      expect(await api.call('auth.verifyOtp', { body: { email: 'maya@pitlane.test', otp } })).toEqual({ message: SUCCESS_MESSAGES.registered });

      expect(await refusal(api.call('auth.verify'))).toEqual({ status: 401, message: REFUSAL_MESSAGES.notSignedIn });
      const user = signedInUser(await api.call('auth.login', { body: { email: 'maya@pitlane.test', password: PASSWORD } }));
      expect(user).toMatchObject({ fullName: 'Maya Fischer', username: 'maya.drives', email: 'maya@pitlane.test', followers: [], following: [], communities: [] });
      expect((await api.call('auth.verify')).user).toEqual(user);

      expect(await api.call('auth.checkUsername', { body: { username: 'Maya.Drives!' } })).toEqual({ available: false });
      expect(await api.call('auth.checkEmail', { body: { email: 'maya@pitlane.test' } })).toEqual({ available: false });
    });

    it('refuses weak passwords, invalid names, usernames and e-mail addresses with sentences', async () => {
      const api = world.target.newBrowser();
      const send = (change: Partial<typeof details>) => refusal(api.call('auth.sendOtp', { body: { ...details, ...change } }));
      expect(await send({ password: 'apex2024' })).toEqual({ status: 400, message: REFUSAL_MESSAGES.weakPassword });
      expect(await send({ password: 'Apex@2024#' })).toEqual({ status: 400, message: REFUSAL_MESSAGES.weakPassword });
      expect(await send({ fullName: 'M' })).toEqual({ status: 400, message: REFUSAL_MESSAGES.invalidFullName });
      expect(await send({ fullName: 'Maya 911' })).toEqual({ status: 400, message: REFUSAL_MESSAGES.invalidFullName });
      expect(await send({ username: 'Maya Drives' })).toEqual({ status: 400, message: REFUSAL_MESSAGES.invalidUsername });
      expect(await send({ email: 'maya@pitlane' })).toEqual({ status: 400, message: REFUSAL_MESSAGES.invalidEmail });
    });

    it('refuses a username or e-mail address that is already registered', async () => {
      const maya = await world.person('maya');
      const api = world.target.newBrowser();
      expect(await refusal(api.call('auth.sendOtp', { body: { ...details, username: maya.username } }))).toEqual({ status: 409, message: REFUSAL_MESSAGES.usernameTaken });
      expect(await refusal(api.call('auth.sendOtp', { body: { ...details, email: maya.email.toUpperCase() } }))).toEqual({ status: 409, message: REFUSAL_MESSAGES.emailRegistered });
    });

    it('refuses a wrong code and creates no account', async () => {
      const api = world.target.newBrowser();
      await api.call('auth.sendOtp', { body: details });
      const otp = await world.target.readOtp(details.email);
      const wrong = otp === '000000' ? '111111' : '000000';
      expect(await refusal(api.call('auth.verifyOtp', { body: { email: details.email, otp: wrong } }))).toEqual({ status: 400, message: REFUSAL_MESSAGES.invalidOtp });
      expect(await refusal(api.call('auth.login', { body: { email: details.email, password: PASSWORD } }))).toEqual({ status: 401, message: REFUSAL_MESSAGES.wrongCredentials });
    });

    it('refuses a wrong password and an unknown e-mail address alike', async () => {
      const maya = await world.person('maya');
      const api = world.target.newBrowser();
      expect(await refusal(api.call('auth.login', { body: { email: maya.email, password: 'Wrong@2024' } }))).toEqual({ status: 401, message: REFUSAL_MESSAGES.wrongCredentials });
      expect(await refusal(api.call('auth.login', { body: { email: 'nobody@pitlane.test', password: PASSWORD } }))).toEqual({ status: 401, message: REFUSAL_MESSAGES.wrongCredentials });
      expect(await refusal(api.call('auth.login', { body: { email: '', password: '' } }))).toEqual({ status: 400, message: REFUSAL_MESSAGES.emailAndPasswordRequired });
    });

    it('keeps one session per browser; logout ends only that one', async () => {
      const maya = await world.person('maya');
      const laptop = maya.api;
      const phone = world.target.newBrowser();
      await phone.call('auth.login', { body: { email: maya.email, password: maya.password } });
      expect(await laptop.call('auth.logout')).toEqual({ message: SUCCESS_MESSAGES.loggedOut });
      expect(await refusal(laptop.call('auth.verify'))).toEqual({ status: 401, message: REFUSAL_MESSAGES.notSignedIn });
      expect((await phone.call('auth.verify')).user.username).toBe(maya.username);
    });

    it('answers 401 with a message to every protected call without a session', async () => {
      const api = world.target.newBrowser();
      for (const call of [api.call('posts.feed'), api.call('notifications.unreadCount'), api.call('suggestions.list'), api.call('users.profile', { params: { username: 'anyone' } })]) {
        expect(await refusal(call)).toEqual({ status: 401, message: REFUSAL_MESSAGES.notSignedIn });
      }
    });

    it('resets a forgotten password with an e-mailed code', async () => {
      const maya = await world.person('maya');
      const api = world.target.newBrowser();
      // An unknown address gets the same answer as a known one: the reply reveals nothing.
      expect(await api.call('auth.forgotPassword', { body: { email: 'nobody@pitlane.test' } })).toEqual({ message: SUCCESS_MESSAGES.resetOtpSent });
      expect(await api.call('auth.forgotPassword', { body: { email: maya.email } })).toEqual({ message: SUCCESS_MESSAGES.resetOtpSent });
      const otp = await world.target.readOtp(maya.email);
      const reset = { email: maya.email, otp, newPassword: 'Boxer@356', confirmPassword: 'Boxer@356' };
      expect(await refusal(api.call('auth.resetPassword', { body: { ...reset, confirmPassword: 'Boxer@357' } }))).toEqual({ status: 400, message: FORM_MESSAGES.passwordsDoNotMatch });
      expect(await refusal(api.call('auth.resetPassword', { body: { ...reset, newPassword: 'boxer', confirmPassword: 'boxer' } }))).toEqual({ status: 400, message: REFUSAL_MESSAGES.weakPassword });
      expect(await api.call('auth.resetPassword', { body: reset })).toEqual({ message: SUCCESS_MESSAGES.passwordReset });
      expect(await refusal(api.call('auth.resetPassword', { body: reset }))).toEqual({ status: 400, message: REFUSAL_MESSAGES.invalidOtp });
      expect(await refusal(api.call('auth.login', { body: { email: maya.email, password: maya.password } }))).toMatchObject({ status: 401 });
      expect(signedInUser(await api.call('auth.login', { body: { email: maya.email, password: 'Boxer@356' } })).username).toBe(maya.username);
    });

    it('deletes an account with an e-mailed code: the session ends and the content goes', async () => {
      const [maya, kenji] = await world.people('maya', 'kenji');
      const post = await world.post(maya);
      expect(await maya.api.call('users.requestDeleteOtp')).toEqual({ message: SUCCESS_MESSAGES.deleteOtpSent });
      const otp = await world.target.readOtp(maya.email);
      expect(await refusal(maya.api.call('users.confirmDelete', { body: { otp: otp === '000000' ? '111111' : '000000' } }))).toEqual({ status: 400, message: REFUSAL_MESSAGES.invalidOtp });
      expect(await maya.api.call('users.confirmDelete', { body: { otp } })).toEqual({ message: SUCCESS_MESSAGES.accountDeleted });
      expect(await refusal(maya.api.call('auth.verify'))).toMatchObject({ status: 401 });
      expect(await refusal(world.target.newBrowser().call('auth.login', { body: { email: maya.email, password: maya.password } }))).toMatchObject({ status: 401 });
      expect(await refusal(kenji.api.call('users.profile', { params: { username: maya.username } }))).toEqual({ status: 404, message: 'User not found.' });
      expect(await refusal(kenji.api.call('posts.get', { params: { id: post._id } }))).toEqual({ status: 404, message: 'Post not found.' });
    });
  });
}
