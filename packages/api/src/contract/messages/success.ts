// One of the contract's message files (../messages.ts says why they are apart).

/** Success replies of calls that answer `{ message }`. */
export const SUCCESS_MESSAGES = {
  otpSent: 'A verification code has been sent to your e-mail.',
  registered: 'Registration successful! You can now log in.',
  resetOtpSent: 'If an account uses this e-mail, a password reset code has been sent to it.',
  passwordReset: 'Your password has been reset. You can now log in.',
  deleteOtpSent: 'A confirmation code has been sent to your e-mail.',
  accountDeleted: 'Your account has been deleted.',
  loggedOut: 'Logged out.',
  postDeleted: 'Post deleted.',
  commentDeleted: 'Comment deleted.',
  communityDeleted: 'Community deleted.',
  notificationsRead: 'All notifications marked as read.',
  notificationsCleared: 'All notifications deleted.',
  carDeleted: 'Car removed from the garage.',
  logEntryDeleted: 'Log entry deleted.',
  // Reports and moderation (issue 18).
  reportSent: 'Thanks for telling us. The moderators will look at it.',
  reportsDismissed: 'Reports dismissed.',
  contentRemoved: 'Removed. The author was told why.',
  accountSuspended: 'Account suspended.',
  suspensionLifted: 'Suspension lifted.',
  // Active sessions (issue 19).
  sessionEnded: 'Signed out of that session.',
  otherSessionsEnded: 'Signed out of the other sessions.',
  // Two-factor sign-in (issue 19).
  twoFactorOff: 'Two-factor sign-in is off.',
} as const;
