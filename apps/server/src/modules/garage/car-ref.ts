// The CarRef a post card carries (Post.car), built in SQL over the cars row `car` that the card
// statements of modules/posts/cards.ts left-join at read time. Apart from json.ts on purpose: the
// posts module imports this file, and json.ts imports the posts module.
import { sql, type SQL } from 'drizzle-orm';

/**
 * The CarRef of cars row `car` as JSON text, or 'null' when the left join found none: an
 * untagged post (a deleted car untags its posts, posts.car_id SET NULL).
 */
export const carRefJson: SQL = sql`case when car.id is null then 'null'
  else json_build_object('_id', car.id, 'year', car.year, 'make', car.make_name, 'model', car.model_name, 'trim', car.trim)::text end`;

/**
 * Search's match of posts by their car (the garage), on posts joined to their car `sc`: its
 * "make model" contains the LIKE `pattern`. PostgreSQL reads the newest posts and their cars for a
 * common name, or the cars through the trigram index on that very expression
 * (`cars_make_model_trgm_idx`) and then their posts through (car_id, created_at, id) for a rare one.
 */
export function taggedToCarNamed(pattern: string): SQL {
  return sql`(sc.make_name || ' ' || sc.model_name) ilike ${pattern}`;
}
