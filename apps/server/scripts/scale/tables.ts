// The SQL that generates each table of the scale data set (scripts/scale-data.ts), set-based with
// generate_series. Deterministic: every id is md5('<kind>:<n>')::uuid and every "random" choice
// a hash of its row numbers, so the same sizes give the same data on every run.
import { TRENDING } from '@pitlane/api/contract';
import { TRENDING_EPOCH } from '../../src/modules/posts/trending.ts';

export interface Sizes {
  users: number;
  /** Follows per user (before duplicates are dropped): a quarter skewed towards popular people. */
  follows: number;
  posts: number;
  likes: number;
  comments: number;
  communities: number;
}

/** The sizes of `npm run db:scale -- --preset <name>` (communities: communitiesFor). */
export const PRESETS: Record<string, Omit<Sizes, 'communities'>> = {
  '100k': { users: 10_000, follows: 100, posts: 100_000, likes: 500_000, comments: 100_000 },
  '1m': { users: 50_000, follows: 200, posts: 1_000_000, likes: 5_000_000, comments: 1_000_000 },
};

/** One community per 250 users, at least 10. */
export const communitiesFor = (users: number) => Math.max(10, Math.floor(users / 250));

export interface StoredPicture {
  url: string;
  width: number;
  height: number;
}

/** md5('<kind>:<n>') as a uuid: the same id on every run, no lookup table needed. */
export const uid = (kind: string, n: string) => `md5('${kind}:' || (${n}))::uuid`;

/** A uniform number in [0, 1) from integers (hashint8 is PostgreSQL's own integer hash). */
export const hash01 = (...parts: string[]) => `((hashint8(${parts.map((p) => `(${p})::bigint`).join(' * 1000003 + ')}) & 2147483647)::float8 / 2147483648.0)`;

/** A non-negative integer from integers. */
const hashInt = (...parts: string[]) => `(hashint8(${parts.map((p) => `(${p})::bigint`).join(' * 1000003 + ')}) & 2147483647)`;

const list = (words: readonly string[]) => `array[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}]`;
const pick = (words: readonly string[], index: string) => `(${list(words)})[1 + (${index}) % ${words.length}]`;

const FIRST = ['Maya', 'Kenji', 'Lena', 'Sam', 'Ayrton', 'Nina', 'Marco', 'Priya', 'Jonas', 'Ines', 'Tom', 'Yuki', 'Carla', 'Ravi', 'Elena', 'Luca'];
const LAST = ['Okafor', 'Tanaka', 'Berg', 'Rossi', 'Silva', 'Novak', 'Keller', 'Moreau', 'Haddad', 'Lindqvist', 'Ortega', 'Schmidt', 'Costa', 'Murphy'];
const CARS = ['AE86', '911 SC', 'E30 M3', 'Miata', 'E-Type', 'Beetle', 'Supra', 'GT-R', 'Mustang', 'Golf GTI', 'Integra', 'Civic Type R', 'RX-7', 'Impreza', 'Lancia Delta', 'Alfa GTV', 'Corvette', 'Defender', 'Land Cruiser', '2002 tii', 'Countach', 'S2000', 'Evo VI', 'Elise'];
const TOPICS = ['coilover install', 'first track day', 'paint correction', 'engine rebuild', 'new wheels', 'brake upgrade', 'road trip', 'cars and coffee', 'rust repair', 'dyno day', 'interior refresh', 'turbo swap', 'alignment', 'winter storage', 'barn find', 'hill climb', 'detailing', 'exhaust', 'autocross', 'restoration'];
const LINES = ['Finally sorted the clunk over bumps.', 'Took it up the pass at sunrise.', 'Parts arrived a week late, worth it.', 'Torque wrench and patience.', 'Ten hours of sanding later.', 'Sounds better than it has any right to.', 'Mechanic says it is the cleanest one he has seen.', 'Tyres were cold, lap times were not.'];
const COMMENTS = ['Clean!', 'What wheels are those?', 'That colour though.', 'Need a video of this.', 'Saw it at the meet, even better in person.', 'How much did the parts cost?', 'Dream spec.', 'Keep the updates coming!'];

export const PASSWORD = 'pitlane-scale';
export const email = (n: string) => `'driver' || (${n}) || '@scale.pitlane.test'`;

export function usersSql(s: Sizes, passwordHash: string): string {
  return `insert into users (id, username, email, full_name, password_hash, created_at, updated_at)
    select ${uid('user', 'n')}, 'driver' || n, ${email('n')},
      ${pick(FIRST, 'n')} || ' ' || ${pick(LAST, 'n / 16')},
      '${passwordHash}', now() - make_interval(mins => ${s.users} - n), now()
    from generate_series(1, ${s.users}) n`;
}

/** Community c is created by user c. */
export function communitiesSql(s: Sizes): string {
  return `insert into communities (id, name, description, creator_id, created_at)
    select ${uid('community', 'c')}, ${pick(CARS, 'c')} || ' Club ' || c, 'People who drive, fix and love the ' || ${pick(CARS, 'c')} || '.',
      ${uid('user', 'c')}, now() - make_interval(days => 400 - c % 30)
    from generate_series(1, ${s.communities}) c`;
}

/**
 * Users n with ((n - 1) / C) even belong to community ((n - 1) % C) + 1 (half of everyone, the
 * creators included); every 7th user also to a second one.
 */
export function membersSql(s: Sizes): string {
  const C = s.communities;
  return `insert into community_members (community_id, user_id, created_at)
    select distinct on (c, n) ${uid('community', 'c')}, ${uid('user', 'n')}, now() - make_interval(days => 1 + n % 300)
    from (
      select n, (n - 1) % ${C} + 1 as c from generate_series(1, ${s.users}) n where ((n - 1) / ${C}) % 2 = 0
      union all
      select n, ${hashInt('n', '77')} % ${C} + 1 from generate_series(1, ${s.users}) n where n % 7 = 0
    ) m`;
}

/** The members of community c by the first rule: n = c + 2C·j. How many there are. */
const firstRuleMembers = (s: Sizes, c: string) => `((${s.users} - (${c})) / ${2 * s.communities} + 1)`;

/**
 * Per follower, `follows` picks: the first quarter skewed towards low user numbers (u = U·r³:
 * a few popular people followed by most), the rest uniform. Duplicates and self-follows dropped.
 */
export function followsSql(s: Sizes): string {
  const skewed = Math.max(1, Math.floor(s.follows / 4));
  return `insert into follows (follower_id, followee_id, created_at)
    select ${uid('user', 'i')}, ${uid('user', 'j')}, now() - make_interval(days => ${hashInt('i', 'j')} % 365, secs => ${hashInt('j', 'i')} % 86400)
    from (
      select distinct i, j from (
        select i, case when s <= ${skewed} then 1 + floor(${s.users} * power(${hash01('i', 's')}, 3))::int
                       else 1 + floor(${s.users} * ${hash01('i', 's', '1')})::int end as j
        from generate_series(1, ${s.users}) i, generate_series(1, ${s.follows}) s
      ) picks where i <> j
    ) pairs`;
}

/**
 * Posts k = 1…P, newest first over the last 365 days. Every 10th in a community (by one of its
 * members), the others on a uniformly picked author's profile. Trending scores come later.
 */
export function postsSql(s: Sizes): string {
  const C = s.communities;
  const community = `(${hashInt('k', '3')} % ${C} + 1)`;
  const author = `case when k % 10 = 0
      then ${community} + ${2 * C} * (${hashInt('k', '5')} % ${firstRuleMembers(s, community)})
      else 1 + ${hashInt('k', '7')} % ${s.users} end`;
  return `insert into posts (id, author_id, community_id, car_id, title, content, trending_score, created_at, updated_at)
    select ${uid('post', 'k')}, ${uid('user', 'author')},
      case when k % 10 = 0 then ${uid('community', community)} end,
      case when ${hasCar('author')} and ${hash01('k', '41')} < ${TAGGED_SHARE} then ${uid('car', 'author')} end,
      ${pick(CARS, hashInt('k', '11'))} || ' ' || ${pick(TOPICS, hashInt('k', '13'))} || ', day ' || (1 + k % 400),
      'Day ' || (1 + k % 400) || ' with the ' || ${pick(CARS, hashInt('k', '11'))} || ': ' || ${pick(LINES, hashInt('k', '17'))} || ' ' || ${pick(LINES, hashInt('k', '19'))},
      0, created, created
    from (
      select k, ${author} as author,
        now() - make_interval(secs => (k - 1) * ${(365 * 86400) / s.posts}::float8 + (${hashInt('k', '23')} % 1000) / 1000.0) as created
      from generate_series(1, ${s.posts}) k
    ) p`;
}

// The garage (issue 17). User n owns car n (md5('car:n')) unless n is a multiple of 5, and every
// third user also lists a past car; models are picked with a skew (u = M·r²), so the first few
// models of SCALE_MODELS have thousands of cars, as popular models do. Posts of an owner are
// tagged to their car at TAGGED_SHARE.
const TAGGED_SHARE = 0.6;
const hasCar = (n: string) => `(${n}) % 5 <> 0`;
/** Listed models (vPIC make id, make, model id, model) and two the list lacks (model id null). */
const SCALE_MODELS: ReadonlyArray<readonly [number, string, number | null, string]> = [
  [473, 'Mazda', 2072, 'MX-5'],
  [452, 'BMW', 1710, 'M3'],
  [584, 'Porsche', 7832, '911'],
  [482, 'Volkswagen', 3133, 'Golf'],
  [448, 'Toyota', 3647, 'Supra'],
  [474, 'Honda', 1863, 'Civic'],
  [523, 'Subaru', 2235, 'Impreza'],
  [460, 'Ford', 1781, 'Mustang'],
  [478, 'Nissan', null, 'Skyline'],
  [473, 'Mazda', 5497, 'RX-7'],
  [444, 'Land Rover', 9345, 'Defender'],
  [441, 'Tesla', 17834, 'Model 3'],
  [497, 'Lancia', null, 'Delta'],
  [448, 'Toyota', 2208, 'Corolla'],
];
const TRIMS = ['', 'GT', 'Sport', 'Turbo', 'Clubsport', 'Touring', 'RS', 'S'];
const COLOURS = ['Guards Red', 'Mariner Blue', 'Alpine White', 'Black', 'Silver', 'British Racing Green', 'Yellow'];

/** Current cars (one per owner) and past cars (every third user), straight from the list. */
export function carsSql(s: Sizes): string {
  const models = SCALE_MODELS.map(([makeId, make, modelId, model], i) => `(${i}, ${makeId}, '${make}', ${modelId ?? 'null::int'}, '${model}')`).join(', ');
  const car = (kind: string, n: string, current: boolean, salt: string) => `
    select ${uid(kind, n)}, ${uid('user', n)}, m.make_id, m.model_id, m.make, m.model,
      1965 + ${hashInt(n, salt)} % 60, ${pick(TRIMS, hashInt(n, salt, '3'))}, ${pick(COLOURS, hashInt(n, salt, '5'))}, '', ${current},
      now() - make_interval(days => ${hashInt(n, salt, '7')} % 700)
    from generate_series(1, ${s.users}) ${n}
    join (values ${models}) as m(i, make_id, make, model_id, model) on m.i = floor(${SCALE_MODELS.length} * power(${hash01(n, salt)}, 2))::int`;
  return `insert into cars (id, owner_id, make_id, model_id, make_name, model_name, year, trim, colour, description, current, created_at)
    select * from (${car('car', 'n', true, '43')} where ${hasCar('n')}) current_cars
    union all select * from (${car('pastcar', 'n', false, '47')} where n % 3 = 0) past_cars`;
}

/** Four build-log entries per current car over the last year, the odometer climbing. */
export function carLogSql(s: Sizes): string {
  return `insert into car_log_entries (id, car_id, date, title, text, mileage, mileage_unit, cost, currency, created_at)
    select ${uid('log', `n * 10 + j`)}, ${uid('car', 'n')}, (now() - make_interval(days => 90 * (4 - j)))::date,
      ${pick(TOPICS, hashInt('n', 'j', '53'))}, ${pick(LINES, hashInt('n', 'j', '59'))},
      20000 + 3000 * j + ${hashInt('n', '61')} % 100000, 'km', (${hashInt('n', 'j', '67')} % 200000) / 100.0, 'EUR',
      now() - make_interval(days => 90 * (4 - j))
    from generate_series(1, ${s.users}) n, generate_series(0, 3) j where ${hasCar('n')}`;
}

/** 1–3 pictures per post, from the handful stored once. */
export function postImagesSql(pictures: readonly StoredPicture[]): string {
  const values = pictures.map((p, i) => `(${i}, '${p.url}', ${p.width}, ${p.height})`).join(', ');
  return `insert into post_images (post_id, position, url, width, height)
    select p.id, pos, pic.url, pic.width, pic.height
    from posts p
    cross join lateral generate_series(0, (hashtext(p.id::text) & 2147483647) % 3) pos
    join (values ${values}) as pic(i, url, width, height) on pic.i = ((hashtext(p.id::text) & 2147483647)::bigint + pos) % ${pictures.length}`;
}

/**
 * Per post n = round(3·avg·r²) events (mean avg, most posts few, some many), plus avg·40 on every
 * 997th post (a viral one); by distinct users (a stride through everyone), at `minutes` apart
 * after the post, never in the future.
 */
function eventsOf(avg: number, users: number, seed: number) {
  const n = `(floor(${3 * avg} * power(${hash01('hashtext(p.id::text)', String(seed))}, 2) + 0.5)::int
      + case when (hashtext(p.id::text) & 2147483647) % 997 = 0 then ${Math.round(avg * 40)} else 0 end)`;
  const count = `least(${n}, ${users - 1})`;
  const user = (j: string) => `1 + ((hashtext(p.id::text) & 2147483647)::bigint + (${j}) * 7919) % ${users}`;
  return { count, user };
}

export function likesSql(s: Sizes): string {
  const { count, user } = eventsOf(s.likes / s.posts, s.users, 29);
  return `insert into likes (post_id, user_id, created_at)
    select p.id, ${uid('user', user('j'))}, least(now(), p.created_at + make_interval(mins => 7 * (j + 1)))
    from posts p cross join lateral generate_series(0, ${count} - 1) j`;
}

export function commentsSql(s: Sizes): string {
  const { count } = eventsOf(s.comments / s.posts, s.users, 31);
  const author = `1 + ((hashtext(p.id::text) & 2147483647)::bigint + (j + 1) * 104729) % ${s.users}`;
  return `insert into comments (id, post_id, author_id, text, created_at)
    select ${uid('comment', `p.id::text || ':' || j`)}, p.id, ${uid('user', author)}, ${pick(COMMENTS, `(hashtext(p.id::text) & 2147483647)::bigint + j`)},
      least(now(), p.created_at + make_interval(mins => 11 * (j + 1)))
    from posts p cross join lateral generate_series(0, ${count} - 1) j`;
}

/** Saved posts (issue 21): about a fifth of the likes, saved an hour after the like (never in the future). */
export function savesSql(): string {
  return `insert into saved_posts (user_id, post_id, saved_at)
    select l.user_id, l.post_id, least(now(), l.created_at + interval '1 hour')
    from likes l where ${hash01('hashtext(l.post_id::text)', 'hashtext(l.user_id::text)', '37')} < 0.2`;
}

/**
 * People who hid others (block and mute, issue 18): `share` of the people, each hiding 1 to `most`
 * others picked uniformly (hash salts keep the two tables' picks apart).
 */
function hidesSql(s: Sizes, into: string, share: number, most: number, salt: number): string {
  return `insert into ${into}
    select distinct on (i, j) ${uid('user', 'i')}, ${uid('user', 'j')}, now() - make_interval(days => ${hashInt('i', 'j', String(salt))} % 90)
    from (select i, 1 + floor(${s.users} * ${hash01('i', 'k', String(salt + 1))})::int as j
          from generate_series(1, ${s.users}) i, generate_series(1, ${most}) k
          where ${hash01('i', String(salt + 2))} < ${share} and k <= 1 + ${hashInt('i', String(salt + 3))} % ${most}) picks
    where i <> j`;
}

/** A tenth of the people muted 1–3 others. */
export const mutesSql = (s: Sizes) => hidesSql(s, 'mutes (muter_id, muted_id, created_at)', 0.1, 3, 41);

/** A twentieth blocked one or two; then blockedFollowsSql ends their follows, as blocking does. */
export const blocksSql = (s: Sizes) => hidesSql(s, 'blocks (blocker_id, blocked_id, created_at)', 0.05, 2, 53);

/** Two hash joins, one per direction (the follows' indexes are dropped while loading: no OR). */
export function blockedFollowsSql(): string {
  return `delete from follows f using blocks b where f.follower_id = b.blocker_id and f.followee_id = b.blocked_id;
    delete from follows f using blocks b where f.follower_id = b.blocked_id and f.followee_id = b.blocker_id`;
}

/**
 * The likes, comments and follows of the last 30 days notify (never one's own); older ones were
 * read and cleared. Those of the last 2 days are unread.
 */
export function notificationsSql(): string {
  return `insert into notifications (recipient_id, sender_id, type, post_id, read, created_at)
    select recipient, sender, type, post, at < now() - interval '2 days', at from (
      select p.author_id as recipient, l.user_id as sender, 'like' as type, p.id as post, l.created_at as at
      from likes l join posts p on p.id = l.post_id where l.created_at > now() - interval '30 days'
      union all
      select p.author_id, c.author_id, 'comment', p.id, c.created_at
      from comments c join posts p on p.id = c.post_id where c.created_at > now() - interval '30 days'
      union all
      select f.followee_id, f.follower_id, 'follow', null, f.created_at from follows f where f.created_at > now() - interval '30 days'
    ) events where recipient <> sender`;
}

/**
 * The trending score of every post from its likes and comments, as modules/posts/trending.ts
 * keeps it: log2 Σ weight·2^((t − EPOCH)/H), written as the post's own exponent plus log2 of the
 * sum relative to it (events come after the post, so no power overflows).
 */
export function trendingSql(): string {
  const H = TRENDING.halfLifeHours * 3600;
  const relative = (weight: number, table: string) => `select e.post_id, sum(${weight} * power(2::float8, extract(epoch from (e.created_at - p.created_at))::float8 / ${H})) as s
      from ${table} e join posts p on p.id = e.post_id group by e.post_id`;
  return `with liked as (${relative(TRENDING.likeWeight, 'likes')}),
    commented as (${relative(TRENDING.commentWeight, 'comments')})
    update posts p set trending_score = extract(epoch from (p.created_at - '${TRENDING_EPOCH}'::timestamptz))::float8 / ${H}
      + ln(${TRENDING.postWeight} + coalesce(liked.s, 0) + coalesce(commented.s, 0)) / ln(2::float8)
    from posts q left join liked on liked.post_id = q.id left join commented on commented.post_id = q.id
    where p.id = q.id`;
}
