import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs with no environment at all, on the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: 'localhost',
      logLevel: 'info',
      dataDir: path.resolve('data'),
      databaseUrl: null,
      smtpUrl: null,
      smtpTimeoutMs: 5_000,
      shutdownTimeoutMs: 10_000,
      publicUrl: 'http://localhost:3000',
      oidc: null,
      s3: null,
      serveWebApp: false,
      rateLimitAllowList: [],
      redisUrl: null,
      trustProxy: false,
    });
    expect(config.webDistDir).toBe(path.resolve(import.meta.dirname, '../../web/dist'));
  });

  it('reads the rate-limit allow list as comma-separated addresses', () => {
    expect(loadConfig({ RATE_LIMIT_ALLOW_LIST: ' 127.0.0.1, ::1 ,' }).rateLimitAllowList).toEqual(['127.0.0.1', '::1']);
  });

  it('reads the mail and shutdown bounds in milliseconds, refusing anything but a positive whole number', () => {
    expect(loadConfig({ SMTP_TIMEOUT_MS: '1500', SHUTDOWN_TIMEOUT_MS: '20000' })).toMatchObject({ smtpTimeoutMs: 1500, shutdownTimeoutMs: 20_000 });
    expect(() => loadConfig({ SMTP_TIMEOUT_MS: '0' })).toThrow('SMTP_TIMEOUT_MS must be a whole number of milliseconds, at least 1 (got "0")');
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: '10s' })).toThrow('SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds');
  });

  it('reads the upload bounds: 5 minutes and 256 MB in memory by default, or positive whole numbers', () => {
    expect(loadConfig({})).toMatchObject({ uploadTimeoutMs: 300_000, uploadMemoryBytes: 256 * 1024 * 1024 });
    expect(loadConfig({ UPLOAD_TIMEOUT_MS: '400', UPLOAD_MEMORY_MB: '64' })).toMatchObject({ uploadTimeoutMs: 400, uploadMemoryBytes: 64 * 1024 * 1024 });
    expect(() => loadConfig({ UPLOAD_MEMORY_MB: '0.5' })).toThrow('UPLOAD_MEMORY_MB must be a whole number of megabytes, at least 1 (got "0.5")');
  });

  it('listens on every interface and serves the web app in production', () => {
    const config = loadConfig({ NODE_ENV: 'production' });
    expect(config.host).toBe('0.0.0.0');
    expect(config.serveWebApp).toBe(true);
  });

  it('is quiet in tests unless LOG_LEVEL says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).logLevel).toBe('silent');
    expect(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
  });

  it('derives PUBLIC_URL from PORT, and drops a trailing slash from a given one', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://pitlane.example/' }).publicUrl).toBe('https://pitlane.example');
  });

  it('resolves DATA_DIR and WEB_DIST_DIR against the working directory', () => {
    const config = loadConfig({ DATA_DIR: 'var/pitlane', WEB_DIST_DIR: 'build/web' });
    expect(config.dataDir).toBe(path.join(process.cwd(), 'var/pitlane'));
    expect(config.webDistDir).toBe(path.join(process.cwd(), 'build/web'));
  });

  it('treats blank variables as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '  ', SMTP_URL: '' });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeNull();
    expect(config.smtpUrl).toBeNull();
  });

  it('reads the optional services when they are configured', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://pitlane:secret@db:5432/pitlane',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      OIDC_ISSUER: 'https://accounts.example.com',
      OIDC_CLIENT_ID: 'pitlane',
      OIDC_CLIENT_SECRET: 's3cret',
      OIDC_PROVIDER_NAME: 'Google',
      S3_BUCKET: 'media',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.databaseUrl).toBe('postgres://pitlane:secret@db:5432/pitlane');
    expect(config.smtpUrl).toBe('smtp://127.0.0.1:2525');
    expect(config.oidc).toEqual({
      issuer: 'https://accounts.example.com',
      clientId: 'pitlane',
      clientSecret: 's3cret',
      providerName: 'Google',
    });
    expect(config.s3).toMatchObject({ bucket: 'media', region: 'us-east-1', forcePathStyle: true, endpoint: null });
  });

  it.each(['abc', '3000.5', '-1', '70000'])('rejects PORT=%s, naming the variable and the value', (port) => {
    expect(() => loadConfig({ PORT: port })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: port })).toThrow(
      `PORT must be a whole number between 0 and 65535 (0 picks any free port) (got ${JSON.stringify(port)})`,
    );
  });

  it('lists every bad variable at once', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'x', DATABASE_URL: 'mysql://db/pitlane', NODE_ENV: 'staging' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('Invalid configuration:');
    expect(message).toContain('PORT must be a whole number');
    expect(message).toContain('DATABASE_URL must be a postgres or postgresql URL');
    expect(message).toContain('NODE_ENV must be one of development, production, test (got "staging")');
  });

  it('refuses a half-configured third-party sign-in or S3 store', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'https://accounts.example.com' })).toThrow(
      'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together',
    );
    expect(() => loadConfig({ S3_BUCKET: 'media' })).toThrow(
      'S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
  });

  it('reads REDIS_URL: redis:// or rediss:// (TLS), with a host and at most a database number', () => {
    expect(loadConfig({ REDIS_URL: ' redis://127.0.0.1:6379 ' }).redisUrl).toBe('redis://127.0.0.1:6379');
    expect(loadConfig({ REDIS_URL: 'rediss://:secret@cache.internal:6380/2' }).redisUrl).toBe('rediss://:secret@cache.internal:6380/2');
    expect(loadConfig({ REDIS_URL: '' }).redisUrl).toBeNull();
  });

  it.each([
    ['localhost:6379', 'REDIS_URL must be a redis or rediss URL, e.g. redis://127.0.0.1:6379 (got "localhost:6379")'],
    ['http://127.0.0.1:6379', 'REDIS_URL must be a redis or rediss URL'],
    ['redis://', 'REDIS_URL must name a host, e.g. redis://127.0.0.1:6379 (got "redis://")'],
    ['redis://127.0.0.1:6379/cache', 'REDIS_URL may end only in a database number, e.g. redis://127.0.0.1:6379/0'],
  ])('refuses REDIS_URL=%s at start-up with a clear message', (url, message) => {
    expect(() => loadConfig({ REDIS_URL: url })).toThrow(ConfigError);
    expect(() => loadConfig({ REDIS_URL: url })).toThrow(message);
  });

  it('does not repeat the password of a refused URL', () => {
    expect(() => loadConfig({ REDIS_URL: 'redis://:hunter2@cache.internal:6379/x' })).toThrow(
      'REDIS_URL may end only in a database number, e.g. redis://127.0.0.1:6379/0 (got "redis://:***@cache.internal:6379/x")',
    );
    expect(() => loadConfig({ REDIS_URL: 'redis://:hunter2@cache.internal:6379/x' })).not.toThrow(/hunter2/);
  });

  it('reads TRUST_PROXY as true, a number of proxies, or their addresses and CIDRs', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: ' 2 ' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.7' }).trustProxy).toEqual(['10.0.0.7']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.0/255.255.255.0,fd00::/8, ::1, loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.0/255.255.255.0',
      'fd00::/8',
      '::1',
      'loopback',
    ]);
  });

  it.each(['yes', '0', '1.5', '-1', '10.0.0.0/33', 'fd00::/129', '10.0.0.1/8/8', 'lb.internal', '10.0.0.1,', '10.0.0.1;10.0.0.2'])(
    'refuses TRUST_PROXY=%s at start-up, saying what it may be',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        `TRUST_PROXY must be true, the number of proxies in front (1, 2, …), or their comma-separated addresses or CIDRs (e.g. 10.0.0.0/8, loopback) (got ${JSON.stringify(value)})`,
      );
    },
  );
});
