// One of the contract's message files (../messages.ts says why they are apart).

/**
 * The refusals of signing in and up, apart from the other refusals: the sign-in form shows one
 * of them itself, and with the rest beside it /login's first load carried every refusal of the
 * site (2.3 KB gzip, issue 22). They are part of REFUSAL_MESSAGES too, under the same names.
 */
export const SIGN_IN_REFUSALS = {
  emailAndPasswordRequired: 'Enter your e-mail address and password.',
  otpRequired: 'Enter the verification code.',
  notSignedIn: 'Please log in to continue.',
  wrongCredentials: 'Invalid email or password.',
  usernameTaken: 'That username is already taken.',
  emailRegistered: 'That e-mail address is already registered.',
  invalidOtp: 'The verification code is invalid or has expired.',
  providerCodeInvalid: 'The sign-in code is invalid or has expired.',
} as const;
