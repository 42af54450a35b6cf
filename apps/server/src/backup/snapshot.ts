// What the backup reads from the database snapshot besides the dump itself: the rows per table
// (the restore counts them again) and the media files the rows reference.
import type { MediaStore } from '../modules/media/store.ts';
import { siblingKeys } from '../modules/media/keys.ts';

/** A plain query on one connection (PGlite's client and node-postgres' Client both fit). */
export type Query = <Row extends Record<string, unknown>>(text: string) => Promise<{ rows: Row[] }>;

/** Pitlane's schemas: the tables and drizzle's migration journal. */
export const BACKED_UP_SCHEMAS = ['public', 'drizzle'] as const;

/** Every table of Pitlane's schemas, as `schema.table`, sorted. */
export async function tableNames(query: Query): Promise<string[]> {
  const { rows } = await query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
     where schemaname in (${BACKED_UP_SCHEMAS.map((s) => `'${s}'`).join(', ')}) order by 1`,
  );
  return rows.map((row) => row.name);
}

export async function tableRowCounts(query: Query): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of await tableNames(query)) {
    const { rows } = await query<{ count: string | number }>(`select count(*) as count from ${name}`);
    counts[name] = Number(rows[0]!.count);
  }
  return counts;
}

/**
 * The keys of every stored file the rows reference: avatars, community covers, post pictures, car
 * covers, build-log photos and meet covers, each with all its sizes (a post's `-full.webp` and its `-card`/`-thumb` siblings). Our own
 * artwork (defaults/…) is left out: the server renders it again when it is asked for.
 */
export async function referencedMediaKeys(query: Query, store: Pick<MediaStore, 'keyOf'>): Promise<string[]> {
  const { rows } = await query<{ url: string }>(`
    select profile_picture_url as url from users where profile_picture_url is not null
    union select cover_url from communities where cover_url is not null
    union select url from post_images
    union select cover_url from cars where cover_url is not null
    union select url from car_log_images
    union select cover_url from meets where cover_url is not null`);
  const keys = new Set<string>();
  for (const { url } of rows) {
    const key = store.keyOf(url);
    if (key) for (const sibling of siblingKeys(key)) keys.add(sibling);
  }
  return [...keys].sort();
}
