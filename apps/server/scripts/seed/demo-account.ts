// The demo account every demo (and the web benchmark, which signs in with it) relies on.
// `npm run seed` creates it with everything a signed-in page needs: people it follows and
// who follow it, communities (one of its own), posts and unread notifications.
export const DEMO_ACCOUNT = {
  username: 'demo',
  email: 'demo@pitlane.example',
  fullName: 'Demo Driver',
  password: 'Pitlane@2026',
} as const;

/**
 * The site operator (issue 18, src/modules/moderation): the site's moderation queue, with open
 * cases, and the moderation log, with the case they dismissed. A staff account: no posts, no
 * follows. Signs in with the demo password.
 */
export const OPERATOR_ACCOUNT = {
  username: 'marshal',
  email: 'marshal@pitlane.example',
  fullName: 'Robin Marshall',
} as const;

/** Every other demo user signs in with the same password, at `<username>@pitlane.example`. */
export const DEMO_EMAIL_DOMAIN = 'pitlane.example';
