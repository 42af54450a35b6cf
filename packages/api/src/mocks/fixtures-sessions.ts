// The viewer's sessions in the standard fixture (issue 19, active sessions): the one a story's
// requests come with (this browser), a phone and a laptop she signed in on before.
import type { MockSession } from './state.ts';

/** Well-known sessions of the standard fixture (`FIXTURE_SESSIONS`). */
export const FIXTURE_SESSIONS = {
  /** The session of requests without a cookie: the story's own browser. */
  current: 'session-maya-mac',
  /** Used two hours ago. */
  phone: 'session-maya-iphone',
  /** Used nine days ago. */
  laptop: 'session-maya-windows',
} as const;

/** The sessions of `userId` (the standard viewer): the current one and two others. `ago` is minutes before FIXTURE_NOW. */
export function standardSessions(userId: string, ago: (minutes: number) => string): MockSession[] {
  const H = 60;
  const D = 24 * H;
  return [
    { id: FIXTURE_SESSIONS.current, userId, token: null, device: 'Chrome on macOS', createdAt: ago(20 * D), lastActiveAt: ago(5) },
    { id: FIXTURE_SESSIONS.phone, userId, token: 'fixture-token-maya-iphone', device: 'Safari on iOS', createdAt: ago(45 * D), lastActiveAt: ago(2 * H) },
    { id: FIXTURE_SESSIONS.laptop, userId, token: 'fixture-token-maya-windows', device: null, createdAt: ago(60 * D), lastActiveAt: ago(9 * D) },
  ];
}
