// The production server with demo data, as the e2e setup starts it, and signing in to it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort } from '../free-port.ts';
import { distDir, option, repoRoot, useTls } from './options.ts';

interface Account {
  email: string;
  password: string;
  username: string;
}

export interface Served {
  baseUrl: string;
  account: Account;
  demoData: boolean;
  stop: () => Promise<void>;
}

async function waitForHealth(baseUrl: string, exited: Promise<never>): Promise<void> {
  const deadline = Date.now() + 60_000;
  const poll = async () => {
    while (Date.now() < deadline) {
      try {
        if ((await fetch(`${baseUrl}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`The server did not answer ${baseUrl}/api/health within 60 s`);
  };
  await Promise.race([poll(), exited]);
}

/**
 * --tls: a certificate for 127.0.0.1 made for this run (openssl), beside the data. This process's
 * own requests (health, sign-in) go to that loopback server only, so it stops checking
 * certificates; the browsers are told to accept it (fetched.ts, lighthouse.ts).
 */
function selfSignedCertificate(dir: string): { TLS_CERT: string; TLS_KEY: string } {
  const files = { TLS_CERT: path.join(dir, 'bench-cert.pem'), TLS_KEY: path.join(dir, 'bench-key.pem') };
  const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', files.TLS_KEY, '-out', files.TLS_CERT], { stdio: 'ignore' });
  if (made.status !== 0) throw new Error('--tls needs openssl to make a certificate.');
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  return files;
}

const seedScript = path.join(repoRoot, 'apps/server/scripts/seed.ts');
const demoAccountModule = path.join(repoRoot, 'apps/server/scripts/seed/demo-account.ts');

export async function startServer(): Promise<Served> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pitlane-bench-web-'));
  const baseUrl = `${useTls ? 'https' : 'http'}://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...(useTls ? selfSignedCertificate(dataDir) : {}),
    WEB_DIST_DIR: distDir,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    DATABASE_URL: '',
    // No SMTP: mail goes to the development outbox on the server's standard error, where the
    // fallback account below reads its registration code.
    SMTP_URL: '',
    RATE_LIMIT_ALLOW_LIST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  };

  const demoData = existsSync(seedScript) && existsSync(demoAccountModule);
  const seededDir = option('--data-from');
  if (demoData && seededDir) {
    console.log(`Demo data: a copy of ${seededDir}`);
    cpSync(path.resolve(seededDir), dataDir, { recursive: true });
  } else if (demoData) {
    console.log('Seeding demo data: node apps/server/scripts/seed.ts --size small');
    const started = Date.now();
    const seeded = spawnSync(process.execPath, [seedScript, '--size', 'small'], { cwd: repoRoot, env, stdio: ['ignore', 'ignore', 'inherit'] });
    if (seeded.status !== 0) throw new Error(`The seed script failed (exit ${seeded.status}).`);
    console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  } else {
    console.log('No seed script yet (apps/server/scripts/seed.ts): /feeds is measured for a new account with an empty feed.');
  }

  const server: ChildProcess = spawn(process.execPath, ['apps/server/src/main.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  server.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<never>((_, reject) =>
    server.once('exit', (code) => reject(new Error(`The server exited early with code ${code}:\n${stderr.slice(-2000)}`))),
  );
  exited.catch(() => {});
  const stop = async () => {
    if (server.exitCode === null) {
      const done = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await done;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, exited);
    let account: Account;
    if (demoData) {
      const { DEMO_ACCOUNT } = (await import(pathToFileURL(demoAccountModule).href)) as { DEMO_ACCOUNT: Account };
      account = DEMO_ACCOUNT;
    } else {
      account = await registerAccount(baseUrl, () => stderr);
    }
    return { baseUrl, account, demoData, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Without the seed: an account through the public sign-up, the code read from the dev outbox. */
async function registerAccount(baseUrl: string, outbox: () => string): Promise<Account> {
  const username = `bench_${Date.now().toString(36)}`;
  const account = { username, email: `${username}@pitlane.test`, password: 'Pitlane@2026' };
  const post = (route: string, body: object) =>
    fetch(`${baseUrl}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const sent = await post('/api/auth/send-otp', { fullName: 'Bench Driver', ...account });
  if (!sent.ok) throw new Error(`send-otp answered ${sent.status}: ${await sent.text()}`);
  const deadline = Date.now() + 10_000;
  let code: string | undefined;
  while (!code && Date.now() < deadline) {
    const mail = outbox().split(`To: ${account.email}`)[1];
    code = mail?.match(/^\s*(\d{4,8})\s*$/m)?.[1];
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  if (!code) throw new Error('No registration code in the development outbox.');
  const verified = await post('/api/auth/verify-otp', { email: account.email, otp: code });
  if (!verified.ok) throw new Error(`verify-otp answered ${verified.status}: ${await verified.text()}`);
  return account;
}

/** Signs in through the API (packages/api/src/contract/routes.ts: auth.login) and returns the Cookie header. */
export async function signIn(baseUrl: string, account: Account): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (!res.ok) throw new Error(`POST /api/auth/login answered ${res.status}: ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  if (cookies.length === 0) throw new Error('POST /api/auth/login set no cookie.');
  return cookies.join('; ');
}