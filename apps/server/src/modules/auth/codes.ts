// Secrets: passwords and one-time codes, both hashed with argon2id (@node-rs/argon2's defaults:
// argon2id, m=19456 KiB, t=2, p=1). A code is 6 random digits; even hashed, a million
// possibilities is little, so codes also expire (10 minutes) and allow only 5 attempts.
import { randomInt } from 'node:crypto';
import { hash, verify, type Options } from '@node-rs/argon2';

export const CODE_VALID_MINUTES = 10;
export const CODE_VALID_MS = CODE_VALID_MINUTES * 60 * 1000;
/** Attempts allowed per code; once used up, even the right code is refused. */
export const CODE_MAX_ATTEMPTS = 5;

/** 6 random digits, leading zeros kept. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * argon2id's cost: the library's defaults (above; OWASP's minimum) wherever the product runs.
 * Under a test runner (NODE_ENV=test) the least cost argon2 allows: the same algorithm, salts and
 * checks, at a few milliseconds instead of some forty a hash, which the server suite spends
 * thousands of times registering people. A hash carries its parameters, so either verifies.
 */
export function hashCost(nodeEnv = process.env.NODE_ENV): Options {
  return nodeEnv === 'test' ? { memoryCost: 1024, timeCost: 1, parallelism: 1 } : {};
}

const cost = hashCost();

export function hashSecret(secret: string): Promise<string> {
  return hash(secret, cost);
}

/** False for a wrong secret and for a stored value that is not a hash. */
export async function verifySecret(storedHash: string, secret: string): Promise<boolean> {
  try {
    return await verify(storedHash, secret);
  } catch {
    return false;
  }
}

/**
 * A hash of nothing anyone knows: verified against when an account does not exist, so a wrong
 * e-mail address costs the same time as a wrong password.
 */
let decoy: Promise<string> | null = null;
export async function verifyAgainstDecoy(secret: string): Promise<false> {
  decoy ??= hashSecret(`decoy-${newCode()}-${randomInt(0, 2 ** 40)}`);
  await verifySecret(await decoy, secret);
  return false;
}
