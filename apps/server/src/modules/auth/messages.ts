// Replies of the identity work that the contract's message tables do not hold (they concern
// the server's own protections). Whole sentences, shown to the user as they are.
export const AUTH_MESSAGES = {
  /** 429 from every rate limit. */
  tooManyRequests: 'Too many attempts. Please wait a few minutes and try again.',
  /** 403 for a state-changing call whose Origin (or Referer) is another site. */
  crossSite: 'This request came from another site and was refused.',
  /** 409: the provider's e-mail belongs to an account, but the provider has not verified it. */
  providerEmailUnverified:
    'An account with this e-mail address already exists. Log in with your e-mail address and password.',
  /** 400: the provider shared no e-mail address, and every account needs one. */
  providerNoEmail: 'The sign-in provider did not share your e-mail address, so no account can be created.',
  /**
   * 503: the e-mail with a code could not be sent (the mail server is down or did not answer in
   * time). Spec §8 has only the client's fallbacks ("Registration failed.", "Failed to send
   * OTP."); the server's message comes first and says what happened and what to do.
   */
  mailNotSent: 'We could not send the e-mail with your code. Please try again in a few minutes.',
  /** 502: the identity provider could not be reached or answered nonsense. */
  providerUnavailable: 'The sign-in provider is not reachable. Please try again later.',
} as const;
