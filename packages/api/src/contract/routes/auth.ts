// Sign-in, registration, password reset and the third-party provider (spec §7, /api/auth).
import { z } from 'zod';
import { at } from '../endpoints.ts';
import { MessageBody, Availability, ProviderInfo, UserEnvelope } from '../schemas.ts';
import { REFUSAL_MESSAGES } from '../messages.ts';
import { Email, FullName, json, nonBlank, NonBlank, Otp, RegisterPassword, route, Username } from './define.ts';
import { SignInReply } from './two-factor.ts';

export const authRoutes = {
  'auth.verify': route({
    ...at('auth.verify'), tag: 'auth', auth: false,
    summary: 'The signed-in user of this session cookie; 401 without one.',
    response: UserEnvelope, errors: [401],
  }),
  'auth.login': route({
    ...at('auth.login'), tag: 'auth', auth: false,
    summary: 'Sign in with e-mail and password; sets the session cookie. On an account with two-factor sign-in the right password answers `{ twoFactorRequired: true, challenge }` and no session: `auth.loginTwoFactor` is the next step. 403 for a suspended account (once the password is right).',
    body: json(z.object({ email: nonBlank(REFUSAL_MESSAGES.emailAndPasswordRequired), password: z.string({ error: REFUSAL_MESSAGES.emailAndPasswordRequired }).min(1, { error: REFUSAL_MESSAGES.emailAndPasswordRequired }) })),
    response: SignInReply, errors: [400, 401, 403],
  }),
  'auth.logout': route({
    ...at('auth.logout'), tag: 'auth', auth: false,
    summary: 'End the session and clear the cookie. Body not shown by the spec: { message }.',
    response: MessageBody, errors: [],
  }),
  'auth.checkUsername': route({
    ...at('auth.checkUsername'), tag: 'auth', auth: false,
    summary: 'Whether a (normalised) username is free.',
    body: json(z.object({ username: z.string() })),
    response: Availability, errors: [400],
  }),
  'auth.checkEmail': route({
    ...at('auth.checkEmail'), tag: 'auth', auth: false,
    summary: 'Whether an e-mail address is free to register.',
    body: json(z.object({ email: z.string() })),
    response: Availability, errors: [400],
  }),
  'auth.sendOtp': route({
    ...at('auth.sendOtp'), tag: 'auth', auth: false,
    summary: 'Registration step 1: check the details and e-mail a one-time code.',
    body: json(
      z.object({
        fullName: FullName,
        username: Username,
        email: Email,
        password: RegisterPassword,
      }),
    ),
    response: MessageBody, errors: [400, 409],
  }),
  'auth.verifyOtp': route({
    ...at('auth.verifyOtp'), tag: 'auth', auth: false,
    summary: 'Registration step 2: the code creates the account.',
    body: json(z.object({ email: z.string(), otp: Otp })),
    response: MessageBody, errors: [400],
  }),
  'auth.forgotPassword': route({
    ...at('auth.forgotPassword'), tag: 'auth', auth: false,
    summary: 'E-mail a password-reset code. Answers the same whether or not the address has an account.',
    body: json(z.object({ email: Email })),
    response: MessageBody, errors: [400, 429],
  }),
  'auth.resetPassword': route({
    ...at('auth.resetPassword'), tag: 'auth', auth: false,
    summary: 'Set a new password with the e-mailed code. 403 for an account suspended since the code was sent (once the code is right).',
    body: json(
      z.object({
        email: Email,
        otp: Otp,
        newPassword: RegisterPassword,
        confirmPassword: z.string(),
      }),
    ),
    response: MessageBody, errors: [400, 403],
  }),
  // Not a call of spec §7: the login and register screens need to know whether to offer the
  // third-party sign-in and under which name. The browser starts the flow by opening `startUrl`.
  'auth.providerInfo': route({
    ...at('auth.providerInfo'), tag: 'auth', auth: false,
    summary: 'The configured third-party sign-in provider (display name, id, start URL), or null.',
    response: ProviderInfo, errors: [],
  }),
  // Registered after the fixed /api/auth/* paths; Fastify's router prefers static segments.
  'auth.provider': route({
    ...at('auth.provider'), tag: 'auth', auth: false,
    summary: 'Third-party sign-in: exchange the authorization code; `provider` is the lower-case provider name. Pass the `state` the provider sent back with the code. On an account with two-factor sign-in it answers `{ twoFactorRequired: true, challenge }` as `auth.login` does. 403 for a suspended account.',
    params: z.object({ provider: z.string().regex(/^[a-z0-9-]+$/) }),
    body: json(z.object({ code: NonBlank, state: z.string().optional() })),
    response: SignInReply, errors: [400, 401, 403, 404, 409],
  }),
} as const;
