// Where things are and the command line of `npm run security:scan`.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const scanDir = path.dirname(fileURLToPath(import.meta.url));

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};

export const USAGE = `Usage: npm run security:scan [-- --postgres [URL]] [--only route,route] [--no-sqlmap] [--no-wapiti]
                             [--jobs 2] [--level 3] [--risk 2] [--skip-build] [--out DIR]`;

const postgresArgument = option('--postgres');

export const options = {
  help: flag('--help') || flag('-h'),
  /** null: the embedded database. Otherwise a URL of the PostgreSQL server the scan's database is created on. */
  postgres: flag('--postgres')
    ? postgresArgument && !postgresArgument.startsWith('--')
      ? postgresArgument
      : process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'
    : null,
  only: option('--only')?.split(',').map((name) => name.trim()).filter(Boolean) ?? null,
  sqlmap: !flag('--no-sqlmap'),
  wapiti: !flag('--no-wapiti'),
  /** sqlmap processes at once: each mostly waits on the server, two keep two cores busy. */
  jobs: Math.max(1, Number(option('--jobs')) || 2),
  level: Math.max(3, Number(option('--level')) || 3),
  risk: Math.max(1, Math.min(3, Number(option('--risk')) || 2)),
  build: !flag('--skip-build'),
  outDir: path.resolve(option('--out') ?? path.join(os.tmpdir(), `pitlane-security-scan-${new Date().toISOString().replace(/[:.]/g, '-')}`)),
};
