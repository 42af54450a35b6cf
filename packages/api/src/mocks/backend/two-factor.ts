// Two-factor sign-in (issue 19; apps/server/src/modules/two-factor): setup, turning on and off,
// recovery codes and the sign-in's second step, with the server's rules on what is refused. Its
// authenticator app is a constant: every code it shows is MOCK_TWO_FACTOR_CODE, so stories and
// the mock dev mode can type it; time, drift and replay are the real server's business.
import { REFUSAL_MESSAGES, SUCCESS_MESSAGES, TWO_FACTOR, type RecoveryCodes, type TwoFactorRequired, type TwoFactorSetup } from '../../contract/index.ts';
import type { MockTwoFactor, MockUser } from '../state.ts';
import { refuse, type Context, type DomainRoutes, type Implementation } from './context.ts';
import type { World } from './world.ts';

export const MOCK_TWO_FACTOR_CODE = '246810';
/** The fake's secret for every setup (base32, as the server's). */
export const MOCK_TWO_FACTOR_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
/** A small, valid-looking QR picture: the fake draws no real QR code. */
const MOCK_QR_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 7 7" shape-rendering="crispEdges"><path fill="#fff" d="M0 0h7v7H0z"/><path stroke="#000" d="M0 .5h7M0 6.5h7M.5 0v7M6.5 0v7M2 3.5h3"/></svg>';

const recordsOf = (world: World): MockTwoFactor[] => (world.state.twoFactor ??= []);
/** Challenges waiting for their code, per world: token → user and tries used. */
const challenges = new WeakMap<World, Map<string, { userId: string; attempts: number }>>();
const challengesOf = (world: World) => {
  let map = challenges.get(world);
  if (!map) challenges.set(world, (map = new Map()));
  return map;
};

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** Ten codes that look like the server's (`abcde-fghjk`), different for each call, the same in every run. */
const recoveryCodes = (world: World): string[] => {
  const serial = Number(world.newId('recovery').slice('recovery-'.length));
  return Array.from({ length: TWO_FACTOR.recoveryCodeCount }, (_, i) => {
    const chars = Array.from({ length: 10 }, (__, j) => ALPHABET[(serial * 11 + i * 7 + j * j * 5 + j * 3) % ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
};
const normal = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

/** What a sign-in of `user` answers instead of a session when two-factor sign-in is on; else null. */
export function twoFactorChallenge(world: World, user: MockUser): TwoFactorRequired | null {
  if (!recordsOf(world).some((r) => r.userId === user.id && r.enabled)) return null;
  const challenge = world.newId('challenge');
  challengesOf(world).set(challenge, { userId: user.id, attempts: 0 });
  return { twoFactorRequired: true, challenge };
}

/** Checks a code or recovery code of `record` (a recovery code is used up); refuses a wrong one. */
function prove(record: MockTwoFactor, body: { code?: string | undefined; recoveryCode?: string | undefined }): void {
  if (body.code !== undefined) {
    if (body.code !== MOCK_TWO_FACTOR_CODE) refuse(400, REFUSAL_MESSAGES.twoFactorCodeWrong);
    return;
  }
  const index = record.recoveryCodes.findIndex((code) => normal(code) === normal(body.recoveryCode ?? ''));
  if (index < 0) refuse(400, REFUSAL_MESSAGES.recoveryCodeWrong);
  record.recoveryCodes.splice(index, 1);
}

export function twoFactorSignInRoutes(world: World): Pick<Implementation, 'auth.loginTwoFactor'> {
  return {
    'auth.loginTwoFactor': ({ body, startSession }: Context<'auth.loginTwoFactor'>) => {
      const pending = challengesOf(world).get(body.challenge);
      if (!pending || pending.attempts >= TWO_FACTOR.challengeAttempts) return refuse(400, REFUSAL_MESSAGES.twoFactorChallengeExpired);
      pending.attempts++;
      const record = recordsOf(world).find((r) => r.userId === pending.userId && r.enabled) ?? refuse(400, REFUSAL_MESSAGES.twoFactorChallengeExpired);
      prove(record, body);
      challengesOf(world).delete(body.challenge);
      const user = world.userById(pending.userId) ?? refuse(400, REFUSAL_MESSAGES.twoFactorChallengeExpired);
      if (user.suspended === true) refuse(403, REFUSAL_MESSAGES.accountSuspended);
      startSession(user);
      return { user: world.sessionUser(user) };
    },
  };
}

export function twoFactorRoutes(world: World): DomainRoutes<'twoFactor'> {
  const records = recordsOf(world);
  const mine = (viewer: MockUser) => records.find((r) => r.userId === viewer.id);
  const on = (viewer: MockUser) => {
    const record = mine(viewer);
    return record?.enabled ? record : refuse(400, REFUSAL_MESSAGES.twoFactorNotOn);
  };

  return {
    'twoFactor.status': ({ viewer }) => {
      const record = mine(viewer);
      return record?.enabled ? { enabled: true, recoveryCodesLeft: record.recoveryCodes.length } : { enabled: false, recoveryCodesLeft: 0 };
    },

    'twoFactor.setup': ({ viewer }): TwoFactorSetup => {
      const record = mine(viewer);
      if (record?.enabled) refuse(409, REFUSAL_MESSAGES.twoFactorAlreadyOn);
      if (record) records.splice(records.indexOf(record), 1);
      records.push({ userId: viewer.id, secret: MOCK_TWO_FACTOR_SECRET, enabled: false, recoveryCodes: [] });
      const label = encodeURIComponent(viewer.email);
      return {
        secret: MOCK_TWO_FACTOR_SECRET,
        otpauthUri: `otpauth://totp/${TWO_FACTOR.issuer}:${label}?secret=${MOCK_TWO_FACTOR_SECRET}&issuer=${TWO_FACTOR.issuer}`,
        qrSvg: MOCK_QR_SVG,
      };
    },

    'twoFactor.enable': ({ body, viewer }): RecoveryCodes => {
      const record = mine(viewer) ?? refuse(400, REFUSAL_MESSAGES.twoFactorSetupFirst);
      if (record.enabled) refuse(409, REFUSAL_MESSAGES.twoFactorAlreadyOn);
      if (body.code !== MOCK_TWO_FACTOR_CODE) refuse(400, REFUSAL_MESSAGES.twoFactorCodeWrong);
      record.enabled = true;
      record.recoveryCodes = recoveryCodes(world);
      return { recoveryCodes: [...record.recoveryCodes] };
    },

    'twoFactor.disable': ({ body, viewer }) => {
      const record = on(viewer);
      prove(record, body);
      records.splice(records.indexOf(record), 1);
      for (const [token, pending] of challengesOf(world)) if (pending.userId === viewer.id) challengesOf(world).delete(token);
      return { message: SUCCESS_MESSAGES.twoFactorOff };
    },

    'twoFactor.regenerateRecoveryCodes': ({ body, viewer }): RecoveryCodes => {
      const record = on(viewer);
      if (body.code !== MOCK_TWO_FACTOR_CODE) refuse(400, REFUSAL_MESSAGES.twoFactorCodeWrong);
      record.recoveryCodes = recoveryCodes(world);
      return { recoveryCodes: [...record.recoveryCodes] };
    },
  };
}
