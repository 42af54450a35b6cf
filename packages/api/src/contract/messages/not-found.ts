// One of the contract's message files (../messages.ts says why they are apart).

/** Missing-resource messages (spec §8). The server answers 404 with these. */
export const NOT_FOUND_MESSAGES = {
  user: 'User not found.',
  community: 'Community not found.',
  post: 'Post not found.',
  car: 'Car not found.',
  logEntry: 'Log entry not found.',
  meet: 'Meet not found.',
  // Block (issue 18): what someone who blocked the viewer, and what they wrote, answer to the viewer.
  profileUnavailable: 'This profile is not available.',
  postUnavailable: 'This post is not available.',
  carUnavailable: 'This car is not available.',
  meetUnavailable: 'This meet is not available.',
  // Moderation (issue 18): a case whose reports were all handled already (by another moderator).
  noOpenReports: 'There are no open reports on this any more.',
  // Active sessions (issue 19): an id that is not one of the viewer's sessions, someone else's too.
  session: 'Session not found.',
} as const;
