// What `npm run backup` and `npm run restore` (scripts/) share: the folder argument, the
// settings, the figures and the messages.
import path from 'node:path';
import { ConfigError, loadConfig as loadServerConfig, type Config } from '../config.ts';
import { safeUrl } from '../db/client.ts';
import { BackupError } from './errors.ts';

/** The one folder argument, from where the command was typed (npm runs scripts from the root). */
export function folderArgument(args: readonly string[], usage: string): string {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    process.exit(0);
  }
  if (args.length !== 1 || args[0]!.startsWith('-')) throw new BackupError(usage);
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0]!);
}

/** The server's settings (DATA_DIR, DATABASE_URL), read as the server reads them. */
export function loadConfig(): Config {
  return loadServerConfig(process.env);
}

export function safeDescription(config: Pick<Config, 'dataDir' | 'databaseUrl' | 's3'>): string {
  const media = config.s3 ? `the S3 bucket ${config.s3.bucket}` : path.join(config.dataDir, 'media');
  return config.databaseUrl || config.s3
    ? `${config.databaseUrl ? `PostgreSQL at ${safeUrl(config.databaseUrl)}` : `the embedded database in ${config.dataDir}`} (media in ${media})`
    : `the embedded database in ${config.dataDir}`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Runs the command; a BackupError or ConfigError is printed as its message alone, exit code 1. */
export async function runCommand(name: string, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (error instanceof BackupError || error instanceof ConfigError) console.error(error.message);
    else console.error(`The ${name} failed:`, error);
    process.exitCode = 1;
  }
}
