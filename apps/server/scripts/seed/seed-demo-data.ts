// seedDemoData(app, { size }): the whole seed on a built app (the CLI's and the test's entry).
// Idempotent: when the demo account already exists it changes nothing.
import { inArray, or } from 'drizzle-orm';
import type { App } from '../../src/app.ts';
import { users } from '../../src/db/schema.ts';
import { hashSecret } from '../../src/modules/auth/codes.ts';
import { DEMO_ACCOUNT } from './demo-account.ts';
import { storePictures } from './pictures.ts';
import { planSeed } from './plan.ts';
import { insertRows, type RowCounts } from './rows.ts';
import type { SizeName } from './sizes.ts';

export interface SeedOptions {
  size: SizeName;
  /** "Now" for the dates (default: the clock's). */
  now?: Date;
  /** Pictures stored so far, of all. */
  onProgress?: (done: number, total: number) => void;
}

export type SeedReport =
  | { seeded: true; size: SizeName; counts: RowCounts; pictures: number; ms: { pictures: number; database: number; total: number } }
  /** The demo account was there already; `found` of the size's `of` demo people exist. */
  | { seeded: false; size: SizeName; found: number; of: number };

/** Some of the demo usernames or addresses belong to accounts that are not the demo's. */
export class SeedConflictError extends Error {
  override name = 'SeedConflictError';
}

export async function seedDemoData(app: App, options: SeedOptions): Promise<SeedReport> {
  const started = performance.now();
  const plan = planSeed(options.size, options.now ?? app.now());

  // Already seeded? Recognised by the fixed usernames (and addresses) of the plan.
  const usernames = plan.people.map((person) => person.username);
  const emails = plan.people.map((person) => person.email);
  const existing = await app.db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(or(inArray(users.username, usernames), inArray(users.email, emails)));
  if (existing.some((user) => user.username === DEMO_ACCOUNT.username && user.email === DEMO_ACCOUNT.email)) {
    return { seeded: false, size: options.size, found: existing.length, of: plan.people.length };
  }
  if (existing.length > 0) {
    const names = existing.map((user) => user.username).join(', ');
    throw new SeedConflictError(`These demo usernames or e-mail addresses already belong to other accounts: ${names}. Seed an empty database instead.`);
  }

  const passwordHash = await hashSecret(DEMO_ACCOUNT.password);
  const pictures = await storePictures(app, plan, options.onProgress);
  const picturesDone = performance.now();
  let counts: RowCounts;
  try {
    counts = await insertRows(app.db, plan, pictures, passwordHash);
  } catch (error) {
    // The transaction rolled back: take the files with it, as the product does after a failed insert.
    await pictures.discard();
    throw error;
  }
  const finished = performance.now();
  return {
    seeded: true,
    size: options.size,
    counts,
    pictures: pictures.count,
    ms: { pictures: picturesDone - started, database: finished - picturesDone, total: finished - started },
  };
}
