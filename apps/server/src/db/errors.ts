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
