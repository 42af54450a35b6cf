// Runtime settings, read once from the environment and checked with zod.
// The table of variables is in /work/shared/ENGINEERING.md ("Runtime settings").
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Where `npm run build` puts the web app: apps/web/dist, found from this file. */
const defaultWebDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** An environment variable that is unset or blank counts as unset. */
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());
}

function urlWithProtocols(protocols: readonly string[], example: string) {
  return z.string().trim().refine(
    (value) => {
      if (!URL.canParse(value)) return false;
      return protocols.includes(new URL(value).protocol);
    },
    { message: `must be a ${protocols.map((p) => p.replace(':', '')).join(' or ')} URL, e.g. ${example}` },
  );
}

/**
 * REDIS_URL: redis:// or rediss:// (TLS), with a host; a path, if any, is the database number
 * (ioredis reads it so), e.g. redis://:password@10.0.0.5:6379/2.
 */
function redisUrl() {
  const example = 'redis://127.0.0.1:6379';
  return z
    .string()
    .trim()
    .superRefine((value, context) => {
      const url = URL.canParse(value) ? new URL(value) : null;
      if (!url || !['redis:', 'rediss:'].includes(url.protocol)) {
        context.addIssue({ code: 'custom', message: `must be a redis or rediss URL, e.g. ${example}` });
      } else if (url.hostname === '') {
        context.addIssue({ code: 'custom', message: `must name a host, e.g. ${example}` });
      } else if (!/^\/?(\d+)?$/.test(url.pathname)) {
        context.addIssue({ code: 'custom', message: `may end only in a database number, e.g. ${example}/0` });
      }
    });
}

/** proxy-addr's names for address ranges, which Fastify's trustProxy accepts as they are. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR (10.0.0.0/8, fd00::/8) or an IPv4 address with its netmask (10.0.0.0/255.0.0.0). */
function isProxyAddress(value: string): boolean {
  if (PROXY_RANGE_NAMES.has(value)) return true;
  const [address = '', prefix, ...rest] = value.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (/^\d{1,3}$/.test(prefix)) return Number(prefix) <= (version === 4 ? 32 : 128);
  return version === 4 && isIP(prefix) === 4;
}

const TRUST_PROXY_MESSAGE =
  'must be true, the number of proxies in front (1, 2, …), or their comma-separated addresses or CIDRs (e.g. 10.0.0.0/8, loopback)';

/** TRUST_PROXY → Fastify's `trustProxy`: true, a hop count, or the proxies' addresses. */
function trustProxy() {
  return z
    .string()
    .trim()
    .transform((value, context): boolean | number | string[] => {
      if (value === 'true') return true;
      if (value === 'false') return false;
      if (/^\d+$/.test(value)) {
        const hops = Number(value);
        if (hops >= 1) return hops;
      } else {
        const addresses = value.split(',').map((part) => part.trim());
        if (addresses.every(isProxyAddress)) return addresses;
      }
      context.addIssue({ code: 'custom', message: TRUST_PROXY_MESSAGE });
      return z.NEVER;
    });
}

function milliseconds() {
  return z
    .string()
    .trim()
    .regex(/^[1-9]\d*$/, { message: 'must be a whole number of milliseconds, at least 1' })
    .transform(Number);
}

/**
 * Followers above which a new post reaches its readers' feeds through the job queue
 * (FEED_QUEUE_ABOVE; modules/posts/fanout.ts): at or below it, the posting request adds it right
 * after its commit (~40 µs a follower, so ~20 ms at 500) and the followers read it at once; above
 * it, the request answers after its commit and a worker fans out within a second or so.
 */
export const DEFAULT_FEED_QUEUE_ABOVE = 500;
/**
 * Followers above which an author's posts get no feed entries at all (FEED_PULL_ABOVE): their
 * followers' feeds read them at read time (modules/posts/fanout.ts). Back to entries at half of it.
 */
export const DEFAULT_FEED_PULL_ABOVE = 10_000;

/** How long sending one e-mail may take (SMTP_TIMEOUT_MS); see modules/mail/mailer.ts for why. */
export const DEFAULT_SMTP_TIMEOUT_MS = 5_000;
/** How long a shutdown waits for requests in flight (SHUTDOWN_TIMEOUT_MS); see main.ts for why. */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;
/** How long an upload's form may take to arrive (UPLOAD_TIMEOUT_MS); see modules/media/uploads.ts for why. */
export const DEFAULT_UPLOAD_TIMEOUT_MS = 300_000;
/** Upload bytes this process holds in memory at once (UPLOAD_MEMORY_MB); see modules/media/uploads.ts. */
export const DEFAULT_UPLOAD_MEMORY_MB = 256;

const envSchema = z.object({
  NODE_ENV: optional(
    z.enum(['development', 'production', 'test'], { message: 'must be one of development, production, test' }),
  ),
  PORT: optional(
    z
      .string()
      .trim()
      .regex(/^\d+$/, { message: 'must be a whole number between 0 and 65535 (0 picks any free port)' })
      .transform(Number)
      .refine((port) => port <= 65535, { message: 'must be a whole number between 0 and 65535 (0 picks any free port)' }),
  ),
  HOST: optional(z.string().trim()),
  LOG_LEVEL: optional(z.enum(logLevels, { message: `must be one of ${logLevels.join(', ')}` })),
  DATA_DIR: optional(z.string()),
  DATABASE_URL: optional(urlWithProtocols(['postgres:', 'postgresql:'], 'postgres://user:password@127.0.0.1:5432/pitlane')),
  SMTP_URL: optional(urlWithProtocols(['smtp:', 'smtps:'], 'smtp://127.0.0.1:2525')),
  PUBLIC_URL: optional(urlWithProtocols(['http:', 'https:'], 'https://pitlane.example')),
  OIDC_ISSUER: optional(urlWithProtocols(['http:', 'https:'], 'https://accounts.example.com')),
  OIDC_CLIENT_ID: optional(z.string().trim()),
  OIDC_CLIENT_SECRET: optional(z.string()),
  OIDC_PROVIDER_NAME: optional(z.string().trim()),
  S3_ENDPOINT: optional(urlWithProtocols(['http:', 'https:'], 'https://s3.eu-central-1.amazonaws.com')),
  S3_REGION: optional(z.string().trim()),
  S3_BUCKET: optional(z.string().trim()),
  S3_ACCESS_KEY_ID: optional(z.string().trim()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  S3_PUBLIC_URL: optional(urlWithProtocols(['http:', 'https:'], 'https://media.pitlane.example')),
  S3_FORCE_PATH_STYLE: optional(
    z.enum(['true', 'false', '1', '0'], { message: 'must be true or false' }).transform((v) => v === 'true' || v === '1'),
  ),
  REDIS_URL: optional(redisUrl()),
  TRUST_PROXY: optional(trustProxy()),
  WEB_DIST_DIR: optional(z.string()),
  RATE_LIMIT_ALLOW_LIST: optional(z.string()),
  SMTP_TIMEOUT_MS: optional(milliseconds()),
  FEED_QUEUE_ABOVE: optional(z.string().trim().regex(/^\d+$/, { message: 'must be a whole number of followers (0 queues every post)' }).transform(Number)),
  FEED_PULL_ABOVE: optional(z.string().trim().regex(/^[1-9]\d*$/, { message: 'must be a whole number of followers, at least 1' }).transform(Number)),
  SHUTDOWN_TIMEOUT_MS: optional(milliseconds()),
  UPLOAD_TIMEOUT_MS: optional(milliseconds()),
  UPLOAD_MEMORY_MB: optional(z.string().trim().regex(/^[1-9]\d*$/, { message: 'must be a whole number of megabytes, at least 1' }).transform(Number)),
  TLS_CERT: optional(z.string().trim()),
  TLS_KEY: optional(z.string().trim()),
});

export type Environment = Partial<Record<string, string | undefined>>;

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Shown to users ("Google login failed…"); lower-cased it is the `{provider}` of spec §7. */
  providerName: string;
}

export interface S3Config {
  endpoint: string | null;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Public base URL of the bucket's objects, when they are not served from the endpoint. */
  publicUrl: string | null;
  forcePathStyle: boolean;
}

/** TLS_CERT / TLS_KEY: PEM files this process serves HTTPS with (HTTP/2, HTTP/1.1 too); see tls.ts. */
export interface TlsFiles {
  /** Absolute path of the certificate chain (PEM). */
  certFile: string;
  /** Absolute path of its private key (PEM). */
  keyFile: string;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  logLevel: (typeof logLevels)[number];
  /** Absolute; the embedded database lives in `${dataDir}/db`, media under it too. */
  dataDir: string;
  /** null: the embedded PGlite database. */
  databaseUrl: string | null;
  /** null: mail goes to the development outbox (logged). */
  smtpUrl: string | null;
  /** The most one e-mail may take to send before the request answers 503. */
  smtpTimeoutMs: number;
  /** On SIGTERM/SIGINT, the most the server waits for requests in flight before it exits 1. */
  shutdownTimeoutMs: number;
  /** The most an upload's form may take to arrive before the request answers 408. */
  uploadTimeoutMs: number;
  /** Upload bytes held in memory at once by this process; past it uploads answer 503. */
  uploadMemoryBytes: number;
  /** Followers above which a new post's feed fan-out goes through the job queue (FEED_QUEUE_ABOVE). */
  feedQueueAbove: number;
  /** Followers above which an author's posts are read into feeds at read time (FEED_PULL_ABOVE). */
  feedPullAbove: number;
  /** The origin users see, without a trailing slash. */
  publicUrl: string;
  /** null: no third-party sign-in. */
  oidc: OidcConfig | null;
  /** null: media files under `dataDir`. */
  s3: S3Config | null;
  /**
   * null: rate limits are counted in this process (each instance its own budget). Set: they are
   * counted in this Redis, shared by every instance (modules/auth/rate-limits.ts, redis/client.ts).
   */
  redisUrl: string | null;
  /**
   * Fastify's `trustProxy` (TRUST_PROXY): false, the client address is the connection's; true,
   * the left-most X-Forwarded-For address; a number, that many proxies in front are trusted; a
   * list, connections from those addresses/CIDRs are proxies. The rate limits key on the result.
   */
  trustProxy: boolean | number | string[];
  /** The built web app, served in production. Absolute. */
  webDistDir: string;
  /** Serve the built web app from this process (production only; in development Vite serves it). */
  serveWebApp: boolean;
  /** null: plain HTTP/1.1 (TLS ends at a proxy in front, or local use). Set: HTTPS with HTTP/2. */
  tls: TlsFiles | null;
  /**
   * Client addresses the per-client rate limits never apply to (comma-separated
   * `RATE_LIMIT_ALLOW_LIST`), e.g. the end-to-end suite, whose every account signs up from
   * 127.0.0.1. The per-e-mail-address limits still apply.
   */
  rateLimitAllowList: string[];
}

/** A URL's password is not repeated in an error message (DATABASE_URL, REDIS_URL). */
function withoutPassword(value: string): string {
  if (!URL.canParse(value.trim())) return value;
  const url = new URL(value.trim());
  if (!url.password) return value;
  url.password = '***';
  return url.toString();
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads the configuration from `env` (default: process.env). Throws a ConfigError whose message
 * names every bad variable and says what it must be.
 */
export function loadConfig(env: Environment = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const got = env[name];
      return `  ${name} ${issue.message}${got === undefined ? '' : ` (got ${JSON.stringify(withoutPassword(got))})`}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const problems: string[] = [];

  const nodeEnv = e.NODE_ENV ?? 'development';
  const port = e.PORT ?? 3000;
  // Production listens on every interface (containers, hosts behind a proxy); development and
  // tests only on this machine, so a laptop on café Wi-Fi does not expose the dev server.
  const host = e.HOST ?? (nodeEnv === 'production' ? '0.0.0.0' : 'localhost');

  const oidcGiven = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET];
  let oidc: OidcConfig | null = null;
  if (oidcGiven.some((v) => v !== undefined) || e.OIDC_PROVIDER_NAME !== undefined) {
    if (e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET) {
      oidc = {
        issuer: e.OIDC_ISSUER,
        clientId: e.OIDC_CLIENT_ID,
        clientSecret: e.OIDC_CLIENT_SECRET,
        providerName: e.OIDC_PROVIDER_NAME ?? 'OpenID',
      };
    } else {
      problems.push('  OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together (third-party sign-in)');
    }
  }

  let s3: S3Config | null = null;
  const s3Given = Object.keys(e).some((key) => key.startsWith('S3_') && e[key as keyof typeof e] !== undefined);
  if (s3Given) {
    if (e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY) {
      s3 = {
        endpoint: e.S3_ENDPOINT ?? null,
        region: e.S3_REGION ?? 'us-east-1',
        bucket: e.S3_BUCKET,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, '') ?? null,
        forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
      };
    } else {
      problems.push('  S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (S3 media storage)');
    }
  }

  let tls: TlsFiles | null = null;
  if (e.TLS_CERT !== undefined || e.TLS_KEY !== undefined) {
    if (e.TLS_CERT && e.TLS_KEY) tls = { certFile: path.resolve(e.TLS_CERT), keyFile: path.resolve(e.TLS_KEY) };
    else problems.push('  TLS_CERT and TLS_KEY must be set together (paths to the PEM certificate and its key)');
  }

  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);

  return {
    env: nodeEnv,
    port,
    host,
    logLevel: e.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    dataDir: path.resolve(e.DATA_DIR ?? './data'),
    databaseUrl: e.DATABASE_URL ?? null,
    smtpUrl: e.SMTP_URL ?? null,
    smtpTimeoutMs: e.SMTP_TIMEOUT_MS ?? DEFAULT_SMTP_TIMEOUT_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS ?? DEFAULT_SHUTDOWN_TIMEOUT_MS,
    uploadTimeoutMs: e.UPLOAD_TIMEOUT_MS ?? DEFAULT_UPLOAD_TIMEOUT_MS,
    uploadMemoryBytes: (e.UPLOAD_MEMORY_MB ?? DEFAULT_UPLOAD_MEMORY_MB) * 1024 * 1024,
    feedQueueAbove: e.FEED_QUEUE_ABOVE ?? DEFAULT_FEED_QUEUE_ABOVE,
    feedPullAbove: e.FEED_PULL_ABOVE ?? DEFAULT_FEED_PULL_ABOVE,
    // Served over TLS, the default public origin is https too: HSTS and Secure cookies follow it.
    publicUrl: (e.PUBLIC_URL ?? `${tls ? 'https' : 'http'}://localhost:${port}`).replace(/\/+$/, ''),
    oidc,
    s3,
    redisUrl: e.REDIS_URL ?? null,
    trustProxy: e.TRUST_PROXY ?? false,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : defaultWebDistDir,
    serveWebApp: nodeEnv === 'production',
    rateLimitAllowList: (e.RATE_LIMIT_ALLOW_LIST ?? '').split(',').map((ip) => ip.trim()).filter(Boolean),
    tls,
  };
}
