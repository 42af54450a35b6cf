// Two-factor sign-in (issue 19) in a seed: `withTwoFactor(fixtures.standard(), 'maya.drives')`
// turns it on for that user, with the recovery codes given (default: three of them left).
import { MOCK_TWO_FACTOR_SECRET } from './backend/two-factor.ts';
import type { MockSeed } from './state.ts';

export const FIXTURE_RECOVERY_CODES = ['abcde-fghjk', 'mnpqr-stuvw', 'xyz23-45678'];

export function withTwoFactor(seed: MockSeed, username: string, recoveryCodes: readonly string[] = FIXTURE_RECOVERY_CODES): MockSeed {
  const user = seed.users.find((u) => u.username === username);
  if (!user) throw new Error(`withTwoFactor: no user ${username} in the seed`);
  seed.twoFactor = [...(seed.twoFactor ?? []).filter((r) => r.userId !== user.id), { userId: user.id, secret: MOCK_TWO_FACTOR_SECRET, enabled: true, recoveryCodes: [...recoveryCodes] }];
  return seed;
}
