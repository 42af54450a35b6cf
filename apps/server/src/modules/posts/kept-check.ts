// Recomputes the kept counts, home feeds and post cards (sql/, README "Kept state") and the garage's
// counts of posts per model (modules/garage/sql/counts.sql) and the posts per tag (modules/tags) from the posts, follows, memberships,
// images, authors and cars, and lists every difference from what the triggers kept: the tests call
// it after each kind of change and cascade. Empty means all is right.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** Every way the kept state differs from the truth, as readable lines (none: all right). */
export async function keptStateProblems(db: Db): Promise<string[]> {
  const result = await db.execute<{ problem: string }>(sql`
    with profile as (select author_id, count(*)::int as n from posts where community_id is null group by author_id),
    community as (select community_id, author_id, count(*)::int as n from posts where community_id is not null group by community_id, author_id),
    -- The true kept feed of every owner: their followees' posts they may see, but those whose fan-out
    -- is still to come (feed_fanouts: no feed has them yet, whatever happened meanwhile).
    feed as (
      select f.follower_id as owner_id, p.created_at, p.id as post_id,
        row_number() over (partition by f.follower_id order by p.created_at desc, p.id desc) as position
      from follows f join posts p on p.author_id = f.followee_id
      where (p.community_id is null or exists (select 1 from community_members m where m.community_id = p.community_id and m.user_id = f.follower_id))
        and not exists (select 1 from feed_fanouts q where q.post_id = p.id)
        -- nor those of pulled authors, which feeds read at read time.
        and not exists (select 1 from feed_pulled_authors pa where pa.author_id = p.author_id)
    ),
    sizes as (select owner_id, count(*)::int as n from feed group by owner_id)
    select 'profile posts of ' || coalesce(t.author_id, k.author_id) || ': kept ' || coalesce(k.post_count, 0) || ', truly ' || coalesce(t.n, 0) as problem
    from profile t full join profile_post_counts k on k.author_id = t.author_id
    where coalesce(t.n, 0) <> coalesce(k.post_count, 0)
    union all
    select 'posts of ' || coalesce(t.author_id, k.author_id) || ' in ' || coalesce(t.community_id, k.community_id) || ': kept ' || coalesce(k.post_count, 0) || ', truly ' || coalesce(t.n, 0)
    from community t full join community_post_counts k on k.community_id = t.community_id and k.author_id = t.author_id
    where coalesce(t.n, 0) <> coalesce(k.post_count, 0)
    union all
    select 'profile posts in all: kept ' || (select coalesce(sum(post_count), 0) from profile_post_totals) || ', truly ' || (select count(*) from posts where community_id is null)
    where (select coalesce(sum(post_count), 0) from profile_post_totals) <> (select count(*) from posts where community_id is null)
    union all
    select 'posts of community ' || c.id || ': kept ' || c.post_count || ', truly ' || (select count(*) from posts p where p.community_id = c.id)
    from communities c where c.post_count <> (select count(*) from posts p where p.community_id = c.id)
    union all
    select 'feed size of ' || coalesce(s.owner_id, fd.owner_id) || ': kept ' || coalesce(fd.post_count, 0) || ', truly ' || coalesce(s.n, 0)
    from sizes s full join feeds fd on fd.owner_id = s.owner_id
    where coalesce(s.n, 0) <> coalesce(fd.post_count, 0)
    union all
    select 'entry count of ' || fd.owner_id || ': kept ' || fd.entry_count || ', truly ' || (select count(*) from feed_entries e where e.owner_id = fd.owner_id)
    from feeds fd where fd.entry_count <> (select count(*) from feed_entries e where e.owner_id = fd.owner_id)
    union all
    -- At or above the horizon (everywhere without one), the entries are exactly the feed's posts.
    select 'feed of ' || coalesce(t.owner_id, e.owner_id) || ': ' || case when e.post_id is null then 'missing ' || t.post_id else 'extra ' || e.post_id end
    from (select feed.* from feed join feeds fd on fd.owner_id = feed.owner_id
          where fd.horizon_created_at is null or (feed.created_at, feed.post_id) >= (fd.horizon_created_at, fd.horizon_post_id)) t
    full join feed_entries e on e.owner_id = t.owner_id and e.post_id = t.post_id and e.created_at = t.created_at
    where t.post_id is null or e.post_id is null
    union all
    -- The cards as sql/cards.sql computes them (post_cards_computed: the one place they are written).
    select 'card of ' || k.post_id || case when h.post_id is null then ' missing' else ' out of date' end
    from post_cards_computed k left join post_cards h on h.post_id = k.post_id
    where h.head is distinct from k.head or h.community_id is distinct from k.community_id or h.likes is distinct from k.likes
    union all
    -- The garage's counts of posts per model and community (modules/garage/sql/counts.sql).
    select 'posts of model ' || coalesce(t.make_key, k.make_key) || ' ' || coalesce(t.model_key, k.model_key) || ' in ' || coalesce(t.community_id, k.community_id)
      || ': kept ' || coalesce(k.post_count, 0) || ', truly ' || coalesce(t.n, 0)
    from (select lower(c.make_name) as make_key, lower(c.model_name) as model_key, coalesce(p.community_id, '00000000-0000-0000-0000-000000000000'::uuid) as community_id, count(*)::int as n
          from posts p join cars c on c.id = p.car_id group by 1, 2, 3) t
    full join model_post_counts k on k.make_key = t.make_key and k.model_key = t.model_key and k.community_id = t.community_id
    where coalesce(t.n, 0) <> coalesce(k.post_count, 0)
    union all
    -- The posts per tag (modules/tags/sql/tags.sql).
    select 'posts of tag ' || coalesce(t.tag, k.tag) || ': kept ' || coalesce(k.post_count, 0) || ', truly ' || coalesce(t.n, 0)
    from (select tag, count(*)::int as n from post_tags group by tag) t
    full join tag_counts k on k.tag = t.tag
    where coalesce(t.n, 0) <> coalesce(k.post_count, 0)
    union all
    -- A trimmed feed keeps at least its cap's worth unless posts left it since.
    select 'feed of ' || fd.owner_id || ' keeps ' || fd.entry_count || ' entries above its horizon, more than the cap plus slack'
    from feeds fd where fd.entry_count > 600`);
  return result.rows.map((row) => row.problem);
}
