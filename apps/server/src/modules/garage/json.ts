// The garage's contract shapes built in SQL (as comments/json.ts does for comments): one
// expression each, shared by every reply that carries them, so a car reads the same on its page,
// in a garage, on a model's page and in search. The CarRef of post cards is in car-ref.ts.
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { visibleTo } from '../posts/lists.ts';

const ISO = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`);

/**
 * The Car of cars row `car` owned by users row `o` (a json value). `postCount` counts the posts
 * tagged to it that `viewer` may see (a community's only for its members, as every list does),
 * so it agrees with the car's timeline; `logCount` its build-log entries. Both from the
 * (car_id, …) indexes: a car has few of either.
 */
export function carJson(viewer: Placeholder | string): SQL {
  return sql`json_build_object(
    '_id', car.id,
    'year', car.year,
    'make', car.make_name,
    'model', car.model_name,
    'trim', car.trim,
    'makeId', car.make_id::text,
    'modelId', car.model_id::text,
    'colour', car.colour,
    'description', car.description,
    'current', car.current,
    'coverImageUrl', coalesce(car.cover_url, ''),
    'coverImageAlt', car.cover_alt,
    'owner', json_build_object('_id', o.id, 'username', o.username, 'fullName', o.full_name, 'profilePictureUrl', coalesce(o.profile_picture_url, '')),
    'postCount', (select count(*) from posts p where p.car_id = car.id and ${visibleTo(viewer)}),
    'logCount', (select count(*) from car_log_entries e where e.car_id = car.id),
    'createdAt', to_char(car.created_at at time zone 'UTC', ${ISO})
  )`;
}

/** The CarLogEntry of car_log_entries row `e` with its photos in order (a json value). */
export const logEntryJson: SQL = sql`json_build_object(
  '_id', e.id,
  'carId', e.car_id,
  'date', to_char(e.date, 'YYYY-MM-DD'),
  'title', e.title,
  'text', e.text,
  'mileage', e.mileage,
  'mileageUnit', e.mileage_unit,
  'cost', e.cost,
  'currency', e.currency,
  'images', coalesce((select json_agg(json_build_object('url', i.url, 'width', i.width, 'height', i.height, 'alt', i.alt) order by i.position)
                      from car_log_images i where i.entry_id = e.id), '[]'::json),
  'createdAt', to_char(e.created_at at time zone 'UTC', ${ISO})
)`;
