-- Kept post counts and home feeds (modules/posts/README.md "Kept state"): the functions and
-- triggers that keep the tables of drizzle/0004 right on every path that adds or removes a post,
-- a follow or a membership: the routes, the seed, and the cascades of account and community
-- deletion. The app never writes these tables.
--
-- Re-appliable: every statement replaces what it defines, so a migration applies this file
-- again (`--> include`, db/migrate.ts) whenever it changes. A function whose arguments or result
-- change needs a DROP in that migration first (CREATE OR REPLACE cannot change them).
--
-- Concurrency: a post and a follow of its author (or a membership of its community) made at the
-- same moment must not miss each other: every change takes a transaction-level advisory lock
-- first (feed_lock), posts in shared mode (posts never wait for each other), follows and
-- memberships exclusively. Feeds rows are then locked in owner order, so two posts with readers
-- in common cannot deadlock, and a follow or membership holds one feeds row only: its owner's,
-- taken before it counts anything, which orders one owner's follows with their memberships
-- (their advisory locks differ: an author, a community).
--
-- Deferred fan-out (feed_fanouts, drizzle/0011): a post inserted while the transaction's setting
-- `pitlane.defer_fanout` is 'on' (the app's posting route) is counted at once, but joins its
-- readers' feeds only when feed_fanout(id) runs after the commit (the request itself, or a job).
-- Until then every kept feed leaves it out: feed_source_count and feed_source_posts skip pending
-- posts, so a follow or a membership made meanwhile does not take it in, and feed_fanout then
-- gives it to every reader of that moment; the locks above order the two. Posts inserted
-- without the setting (seeds, tests, SQL) join the feeds in their own transaction, as before.
--
-- Pulled authors (feed_pulled_authors, drizzle/0012): the posts of an account with very many
-- followers get no entries at all; feeds read them from the posts at read time (lists.ts) and
-- add their visible count to the kept one. feed_readers has none for them, and every source
-- function leaves their posts out. feed_set_pulled switches an author either way, as if each
-- follower unfollowed (and followed again after), so the kept feeds stay exact throughout.
--
-- Deletions are kept by BEFORE DELETE triggers, which PostgreSQL runs at once for each row,
-- cascades included (AFTER triggers of cascaded rows wait for the end of the outer statement,
-- when an account's follows, memberships and posts are already gone together): each sees its
-- row still there and takes exactly that row's share away, so the order of cascades does not
-- matter. Insertions are kept by AFTER INSERT triggers, which run only for rows really inserted.

-- Advisory lock classes (any constants): 72501 = an author's followers, 72502 = a community's
-- members; null locks nothing. An author or community that no longer exists is being deleted by
-- this very transaction (a cascade): nothing can be posted by or in it concurrently any more, so
-- no lock is taken, and account and community deletions do not wait on posts in progress.
CREATE OR REPLACE FUNCTION feed_lock(author uuid, community uuid, exclusive boolean) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  class integer;
  key uuid;
BEGIN
  FOR class, key IN
    SELECT 72501, author WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = author)
    UNION ALL
    SELECT 72502, community WHERE EXISTS (SELECT 1 FROM communities c WHERE c.id = community)
  LOOP
    IF exclusive THEN
      PERFORM pg_advisory_xact_lock(class, hashtext(key::text));
    ELSE
      PERFORM pg_advisory_xact_lock_shared(class, hashtext(key::text));
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
-- How many of `author`'s posts `viewer` may see: profile posts, and posts in the communities
-- the viewer belongs to. (By-user's totalPages, a profile's postCount, a follow's feed change.)
CREATE OR REPLACE FUNCTION visible_post_count(author uuid, viewer uuid) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT pc.post_count FROM profile_post_counts pc WHERE pc.author_id = $1), 0)
       + coalesce((SELECT sum(cc.post_count) FROM community_members m
                   JOIN community_post_counts cc ON cc.community_id = m.community_id AND cc.author_id = $1
                   WHERE m.user_id = $2), 0)
$$;
--> statement-breakpoint
-- Kept post counts: +1 / -1 for a post of `author` in `community` (null: profile).
CREATE OR REPLACE FUNCTION count_post(author uuid, community uuid, delta integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF community IS NULL THEN
    INSERT INTO profile_post_counts AS pc (author_id, post_count) VALUES (author, delta)
    ON CONFLICT (author_id) DO UPDATE SET post_count = pc.post_count + delta;
    DELETE FROM profile_post_counts pc WHERE pc.author_id = author AND pc.post_count = 0;
    -- Last: the shared total row is held for the shortest time.
    INSERT INTO profile_post_totals AS t (shard, post_count) VALUES (hashtext(author::text) & 15, delta)
    ON CONFLICT (shard) DO UPDATE SET post_count = t.post_count + delta;
  ELSE
    INSERT INTO community_post_counts AS cc (community_id, author_id, post_count) VALUES (community, author, delta)
    ON CONFLICT (community_id, author_id) DO UPDATE SET post_count = cc.post_count + delta;
    DELETE FROM community_post_counts cc WHERE cc.community_id = community AND cc.author_id = author AND cc.post_count = 0;
    UPDATE communities SET post_count = post_count + delta WHERE id = community;
  END IF;
END $$;
--> statement-breakpoint
-- The owners whose feed shows a post of `author` in `community` (null: on the author's
-- profile), in owner order: the author's followers, and for a community post only its members.
-- None for a pulled author: their posts are read at read time.
CREATE OR REPLACE FUNCTION feed_readers(author uuid, community uuid) RETURNS uuid[]
LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM feed_pulled_authors pa WHERE pa.author_id = author) THEN
    RETURN '{}';
  END IF;
  RETURN (SELECT coalesce(array_agg(f.follower_id ORDER BY f.follower_id), '{}')
    FROM follows f
    WHERE f.followee_id = author
      AND (community IS NULL OR EXISTS (SELECT 1 FROM community_members m WHERE m.community_id = community AND m.user_id = f.follower_id)));
END $$;
--> statement-breakpoint
-- Keeps the newest 500 entries of a feed (the cap; trimmed once 100 more have come, so the work
-- is spread). The oldest kept entry becomes the horizon: the feed is exact at and above it.
CREATE OR REPLACE FUNCTION feed_trim(trimmed uuid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  kept record;
BEGIN
  SELECT e.created_at, e.post_id INTO kept FROM feed_entries e WHERE e.owner_id = trimmed
  ORDER BY e.created_at DESC, e.post_id DESC OFFSET 499 LIMIT 1;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  DELETE FROM feed_entries e WHERE e.owner_id = trimmed AND (e.created_at, e.post_id) < (kept.created_at, kept.post_id);
  UPDATE feeds SET horizon_created_at = kept.created_at, horizon_post_id = kept.post_id, entry_count = 500
  WHERE owner_id = trimmed;
END $$;
--> statement-breakpoint
-- A post appears in its readers' feeds (`counted`: and adds to their post_count; a post that
-- only moves in time is not counted again). Callers hold the author's and community's locks.
CREATE OR REPLACE FUNCTION feed_add_post(post uuid, author uuid, community uuid, created timestamptz, counted boolean) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  readers uuid[] := feed_readers(author, community);
  crowded uuid;
BEGIN
  IF cardinality(readers) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM feeds fd WHERE fd.owner_id = ANY (readers) ORDER BY fd.owner_id FOR UPDATE;
  WITH added AS (
    INSERT INTO feed_entries (owner_id, created_at, post_id)
    SELECT fd.owner_id, created, post FROM feeds fd
    WHERE fd.owner_id = ANY (readers)
      AND (fd.horizon_created_at IS NULL OR (created, post) >= (fd.horizon_created_at, fd.horizon_post_id))
    ON CONFLICT DO NOTHING
    RETURNING owner_id
  )
  UPDATE feeds fd
  SET post_count = fd.post_count + CASE WHEN counted THEN 1 ELSE 0 END,
      entry_count = fd.entry_count + CASE WHEN fd.owner_id IN (SELECT owner_id FROM added) THEN 1 ELSE 0 END
  WHERE fd.owner_id = ANY (readers);
  FOR crowded IN SELECT fd.owner_id FROM feeds fd WHERE fd.owner_id = ANY (readers) AND fd.entry_count > 600 ORDER BY fd.owner_id LOOP
    PERFORM feed_trim(crowded);
  END LOOP;
END $$;
--> statement-breakpoint
-- A post leaves its readers' feeds (`counted`: and their post_count).
CREATE OR REPLACE FUNCTION feed_remove_post(post uuid, author uuid, community uuid, created timestamptz, counted boolean) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  readers uuid[] := feed_readers(author, community);
BEGIN
  IF cardinality(readers) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM feeds fd WHERE fd.owner_id = ANY (readers) ORDER BY fd.owner_id FOR UPDATE;
  WITH removed AS (
    DELETE FROM feed_entries e
    WHERE e.owner_id = ANY (readers) AND e.created_at = created AND e.post_id = post
    RETURNING e.owner_id
  )
  UPDATE feeds fd
  SET post_count = fd.post_count - CASE WHEN counted THEN 1 ELSE 0 END,
      entry_count = fd.entry_count - CASE WHEN fd.owner_id IN (SELECT owner_id FROM removed) THEN 1 ELSE 0 END
  WHERE fd.owner_id = ANY (readers);
END $$;
--> statement-breakpoint
-- posts: a new post joins its readers' feeds and counts, a deleted one leaves them (BEFORE
-- DELETE, so it returns OLD). The app never moves a post, but a seed or a test may change its
-- date (or anything its author or community): its entries move with it, and its counts if it
-- changed hands.
CREATE OR REPLACE FUNCTION posts_kept() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  moved boolean := TG_OP <> 'UPDATE' OR NEW.author_id <> OLD.author_id OR NEW.community_id IS DISTINCT FROM OLD.community_id;
  -- Pending (not in any feed yet): its feeds stay as they are; feed_fanout adds it as it is then.
  pending boolean := CASE WHEN TG_OP = 'INSERT' THEN coalesce(current_setting('pitlane.defer_fanout', true), '') = 'on'
                          ELSE EXISTS (SELECT 1 FROM feed_fanouts q WHERE q.post_id = OLD.id) END;
BEGIN
  IF NOT moved AND NEW.created_at = OLD.created_at AND NEW.id = OLD.id THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM feed_lock(OLD.author_id, OLD.community_id, false);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM feed_lock(NEW.author_id, NEW.community_id, false);
  END IF;
  IF pending THEN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO feed_fanouts (post_id) VALUES (NEW.id);
    END IF;
  ELSE
    IF TG_OP <> 'INSERT' THEN
      PERFORM feed_remove_post(OLD.id, OLD.author_id, OLD.community_id, OLD.created_at, moved);
    END IF;
    IF TG_OP <> 'DELETE' THEN
      PERFORM feed_add_post(NEW.id, NEW.author_id, NEW.community_id, NEW.created_at, moved);
    END IF;
  END IF;
  IF moved AND TG_OP <> 'INSERT' THEN
    PERFORM count_post(OLD.author_id, OLD.community_id, -1);
  END IF;
  IF moved AND TG_OP <> 'DELETE' THEN
    PERFORM count_post(NEW.author_id, NEW.community_id, 1);
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
-- The deferred fan-out of a pending post: it joins the feeds of its readers of this moment and
-- is pending no more. True if this call did it; false when it was done already (another call or
-- job got there first: they queue on the pending row) or the post is gone. Safe to run again.
CREATE OR REPLACE FUNCTION feed_fanout(post uuid) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  p posts%ROWTYPE;
BEGIN
  SELECT * INTO p FROM posts WHERE id = post;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  -- The author's and community's locks first, shared as a post's: a follow or membership of this
  -- moment comes wholly before (it left the post out) or wholly after (it takes it in).
  PERFORM feed_lock(p.author_id, p.community_id, false);
  DELETE FROM feed_fanouts q WHERE q.post_id = post;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  SELECT * INTO p FROM posts WHERE id = post;
  PERFORM feed_add_post(p.id, p.author_id, p.community_id, p.created_at, true);
  RETURN true;
END $$;
--> statement-breakpoint
-- follows and community_members rows both join a feed's owner to the posts of one source: an
-- author (the followee) or a community. `owner` sees through it the posts of the author it may
-- see, or the posts in the community by the people it follows. TG_TABLE_NAME says which.
--
-- How many posts the source adds to the owner's feed (from the kept counts).
-- (plpgsql, not sql, here and below: their bodies name feed_fanouts, which the migrations that
-- first applied this file, before 0011, do not have; plpgsql reads a body only when it runs.)
CREATE OR REPLACE FUNCTION feed_source_count(owner uuid, author uuid, community uuid) RETURNS bigint
LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM feed_pulled_authors pa WHERE pa.author_id = author) THEN
    RETURN 0;
  END IF;
  RETURN CASE WHEN author IS NOT NULL THEN visible_post_count(author, owner)
    ELSE coalesce((SELECT sum(cc.post_count) FROM follows f
                   JOIN community_post_counts cc ON cc.community_id = community AND cc.author_id = f.followee_id
                   WHERE f.follower_id = owner
                     AND NOT EXISTS (SELECT 1 FROM feed_pulled_authors pa WHERE pa.author_id = f.followee_id)), 0)
  END - feed_source_pending(owner, author, community);
END $$;
--> statement-breakpoint
-- The posts the source adds to the owner's feed (none still pending: feed_fanout brings those).
CREATE OR REPLACE FUNCTION feed_source_posts(owner uuid, author uuid, community uuid) RETURNS TABLE (created_at timestamptz, id uuid)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT p.created_at, p.id FROM posts p
  WHERE author IS NOT NULL AND p.author_id = author
    AND (p.community_id IS NULL OR EXISTS (SELECT 1 FROM community_members m WHERE m.community_id = p.community_id AND m.user_id = owner))
    AND NOT EXISTS (SELECT 1 FROM feed_fanouts q WHERE q.post_id = p.id)
    AND NOT EXISTS (SELECT 1 FROM feed_pulled_authors pa WHERE pa.author_id = p.author_id)
  UNION ALL
  SELECT p.created_at, p.id FROM posts p
  WHERE community IS NOT NULL AND p.community_id = community
    AND EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = owner AND f.followee_id = p.author_id)
    AND NOT EXISTS (SELECT 1 FROM feed_fanouts q WHERE q.post_id = p.id)
    AND NOT EXISTS (SELECT 1 FROM feed_pulled_authors pa WHERE pa.author_id = p.author_id);
END $$;
--> statement-breakpoint
-- How many of the source's posts for the owner are still pending (few: those of the last moments).
CREATE OR REPLACE FUNCTION feed_source_pending(owner uuid, author uuid, community uuid) RETURNS bigint
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT count(*) FROM feed_fanouts q JOIN posts p ON p.id = q.post_id
    WHERE NOT EXISTS (SELECT 1 FROM feed_pulled_authors pa WHERE pa.author_id = p.author_id)
      AND ((author IS NOT NULL AND p.author_id = author
            AND (p.community_id IS NULL OR EXISTS (SELECT 1 FROM community_members m WHERE m.community_id = p.community_id AND m.user_id = owner)))
        OR (community IS NOT NULL AND p.community_id = community
            AND EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = owner AND f.followee_id = p.author_id))));
END $$;
--> statement-breakpoint
-- Adds the newest candidates of a feed (newest first, at most 501, all at or above its
-- horizon) to its entries. More than 500 of them: the feed is exact only down to the 500th,
-- which becomes the horizon. The caller holds the feeds row.
CREATE OR REPLACE FUNCTION feed_merge(merged uuid, times timestamptz[], ids uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  feed feeds%ROWTYPE;
BEGIN
  IF cardinality(ids) > 500
     AND (SELECT fd.horizon_created_at IS NULL OR (times[500], ids[500]) > (fd.horizon_created_at, fd.horizon_post_id) FROM feeds fd WHERE fd.owner_id = merged) THEN
    UPDATE feeds SET horizon_created_at = times[500], horizon_post_id = ids[500] WHERE owner_id = merged;
    DELETE FROM feed_entries e WHERE e.owner_id = merged AND (e.created_at, e.post_id) < (times[500], ids[500]);
  END IF;
  SELECT * INTO feed FROM feeds WHERE owner_id = merged;
  INSERT INTO feed_entries (owner_id, created_at, post_id)
  SELECT merged, c.created_at, c.post_id FROM unnest(times, ids) AS c(created_at, post_id)
  WHERE feed.horizon_created_at IS NULL OR (c.created_at, c.post_id) >= (feed.horizon_created_at, feed.horizon_post_id)
  ON CONFLICT DO NOTHING;
  UPDATE feeds SET entry_count = (SELECT count(*) FROM feed_entries e WHERE e.owner_id = merged) WHERE owner_id = merged;
  IF (SELECT fd.entry_count FROM feeds fd WHERE fd.owner_id = merged) > 600 THEN
    PERFORM feed_trim(merged);
  END IF;
END $$;
--> statement-breakpoint
-- The source's posts join the owner's feed (a follow or membership; an author no longer pulled).
-- The caller holds the source's lock.
CREATE OR REPLACE FUNCTION feed_source_add(owner uuid, author uuid, community uuid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  feed feeds%ROWTYPE;
  times timestamptz[];
  ids uuid[];
BEGIN
  -- The owner's feeds row, created if missing, and held; none when the owner no longer exists.
  IF NOT EXISTS (SELECT 1 FROM users u WHERE u.id = owner) THEN
    RETURN;
  END IF;
  INSERT INTO feeds (owner_id) VALUES (owner) ON CONFLICT DO NOTHING;
  -- Held before anything is counted, in a statement of its own: the owner's follows and
  -- memberships lock different sources (an author, a community), so this row is what orders a
  -- follow with a join or leave of the same owner. Counted in the statement that waits for it,
  -- the count would come from before the wait: a join beside an unfollow of someone who posted in
  -- that community kept their posts counted (feeds.test, "concurrent writers", 1 run in 8).
  PERFORM 1 FROM feeds fd WHERE fd.owner_id = owner FOR UPDATE;
  UPDATE feeds SET post_count = post_count + feed_source_count(owner, author, community)
  WHERE owner_id = owner
  RETURNING * INTO feed;
  SELECT array_agg(c.created_at ORDER BY c.created_at DESC, c.id DESC), array_agg(c.id ORDER BY c.created_at DESC, c.id DESC)
  INTO times, ids
  FROM (
    SELECT s.created_at, s.id FROM feed_source_posts(owner, author, community) s
    WHERE feed.horizon_created_at IS NULL OR (s.created_at, s.id) >= (feed.horizon_created_at, feed.horizon_post_id)
    ORDER BY s.created_at DESC, s.id DESC
    LIMIT 501
  ) c;
  IF ids IS NOT NULL THEN
    PERFORM feed_merge(owner, times, ids);
  END IF;
END $$;
--> statement-breakpoint
-- The source's posts leave the owner's feed (an unfollow or a leave; an author becoming pulled).
-- The caller holds the source's lock.
CREATE OR REPLACE FUNCTION feed_source_remove(owner uuid, author uuid, community uuid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  removed integer;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM users u WHERE u.id = owner) THEN
    RETURN;
  END IF;
  PERFORM 1 FROM feeds fd WHERE fd.owner_id = owner FOR UPDATE;
  WITH gone AS (
    DELETE FROM feed_entries e USING posts p
    WHERE e.owner_id = owner AND e.created_at = p.created_at AND e.post_id = p.id
      AND (p.author_id = author OR p.community_id = community)
    RETURNING 1
  )
  SELECT count(*) INTO removed FROM gone;
  UPDATE feeds
  SET post_count = post_count - feed_source_count(owner, author, community), entry_count = entry_count - removed
  WHERE owner_id = owner;
END $$;
--> statement-breakpoint
-- Following someone or joining a community: the source's posts join the owner's feed.
CREATE OR REPLACE FUNCTION feed_source_after_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'follows' THEN
    PERFORM feed_lock(NEW.followee_id, NULL, true);
    PERFORM feed_source_add(NEW.follower_id, NEW.followee_id, NULL);
  ELSE
    PERFORM feed_lock(NULL, NEW.community_id, true);
    PERFORM feed_source_add(NEW.user_id, NULL, NEW.community_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Unfollowing or leaving a community: the source's posts leave the owner's feed (nothing to keep
-- when the owner's own account is going).
CREATE OR REPLACE FUNCTION feed_source_before_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'follows' THEN
    IF EXISTS (SELECT 1 FROM users u WHERE u.id = OLD.follower_id) THEN
      PERFORM feed_lock(OLD.followee_id, NULL, true);
      PERFORM feed_source_remove(OLD.follower_id, OLD.followee_id, NULL);
    END IF;
  ELSIF EXISTS (SELECT 1 FROM users u WHERE u.id = OLD.user_id) THEN
    PERFORM feed_lock(NULL, OLD.community_id, true);
    PERFORM feed_source_remove(OLD.user_id, NULL, OLD.community_id);
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
-- What feed_source_count(follower, author, NULL) gives each of the author's followers, for all
-- of them at once (feed_set_pulled): the author's profile posts, plus their posts in the
-- follower's communities, less those still pending.
CREATE OR REPLACE FUNCTION feed_follower_counts(author uuid) RETURNS TABLE (owner_id uuid, posts bigint)
LANGUAGE plpgsql STABLE ROWS 10000 AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH in_communities AS (
    SELECT m.user_id AS owner_id, sum(cc.post_count) AS n FROM community_post_counts cc
    JOIN community_members m ON m.community_id = cc.community_id
    WHERE cc.author_id = author GROUP BY m.user_id
  ),
  pending AS (
    SELECT f.follower_id AS owner_id, count(*) AS n FROM feed_fanouts q
    JOIN posts p ON p.id = q.post_id AND p.author_id = author
    JOIN follows f ON f.followee_id = author
    WHERE p.community_id IS NULL OR EXISTS (SELECT 1 FROM community_members m WHERE m.community_id = p.community_id AND m.user_id = f.follower_id)
    GROUP BY f.follower_id
  )
  SELECT f.follower_id,
    (coalesce((SELECT pc.post_count FROM profile_post_counts pc WHERE pc.author_id = author), 0)
      + coalesce(ic.n, 0) - coalesce(pd.n, 0))::bigint
  FROM follows f
  LEFT JOIN in_communities ic ON ic.owner_id = f.follower_id
  LEFT JOIN pending pd ON pd.owner_id = f.follower_id
  WHERE f.followee_id = author;
END $$;
--> statement-breakpoint
-- Switches an author to pulled (true: their posts leave every follower's feed and are read at
-- read time) or back (false: they join the feeds again), as one transaction under the author's
-- exclusive lock; true if it changed anything. Set-based: a few statements over the author's
-- followers, not one unfollow or follow each (37k followers: 3.5 s, was 35 s one by one).
CREATE OR REPLACE FUNCTION feed_set_pulled(author uuid, pulled boolean) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  follower uuid;
BEGIN
  PERFORM feed_lock(author, NULL, true);
  IF pulled = EXISTS (SELECT 1 FROM feed_pulled_authors pa WHERE pa.author_id = author)
     OR NOT EXISTS (SELECT 1 FROM users u WHERE u.id = author) THEN
    RETURN false;
  END IF;
  IF pulled THEN
    -- Set-based, as one unfollow per follower would do it (feed_source_remove), but in a few
    -- statements: 37k followers took 35 s one by one, and the author's posts and follows wait
    -- for this lock meanwhile (past the 10 s a request's statement may wait, they would fail).
    PERFORM 1 FROM feeds fd WHERE fd.owner_id IN (SELECT f.follower_id FROM follows f WHERE f.followee_id = author)
    ORDER BY fd.owner_id FOR UPDATE;
    WITH gone AS (
      DELETE FROM feed_entries e USING follows f, posts p
      WHERE f.followee_id = author AND p.author_id = author
        AND e.owner_id = f.follower_id AND e.created_at = p.created_at AND e.post_id = p.id
      RETURNING e.owner_id
    ),
    removed AS (SELECT g.owner_id, count(*)::int AS n FROM gone g GROUP BY g.owner_id)
    UPDATE feeds fd SET entry_count = fd.entry_count - rm.n
    FROM removed rm
    WHERE fd.owner_id = rm.owner_id;
    UPDATE feeds fd SET post_count = fd.post_count - c.posts
    FROM feed_follower_counts(author) c
    WHERE fd.owner_id = c.owner_id;
    INSERT INTO feed_pulled_authors (author_id) VALUES (author);
  ELSE
    -- Set-based too, as one follow per follower would do it (feed_source_add): the author's
    -- posts each follower may see join their counts, and their entries at or above the horizon;
    -- feeds over the cap are trimmed as a fan-out trims them.
    DELETE FROM feed_pulled_authors pa WHERE pa.author_id = author;
    PERFORM 1 FROM feeds fd WHERE fd.owner_id IN (SELECT f.follower_id FROM follows f WHERE f.followee_id = author)
    ORDER BY fd.owner_id FOR UPDATE;
    WITH added AS (
      INSERT INTO feed_entries (owner_id, created_at, post_id)
      SELECT fd.owner_id, p.created_at, p.id FROM follows f
      JOIN feeds fd ON fd.owner_id = f.follower_id
      JOIN posts p ON p.author_id = author
      WHERE f.followee_id = author
        AND (p.community_id IS NULL OR EXISTS (SELECT 1 FROM community_members m WHERE m.community_id = p.community_id AND m.user_id = f.follower_id))
        AND NOT EXISTS (SELECT 1 FROM feed_fanouts q WHERE q.post_id = p.id)
        AND (fd.horizon_created_at IS NULL OR (p.created_at, p.id) >= (fd.horizon_created_at, fd.horizon_post_id))
      ON CONFLICT DO NOTHING
      RETURNING owner_id
    )
    UPDATE feeds fd SET entry_count = fd.entry_count + a.n
    FROM (SELECT owner_id, count(*)::int AS n FROM added GROUP BY owner_id) a
    WHERE fd.owner_id = a.owner_id;
    UPDATE feeds fd SET post_count = fd.post_count + c.posts
    FROM feed_follower_counts(author) c
    WHERE fd.owner_id = c.owner_id;
    FOR follower IN SELECT fd.owner_id FROM feeds fd JOIN follows f ON f.follower_id = fd.owner_id AND f.followee_id = author
                    WHERE fd.entry_count > 600 ORDER BY fd.owner_id LOOP
      PERFORM feed_trim(follower);
    END LOOP;
  END IF;
  RETURN true;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER posts_kept_after_insert AFTER INSERT ON posts FOR EACH ROW EXECUTE FUNCTION posts_kept();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER posts_kept_before_delete BEFORE DELETE ON posts FOR EACH ROW EXECUTE FUNCTION posts_kept();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER posts_kept_after_update AFTER UPDATE OF id, author_id, community_id, created_at ON posts FOR EACH ROW EXECUTE FUNCTION posts_kept();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER follows_kept_after_insert AFTER INSERT ON follows FOR EACH ROW EXECUTE FUNCTION feed_source_after_insert();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER follows_kept_before_delete BEFORE DELETE ON follows FOR EACH ROW EXECUTE FUNCTION feed_source_before_delete();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER community_members_kept_after_insert AFTER INSERT ON community_members FOR EACH ROW EXECUTE FUNCTION feed_source_after_insert();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER community_members_kept_before_delete BEFORE DELETE ON community_members FOR EACH ROW EXECUTE FUNCTION feed_source_before_delete();
--> statement-breakpoint
-- Recomputes every kept count from the posts (bulk loads with triggers off, scripts/scale).
CREATE OR REPLACE FUNCTION rebuild_post_counts() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM profile_post_counts;
  INSERT INTO profile_post_counts (author_id, post_count)
  SELECT author_id, count(*) FROM posts WHERE community_id IS NULL GROUP BY author_id;
  DELETE FROM community_post_counts;
  INSERT INTO community_post_counts (community_id, author_id, post_count)
  SELECT community_id, author_id, count(*) FROM posts WHERE community_id IS NOT NULL GROUP BY community_id, author_id;
  DELETE FROM profile_post_totals;
  INSERT INTO profile_post_totals (shard, post_count)
  SELECT hashtext(author_id::text) & 15, sum(post_count) FROM profile_post_counts GROUP BY 1;
  UPDATE communities c SET post_count = coalesce((SELECT sum(cc.post_count) FROM community_post_counts cc WHERE cc.community_id = c.id), 0);
END $$;
--> statement-breakpoint
-- Recomputes the feeds of the users whose id hashes to `part` of `parts` (0 of 1: everyone),
-- from the follows, memberships and posts and the kept counts (run rebuild_post_counts first).
-- Parts let a bulk load rebuild on several connections at once.
CREATE OR REPLACE FUNCTION rebuild_feeds(part integer, parts integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- Every post joins the rebuilt feeds, so none is pending any more.
  DELETE FROM feed_fanouts;
  CREATE TEMPORARY TABLE rebuilt AS
  SELECT u.id FROM users u WHERE (hashtext(u.id::text) & 2147483647) % parts = part;
  ANALYZE rebuilt;
  DELETE FROM feeds WHERE owner_id IN (SELECT id FROM rebuilt);
  -- post_count: the followees' profile posts, plus their posts in the owner's communities.
  INSERT INTO feeds (owner_id, post_count)
  SELECT r.id, coalesce(profile.n, 0) + coalesce(community.n, 0) FROM rebuilt r
  LEFT JOIN (
    SELECT f.follower_id AS owner_id, sum(pc.post_count) AS n FROM follows f
    JOIN profile_post_counts pc ON pc.author_id = f.followee_id
    WHERE f.follower_id IN (SELECT id FROM rebuilt)
      AND NOT EXISTS (SELECT 1 FROM feed_pulled_authors pa WHERE pa.author_id = f.followee_id) GROUP BY 1
  ) profile ON profile.owner_id = r.id
  LEFT JOIN (
    SELECT m.user_id AS owner_id, sum(cc.post_count) AS n FROM community_members m
    JOIN community_post_counts cc ON cc.community_id = m.community_id
    JOIN follows f ON f.follower_id = m.user_id AND f.followee_id = cc.author_id
    WHERE m.user_id IN (SELECT id FROM rebuilt)
      AND NOT EXISTS (SELECT 1 FROM feed_pulled_authors pa WHERE pa.author_id = f.followee_id) GROUP BY 1
  ) community ON community.owner_id = r.id;
  INSERT INTO feed_entries (owner_id, created_at, post_id)
  SELECT r.id, newest.created_at, newest.id FROM rebuilt r
  CROSS JOIN LATERAL (
    SELECT fp.created_at, fp.id FROM follows f
    CROSS JOIN LATERAL (
      SELECT p.created_at, p.id FROM posts p
      WHERE p.author_id = f.followee_id
        AND (p.community_id IS NULL OR EXISTS (SELECT 1 FROM community_members m WHERE m.community_id = p.community_id AND m.user_id = r.id))
      ORDER BY p.created_at DESC, p.id DESC
      LIMIT 500
    ) fp
    WHERE f.follower_id = r.id
      AND NOT EXISTS (SELECT 1 FROM feed_pulled_authors pa WHERE pa.author_id = f.followee_id)
    ORDER BY fp.created_at DESC, fp.id DESC
    LIMIT 500
  ) newest;
  UPDATE feeds fd SET entry_count = kept.n,
    horizon_created_at = CASE WHEN fd.post_count > kept.n THEN kept.created_at END,
    horizon_post_id = CASE WHEN fd.post_count > kept.n THEN kept.post_id END
  FROM (
    SELECT DISTINCT ON (e.owner_id) e.owner_id, e.created_at, e.post_id, count(*) OVER (PARTITION BY e.owner_id) AS n
    FROM feed_entries e WHERE e.owner_id IN (SELECT id FROM rebuilt)
    ORDER BY e.owner_id, e.created_at, e.post_id
  ) kept
  WHERE fd.owner_id = kept.owner_id;
  DROP TABLE rebuilt;
END $$;
