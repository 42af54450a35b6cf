// What the API benchmarks share: the server's settings for a run on a scale data set
// (production, logs off, rate limits off for loopback), and signing in over HTTP.
import { loadConfig, type Config, type Environment } from '../../src/config.ts';
import { SESSION_COOKIE } from '../../src/modules/auth/sessions.ts';

export function benchConfig(databaseUrl: string, env: Environment = {}): Config {
  return loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: databaseUrl,
    ...(process.env.DATA_DIR ? { DATA_DIR: process.env.DATA_DIR } : {}),
    RATE_LIMIT_ALLOW_LIST: '127.0.0.1,::1,::ffff:127.0.0.1',
    ...env,
  });
}

/** Signs in over HTTP; the session cookie as a `cookie` header sends it. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!response.ok || !cookie) throw new Error(`Signing in as ${email} answered ${response.status}: ${await response.text()}`);
  return cookie.split(';')[0]!;
}
