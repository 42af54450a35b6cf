// Makes sure the Debian programs the tests drive are there before they run: Chromium (story and
// end-to-end tests), faketime (the moved-clock guard, scripts/test-clock.ts) and PostgreSQL 15's
// initdb and pg_ctl (the private cluster the database-outage test stops and restarts) with pg_dump
// and pg_restore (the backup test), which the postgresql-15 package brings, and nginx (the
// load balancer of the cluster test). On Debian as
// root it installs the missing packages itself (and says so); elsewhere it stops with one clear line.
// It also checks that a Redis server answers at TEST_REDIS_URL (the tests of the shared rate
// limits need one, apps/server/test/redis.ts): a service is not installed here, only looked for,
// so a machine without one stops now with one line rather than after minutes of other tests.
import { existsSync, readFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import net from 'node:net';
import { chromiumPath } from './chromium.ts';
import { FAKETIME } from './faketime.ts';

const browser = chromiumPath();
const missing: { pkg: string; what: string }[] = [];
if (!existsSync(browser)) {
  if (browser !== '/usr/bin/chromium') stop(`No Chromium at ${browser} (CHROMIUM_PATH): point it at a Chromium binary or unset it to use Debian's.`);
  missing.push({ pkg: 'chromium', what: 'Chromium' });
}
if (!existsSync(FAKETIME)) missing.push({ pkg: 'faketime', what: 'faketime' });
const postgresBin = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin'; // as apps/server/test/postgres-cluster.ts
if (process.env.POSTGRES_BIN && !existsSync(`${postgresBin}/initdb`)) {
  stop(`No initdb in ${postgresBin} (POSTGRES_BIN): point it at PostgreSQL 15's bin directory or unset it to use Debian's.`);
}
if (!existsSync(`${postgresBin}/initdb`) || !onPath('pg_dump')) missing.push({ pkg: 'postgresql-15', what: 'PostgreSQL 15' });
// The load balancer of the cluster test (apps/server/test/load-balancer.ts).
const nginx = process.env.NGINX_PATH?.trim() || '/usr/sbin/nginx';
if (process.env.NGINX_PATH && !existsSync(nginx)) stop(`No nginx at ${nginx} (NGINX_PATH): point it at an nginx binary or unset it to use Debian's.`);
if (!existsSync(nginx)) missing.push({ pkg: 'nginx-light', what: 'nginx' });

if (missing.length > 0) {
  const packages = missing.map((m) => m.pkg).join(' ');
  const isDebian = existsSync('/etc/debian_version') || /ID(_LIKE)?=.*debian/.test(readIfExists('/etc/os-release'));
  const isRoot = process.getuid?.() === 0;
  if (!isDebian || !isRoot) stop(`${missing.map((m) => m.what).join(' and ')} missing: install Debian's package(s) (sudo apt-get install ${packages}).`);
  console.log(`${missing.map((m) => m.what).join(' and ')} missing: installing Debian's package(s) (apt-get install -y ${packages})…`);
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`, { stdio: 'inherit' });
}

const redisUrl = process.env.TEST_REDIS_URL?.trim() || 'redis://127.0.0.1:6379'; // as apps/server/test/redis.ts
const redisProblem = await unreachable(redisUrl);
if (redisProblem) {
  stop(`No Redis server answers at ${redisUrl} (TEST_REDIS_URL; ${redisProblem}): start one (Debian: apt-get install redis-server) or point TEST_REDIS_URL at one.`);
}

/** Why nothing accepts a connection at `url`'s host and port within 2 s, or null when something does. */
function unreachable(url: string): Promise<string | null> {
  if (!URL.canParse(url)) return Promise.resolve('not a URL');
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname.replace(/^\[|\]$/g, ''), port: Number(port || 6379), timeout: 2_000 });
    const done = (problem: string | null) => {
      socket.destroy();
      resolve(problem);
    };
    socket.once('connect', () => done(null));
    socket.once('timeout', () => done('no connection within 2 s'));
    socket.once('error', (error) => done(error.message));
  });
}

function stop(message: string): never {
  console.error(message);
  process.exit(1);
}

function onPath(program: string): boolean {
  return (process.env.PATH ?? '').split(':').some((dir) => dir !== '' && existsSync(`${dir}/${program}`));
}

function readIfExists(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
