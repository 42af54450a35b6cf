// The behaviour target over the mock backend: every browser's fetch goes through the MSW
// handlers (without patching globals) into one fresh fake, with its own cookie jar.
import { createApiClient } from '../client/index.ts';
import { createMockBackend, fetchThroughHandlers, fixtures, handlers, MOCK_ORIGIN, samplePngFile } from '../mocks/index.ts';
import { withCookieJar } from './cookie-jar.ts';
import type { BehaviourTarget } from './target.ts';

export function createMockTarget(): BehaviourTarget & { backend: ReturnType<typeof createMockBackend> } {
  const backend = createMockBackend(fixtures.blank());
  const list = handlers(backend);
  return {
    backend,
    newBrowser: () => createApiClient({ baseUrl: MOCK_ORIGIN, fetch: withCookieJar(fetchThroughHandlers(list)).fetch }),
    async readOtp(email) {
      const otp = backend.lastOtp(email);
      if (otp === undefined) throw new Error(`No code was e-mailed to ${email}.`);
      return otp;
    },
    imageFile: (name) => samplePngFile(name),
    async makeOperator(userId) {
      const user = backend.state.users.find((u) => u.id === userId);
      if (!user) throw new Error(`makeOperator: no user ${userId}`);
      user.operator = true;
    },
  };
}
