// The garage's reads: the pickers of the make and model list, a garage, a car, a car's timeline,
// a model's cars and posts, and search's cars. Each reply is one statement that PostgreSQL
// writes as the contract's JSON (json.ts), sent as it is (JsonText), as the post lists are; the
// ones every car and model page make are built once and prepared (Statement), like them.
import { sql, type SQL } from 'drizzle-orm';
import { CAR_PICKER_LIMIT, PAGE_SIZES, SEARCH_RESULT_LIMIT, type Car, type CarMake, type CarModel } from '@pitlane/api/contract';
import { Statement, type Db } from '../../db/client.ts';
import { containsPattern, listedCardRows, pageStatement, postPageJson, value, visibleTo, type PostReader } from '../posts/service.ts';
import { hiddenFrom, notBlocked, notHidden } from '../safety/hidden.ts';
import { carJson, logEntryJson } from './json.ts';

/** `text` with the LIKE wildcards and the escape character escaped. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A picker's match over `name` (an SQL expression): the name or any word of it (after a space,
 * hyphen, slash or parenthesis: "benz" finds "Mercedes-Benz") starts with `q`, case-insensitively;
 * best first: the name itself, then names starting with it, then a word starting with it, then
 * alphabetically. An empty `q` matches every name.
 */
function pickerMatch(name: SQL, q: string) {
  const prefix = `${likeLiteral(q)}%`;
  return {
    where: sql`(lower(${name}) like lower(${prefix}) or ' ' || translate(lower(${name}), '-/()', '    ') like lower(${`% ${prefix}`}))`,
    orderBy: sql`lower(${name}) = lower(${q}) desc, lower(${name}) like lower(${prefix}) desc, lower(${name})`,
  };
}

/**
 * Makes of the list matching `q`, at most CAR_PICKER_LIMIT (243 makes: the prefix index
 * `car_makes_name_idx` serves a name prefix, a word prefix reads the small table).
 */
export async function makesMatching(db: Db, q: string): Promise<CarMake[]> {
  const match = pickerMatch(sql`m.name`, q);
  const result = await db.execute<{ id: number; name: string }>(sql`
    select m.id, m.name from car_makes m where ${match.where}
    order by ${match.orderBy}, m.id limit ${CAR_PICKER_LIMIT}`);
  return result.rows.map((row) => ({ _id: String(row.id), name: row.name }));
}

/** Whether the list has the make `makeId`. */
export async function makeExists(db: Db, makeId: number): Promise<boolean> {
  return (await db.execute(sql`select 1 from car_makes where id = ${makeId}`)).rows.length > 0;
}

/** Models of the make `makeId` matching `q`, at most CAR_PICKER_LIMIT (the make's models: `car_models_make_id_name_idx`). */
export async function modelsMatching(db: Db, makeId: number, q: string): Promise<CarModel[]> {
  const match = pickerMatch(sql`mo.name`, q);
  const result = await db.execute<{ id: number; make_id: number; name: string }>(sql`
    select mo.id, mo.make_id, mo.name from car_models mo where mo.make_id = ${makeId} and ${match.where}
    order by ${match.orderBy}, mo.id limit ${CAR_PICKER_LIMIT}`);
  return result.rows.map((row) => ({ _id: String(row.id), makeId: String(row.make_id), name: row.name }));
}

// ---------------------------------------------------------------------------------------------
// Cars.

const viewer = value('viewer');
const carOwner = sql`join users o on o.id = car.owner_id`;

const garageStatement = new Statement<{ json: string }>(() => sql`
  select '{"cars":' || coalesce(json_agg(${carJson(viewer)} order by car.current desc, car.created_at desc, car.id desc)::text, '[]') || '}' as json
  from cars car ${carOwner} where car.owner_id = ${value('owner')}`);

/** `ownerId`'s garage (Garage) as JSON text: current cars first, then past ones, newest added first in each. */
export async function garageJson(db: Db, ownerId: string, viewerId: string): Promise<string> {
  return (await garageStatement.run(db, { owner: ownerId, viewer: viewerId })).rows[0]!.json;
}

const carStatement = new Statement<{ json: string }>(() => sql`
  select ${carJson(viewer)}::text as json from cars car ${carOwner} where car.id = ${value('car')}`);

/** The car `carId` (Car) as `viewerId` sees it, as JSON text, or null. The caller has checked the id's shape. */
export async function carJsonText(db: Db, carId: string, viewerId: string): Promise<string | null> {
  return (await carStatement.run(db, { car: carId, viewer: viewerId })).rows[0]?.json ?? null;
}

const paging = (pageNumber: number, size: number) => ({ limit: size, offset: (pageNumber - 1) * size, reach: pageNumber * size });

/**
 * A car's timeline (CarTimelinePage): the posts tagged to it that the viewer may see and its log
 * entries, newest first (a post at its `created_at`, an entry at its `logged_at`: its date at the
 * time of day it was written), equal times in id order, so pages neither repeat nor skip an item.
 * Each side is a backwards range of its (car_id, …) index limited to the page's reach, merged;
 * the posts are ListedPosts written by the post cards' statement (with their comment previews).
 */
const timelineStatement = new Statement<{ json: string }>(() => {
  const [car, limit, offset, reach] = [value('car'), value('limit'), value('offset'), value('reach')];
  const visiblePosts = sql`p.car_id = ${car} and ${visibleTo(viewer)}`;
  return sql`
    with items as materialized (
      select t.kind, t.id, t.at from (
        (select 'post'::text as kind, p.id, p.created_at as at from posts p where ${visiblePosts}
         order by p.created_at desc, p.id desc limit ${reach})
        union all
        (select 'log'::text, e.id, e.logged_at from car_log_entries e where e.car_id = ${car}
         order by e.logged_at desc, e.id desc limit ${reach})
      ) t
      order by t.at desc, t.id desc limit ${limit} offset ${offset}
    ),
    cards as (${listedCardRows(sql`array(select i.id from items i where i.kind = 'post')`, value('cover'), viewer)})
    select '{"items":[' || coalesce((
        select string_agg(
          case when i.kind = 'post' then '{"type":"post","post":' || k.json || '}'
          else '{"type":"log","entry":' || (select ${logEntryJson}::text from car_log_entries e where e.id = i.id) || '}' end,
          ',' order by i.at desc, i.id desc)
        from items i left join cards k on k.id = i.id), '')
      || '],"totalPages":' || ceil(((select count(*) from posts p where ${visiblePosts})
                                   + (select count(*) from car_log_entries e where e.car_id = ${car}))::numeric / ${PAGE_SIZES.carTimeline})::int
      || '}' as json`;
});

/** Page `pageNumber` of the car `carId`'s timeline as `viewerId` sees it, as JSON text. */
export async function timelineJson(reader: PostReader, carId: string, viewerId: string, pageNumber: number): Promise<string> {
  const values = { car: carId, viewer: viewerId, cover: reader.defaultCover, ...paging(pageNumber, PAGE_SIZES.carTimeline) };
  return (await timelineStatement.run(reader.db, values)).rows[0]!.json;
}

/** One build-log entry (CarLogEntry) as JSON text, or null. */
export async function logEntryJsonText(db: Db, entryId: string): Promise<string | null> {
  const result = await db.execute<{ json: string }>(sql`select ${logEntryJson}::text as json from car_log_entries e where e.id = ${entryId}`);
  return result.rows[0]?.json ?? null;
}

// ---------------------------------------------------------------------------------------------
// A model's page: its cars and their posts. Make and model are matched as the contract's
// carNameKey does (case and surrounding spaces aside; the route's params are trimmed), list names
// and typed names alike, through the (lower(make_name), lower(model_name), created_at, id) index.
// Block and mute (issue 18, modules/safety/README.md): the cars leave out those of people in a
// block pair with the viewer (a people list: a muted person's cars stay), the posts those of
// everyone hidden from the viewer (block pairs and muted), and the counts match.

const [make, model] = [value('make'), value('model')];
const ofModel = (alias: string) => sql`lower(${sql.raw(alias)}.make_name) = lower(${make}) and lower(${sql.raw(alias)}.model_name) = lower(${model})`;
/** The model's cars the viewer sees: not of a block pair. */
const shownOfModel = sql`${ofModel('mc')} and ${notBlocked(sql`mc.owner_id`, viewer)}`;

/**
 * ModelCarPage: the page's cars newest added first, their number, and make and model as the
 * newest car shown spells them (the URL's words when there is none). A block pair's cars are
 * left out of all three by their owner, read from the car rows the count visits anyway.
 */
const modelCarsStatement = new Statement<{ json: string }>(() => sql`
  with total as (select count(*) as n from cars mc where ${shownOfModel}),
  newest as (select mc.make_name, mc.model_name from cars mc where ${shownOfModel} order by mc.created_at desc, mc.id desc limit 1)
  select json_build_object(
    'make', coalesce((select make_name from newest), ${make}::text),
    'model', coalesce((select model_name from newest), ${model}::text),
    'cars', coalesce((
      select json_agg(${carJson(viewer)} order by car.created_at desc, car.id desc)
      from (select mc.id from cars mc where ${shownOfModel} order by mc.created_at desc, mc.id desc limit ${value('limit')} offset ${value('offset')}) page
      join cars car on car.id = page.id ${carOwner}), '[]'::json),
    'totalCars', (select n from total),
    'totalPages', ceil((select n from total)::numeric / ${PAGE_SIZES.modelCars})::int
  )::text as json`);

export async function modelCarsJson(db: Db, names: { make: string; model: string }, viewerId: string, pageNumber: number): Promise<string> {
  const values = { ...names, viewer: viewerId, ...paging(pageNumber, PAGE_SIZES.modelCars) };
  return (await modelCarsStatement.run(db, values)).rows[0]!.json;
}

/** The kept counts' key of posts on profiles (model_post_counts, sql/counts.sql). */
const ON_PROFILES = '00000000-0000-0000-0000-000000000000';

/**
 * A page of the posts tagged to cars of a model that the viewer may see (PostPage): the page's
 * ids, read first (modelPostIds), and their number from the kept counts (sql/counts.sql): the
 * model's posts on profiles and in the communities the viewer belongs to. Counting them instead
 * cost 400 ms per page for a model with 117k posts (the 1m scale set's MX-5). The kept counts
 * have no author: the posts of people hidden from the viewer are counted and subtracted, read
 * from the hidden people's cars of the model (a post is tagged only to its author's own car):
 * the (owner_id, …) index alone, then (car_id, …); nothing for a viewer who hides nobody. The
 * model is matched with `is not distinct from`, no index condition: a bitmap of all the model's
 * cars ANDed with the owners' cost more than the page (0.5 ms for 3,000 cars).
 */
const modelPostsPage = pageStatement(() => ({
  ids: sql`${value('ids')}::uuid[]`,
  count: sql`((select coalesce(sum(k.post_count), 0) from model_post_counts k
    where k.make_key = lower(${make}) and k.model_key = lower(${model})
      and (k.community_id = ${ON_PROFILES}::uuid or k.community_id in (select m.community_id from community_members m where m.user_id = ${viewer})))
    - (select count(*) from cars mc join posts p on p.car_id = mc.id
       where mc.owner_id = any(${hiddenFrom(viewer)})
         and (lower(mc.make_name), lower(mc.model_name)) is not distinct from (lower(${make}), lower(${model}))
         and p.author_id = mc.owner_id and ${visibleTo(viewer)}))`,
  size: PAGE_SIZES.modelPosts,
}));

/**
 * The ids of a page of a model's posts the viewer may see, but the hidden people's (issue 18),
 * newest first. Not prepared: the best plan depends on the model (the statistics of migration
 * 0015 tell a common one from a rare one): the newest posts read until the page is full for a
 * common model; the model's few cars, then their posts, for a rare one.
 */
async function modelPostIds(db: Db, viewerId: string, names: { make: string; model: string }, limit: number, offset: number): Promise<string[]> {
  const result = await db.execute<{ ids: string[] }>(sql`select array(
    select p.id from posts p join cars mc on mc.id = p.car_id
    where lower(mc.make_name) = lower(${names.make}) and lower(mc.model_name) = lower(${names.model}) and ${visibleTo(viewerId)}
      and ${notHidden(sql`p.author_id`, viewerId)}
    order by p.created_at desc, p.id desc limit ${limit} offset ${offset}) as ids`);
  return result.rows[0]!.ids;
}

/** Page `pageNumber` of a model's posts as `viewerId` sees them, as JSON text. */
export async function modelPostsJson(reader: PostReader, viewerId: string, names: { make: string; model: string }, pageNumber: number): Promise<string> {
  const { limit, offset } = paging(pageNumber, PAGE_SIZES.modelPosts);
  const ids = await modelPostIds(reader.db, viewerId, names, limit, offset);
  return postPageJson(reader, { statement: modelPostsPage, values: { ids, ...names, viewer: viewerId } });
}

// ---------------------------------------------------------------------------------------------
// Search.

/**
 * Search's cars: those whose label "year make model trim" contains the query (case-insensitive;
 * the trigram index `cars_label_trgm_idx` on that very expression serves the ILIKE), but a block
 * pair's (issue 18: a muted person's cars stay), newest added first, at most SEARCH_RESULT_LIMIT.
 * Not prepared: the best plan depends on the text.
 */
export async function searchCars(db: Db, query: string, viewerId: string): Promise<Car[]> {
  const result = await db.execute<{ json: string }>(sql`
    select coalesce(json_agg(found.car order by found.created_at desc, found.id desc), '[]'::json)::text as json from (
      select ${carJson(viewerId)} as car, car.created_at, car.id from cars car ${carOwner}
      where (car.year::text || ' ' || car.make_name || ' ' || car.model_name || ' ' || car.trim) ilike ${containsPattern(query)}
        and ${notBlocked(sql`car.owner_id`, viewerId)}
      order by car.created_at desc, car.id desc limit ${SEARCH_RESULT_LIMIT}) found`);
  return JSON.parse(result.rows[0]!.json) as Car[];
}
