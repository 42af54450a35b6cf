// Every row id is a UUID (users, posts, communities, comments). A path or body that names a row
// by anything else names nothing: answer as for an unknown id, and never send it to PostgreSQL
// as a uuid (the cast would fail with an error instead of finding no row).
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` has the shape of a row id (a UUID). */
export function isId(id: string): boolean {
  return UUID.test(id);
}
