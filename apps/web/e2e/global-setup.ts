import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startOidcProvider } from '../../server/test/oidc-provider.ts';
import { OIDC_PROVIDER_NAME } from './fixtures.ts';
import { startMailSink } from './mail-sink.ts';
import { freePort } from '../../../scripts/free-port.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Starts the built product on a free port with an empty temporary DATA_DIR, a real SMTP sink
 * and a real OpenID Connect provider (the server tests' one, with its sign-in and consent pages).
 */
export default async function globalSetup() {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pitlane-e2e-'));
  const baseURL = `http://127.0.0.1:${port}`;
  // Real mail over SMTP: tests read registration and reset codes from what arrives.
  const mailDir = path.join(dataDir, 'mail');
  const mail = await startMailSink(mailDir);
  const clientId = 'pitlane-e2e';
  const clientSecret = 'pitlane-e2e-secret';
  const oidc = await startOidcProvider({ clientId, clientSecret, redirectUri: `${baseURL}/login`, interactive: true, displayName: OIDC_PROVIDER_NAME });
  const server = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      DATABASE_URL: '',
      SMTP_URL: mail.url,
      OIDC_ISSUER: oidc.issuer,
      OIDC_CLIENT_ID: clientId,
      OIDC_CLIENT_SECRET: clientSecret,
      OIDC_PROVIDER_NAME,
      // Every account of the suite signs up from 127.0.0.1; the server's own tests cover the limits.
      RATE_LIMIT_ALLOW_LIST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) =>
    server.once('exit', (code) => reject(new Error(`The server exited early with code ${code}`))),
  );
  await Promise.race([waitForHealth(baseURL), exited]);
  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_OIDC_ISSUER = oidc.issuer;

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await mail.close();
    await oidc.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}

async function waitForHealth(baseURL: string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not answer ${baseURL}/api/health within 60 s`);
}
