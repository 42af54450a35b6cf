// Recognising PostgreSQL errors the same way on PGlite and node-postgres.
// drizzle wraps driver errors in a DrizzleQueryError whose `cause` is the driver's error;
// both drivers put the SQLSTATE in `code` and the constraint name in `constraint`.

interface PostgresErrorFields {
  code: string;
  constraint?: string;
}

function findPostgresError(error: unknown): PostgresErrorFields | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        ...(typeof candidate.constraint === 'string' ? { constraint: candidate.constraint } : {}),
      };
    }
    current = candidate.cause;
  }
  return null;
}

/** The SQLSTATE of a database error (e.g. '23505'), or null when it is not one. */
export function postgresErrorCode(error: unknown): string | null {
  return findPostgresError(error)?.code ?? null;
}

/** True for a unique violation, optionally of one named constraint (e.g. 'users_username_unique'). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = findPostgresError(error);
  return found?.code === '23505' && (constraint === undefined || found.constraint === constraint);
}

// ---------------------------------------------------------------------------------------------
// "The database is unavailable": the server cannot reach PostgreSQL (stopped, restarting, the
// network in between gone), PostgreSQL refuses new sessions for now, or the database this
// process opened has been closed. Such an error says nothing about the request, so the caller
// gets 503 and may try again (plugins/errors.ts); any other database error stays a 500.

/**
 * SQLSTATEs of an unavailable database: class 08 (connection exception), admin_shutdown and
 * crash_shutdown (57P01/57P02: PostgreSQL stopping or restarting after a backend crash),
 * cannot_connect_now (57P03: starting up or shutting down), too_many_connections (53300) and
 * query_canceled (57014: our statement_timeout, db/client.ts, fired: the database is too busy
 * to answer in time).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);

/** Node's socket errors when the database's address refuses, drops or never answers. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * node-postgres and pg-pool report a lost or impossible connection with a plain Error and these
 * messages (pg 8: client.js, pg-pool: index.js); PGlite says it is closed.
 */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated unexpectedly$/,
  /^Connection terminated due to connection timeout$/,
  /^Connection terminated$/,
  /^timeout exceeded when trying to connect$/,
  /^Query read timeout$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
  /^PGlite is closed$/,
];

function isUnavailableCause(error: object): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (UNAVAILABLE_SOCKET_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  if (typeof message !== 'string') return false;
  const own = message.replace(JOB_WORKER_SUFFIX, '');
  return UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(own));
}

/**
 * pg-boss appends the polling worker to the message of a failed fetch (pg-boss 12: worker.js), so
 * a lost connection reaches the queue's error handler as "Connection terminated unexpectedly
 * (Queue: media-sweep, Worker: <uuid>)".
 */
const JOB_WORKER_SUFFIX = / \(Queue: [^()]*, Worker: [^()]*\)$/;

/**
 * True when `error` (as thrown by drizzle, the pool or a driver, wrapped in `cause`s or, for a
 * host with several addresses, an AggregateError's `errors`) means the database is unavailable
 * rather than that the statement was wrong.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const queue: unknown[] = [error];
  for (let seen = 0; queue.length > 0 && seen < 10; seen++) {
    const current = queue.shift();
    if (!current || typeof current !== 'object') continue;
    if (isUnavailableCause(current)) return true;
    const { cause, errors } = current as { cause?: unknown; errors?: unknown };
    queue.push(cause);
    if (Array.isArray(errors)) queue.push(...errors);
  }
  return false;
}

/**
 * The innermost error of the chain as `code message` (first line), for a one-line log entry: no
 * stack, and not drizzle's "Failed query: …" wrapper, which repeats the SQL and its parameters.
 */
export function describeDatabaseError(error: unknown): string {
  let innermost: unknown = error;
  for (let depth = 0; depth < 5; depth++) {
    const cause = (innermost as { cause?: unknown } | null)?.cause;
    if (!cause || typeof cause !== 'object') break;
    innermost = cause;
  }
  if (!innermost || typeof innermost !== 'object') return String(innermost);
  const { code, message } = innermost as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? (message.split('\n')[0] ?? '') : '';
  return [typeof code === 'string' ? code : '', text].filter(Boolean).join(' ') || 'unknown error';
}
