// Two-factor sign-in (issue 19): codes from an authenticator app (TOTP) after the password or the
// third-party provider, with recovery codes for a lost phone. These are the settings calls of the
// signed-in person; the sign-in step itself is `auth.loginTwoFactor` (routes/auth.ts).
//
// Setting it up takes two calls: `setup` makes a new secret (shown once, as a QR code and as text
// for typing in) and turns nothing on; `enable` with a code the app shows proves the app has it,
// turns two-factor sign-in on and answers the recovery codes, shown once. Turning it off and new
// recovery codes need a code as well, so a stolen session alone cannot weaken the account.
import { z } from 'zod';
import { at } from '../endpoints.ts';
import { TWO_FACTOR } from '../constants.ts';
import { MessageBody, UserEnvelope, type SessionUser } from '../schemas.ts';
import { REFUSAL_MESSAGES } from '../messages.ts';
import { json, nonBlank, NonBlank, route } from './define.ts';

/** A code from the authenticator app: 6 digits (the UI drops the space some apps show). */
export const TwoFactorCode = z
  .string({ error: REFUSAL_MESSAGES.twoFactorCodeRequired })
  .trim()
  .regex(new RegExp(`^\\d{${TWO_FACTOR.codeLength}}$`), { error: REFUSAL_MESSAGES.twoFactorCodeRequired });
/** One of the recovery codes, as shown (`abcde-fghjk`); case and hyphens do not matter. */
export const RecoveryCode = nonBlank(REFUSAL_MESSAGES.twoFactorCodeOrRecoveryCode);

/** A code from the app or a recovery code: exactly one of them. */
export const CodeOrRecoveryCode = z
  .object({ code: TwoFactorCode.optional(), recoveryCode: RecoveryCode.optional() })
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), { error: REFUSAL_MESSAGES.twoFactorCodeOrRecoveryCode });

export const TwoFactorStatus = z.object({
  enabled: z.boolean(),
  /** Recovery codes not used yet (0 while off). */
  recoveryCodesLeft: z.number().int().min(0),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

export const TwoFactorSetup = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  /** `otpauth://totp/Pitlane:<e-mail>?secret=…&issuer=Pitlane`: what the QR code holds. */
  otpauthUri: z.string(),
  /** The QR code of `otpauthUri` as an SVG document. */
  qrSvg: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetup>;

/** Shown once: only their hashes are kept. */
export const RecoveryCodes = z.object({ recoveryCodes: z.array(z.string()).length(TWO_FACTOR.recoveryCodeCount) });
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;

/** The answer of a sign-in (password or provider) on an account with two-factor sign-in: no session yet. */
export const TwoFactorRequired = z.object({
  twoFactorRequired: z.literal(true),
  /** Names this sign-in for `auth.loginTwoFactor`: good for 5 minutes and one success. */
  challenge: z.string(),
});
export type TwoFactorRequired = z.infer<typeof TwoFactorRequired>;

/** What a sign-in answers: the user (signed in), or the step that asks for the code. */
export const SignInReply = z.union([UserEnvelope, TwoFactorRequired]);
export type SignInReply = z.infer<typeof SignInReply>;

export const twoFactorSignInRoutes = {
  'auth.loginTwoFactor': route({
    ...at('auth.loginTwoFactor'), tag: 'auth', auth: false,
    summary: 'Second step of a sign-in that answered `twoFactorRequired`: the challenge with a code from the app or a recovery code (used up). Sets the session cookie. 400 for a wrong code or a challenge that expired, was used, or had 5 wrong codes; 429 after 10 wrong codes on the account in 15 minutes.',
    body: json(z.object({ challenge: NonBlank, code: TwoFactorCode.optional(), recoveryCode: RecoveryCode.optional() }).refine(
      (body) => (body.code === undefined) !== (body.recoveryCode === undefined),
      { error: REFUSAL_MESSAGES.twoFactorCodeOrRecoveryCode },
    )),
    response: UserEnvelope, errors: [400, 403, 429],
  }),
} as const;

export const twoFactorRoutes = {
  'twoFactor.status': route({
    ...at('twoFactor.status'), tag: 'auth', auth: true,
    summary: 'Whether the viewer has two-factor sign-in on, and how many recovery codes are left.',
    response: TwoFactorStatus, errors: [401],
  }),
  'twoFactor.setup': route({
    ...at('twoFactor.setup'), tag: 'auth', auth: true,
    summary: 'Start setting up two-factor sign-in: a new secret (replacing an unfinished setup), its otpauth URI and QR code. Nothing is on until `enable`. 409 when it is on already.',
    response: TwoFactorSetup, errors: [401, 409],
  }),
  'twoFactor.enable': route({
    ...at('twoFactor.enable'), tag: 'auth', auth: true,
    summary: 'Finish the setup with a code the app shows: turns two-factor sign-in on and answers 10 recovery codes, shown once. 400 for a wrong code or without a setup; 409 when it is on already; 429 after 10 wrong codes in 15 minutes.',
    body: json(z.object({ code: TwoFactorCode })),
    response: RecoveryCodes, errors: [400, 401, 409, 429],
  }),
  'twoFactor.disable': route({
    ...at('twoFactor.disable'), tag: 'auth', auth: true,
    summary: 'Turn two-factor sign-in off with a code from the app or a recovery code; the secret and recovery codes are deleted. 400 for a wrong code or when it is off; 429 after 10 wrong codes in 15 minutes.',
    body: json(CodeOrRecoveryCode),
    response: MessageBody, errors: [400, 401, 429],
  }),
  'twoFactor.regenerateRecoveryCodes': route({
    ...at('twoFactor.regenerateRecoveryCodes'), tag: 'auth', auth: true,
    summary: 'New recovery codes (the old ones stop working) with a code from the app. 400 for a wrong code or when it is off; 429 after 10 wrong codes in 15 minutes.',
    body: json(z.object({ code: TwoFactorCode })),
    response: RecoveryCodes, errors: [400, 401, 429],
  }),
} as const;

/**
 * The user of a sign-in reply that needed no second step. For callers that know the account has
 * no two-factor sign-in (tests, the mocks' tools): a reply asking for the code throws.
 */
export function signedInUser(reply: SignInReply): SessionUser {
  if ('user' in reply) return reply.user;
  throw new Error('this sign-in asks for a two-factor code');
}
