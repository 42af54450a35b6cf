-- Kept counts and home feeds (modules/posts/README.md "Reads"): the triggers that keep the tables
-- of 0004 right on every path that adds or removes a post, a follow or a membership: the routes,
-- the seed, and the cascades of account and community deletion. The app never writes them.
--
-- What is kept:
--   profile_post_counts (author) and community_post_counts (community, author): posts that exist;
--   communities.post_count and profile_post_totals (16 shards): the same, summed;
--   feeds (owner): post_count = the posts of the people the owner follows that the owner may see
--     (a community's posts only for its members), and the newest FEED_CAP (500) of them as
--     feed_entries, with the horizon below which entries were trimmed (see feed_trim);
--   post_cards (post): the card's JSON text as the lists send it, but for its community, and its
--     likes as a JSON array.
--
-- Concurrency: a post and a follow of its author (or a membership of its community) created at
-- the same moment must not miss each other, so every change takes a transaction-level advisory
-- lock first: posts take their author's and community's in shared mode (posts never wait for
-- each other), follows take the followee's and memberships the community's exclusively. Feeds
-- rows are then locked in owner order, so two posts with readers in common cannot deadlock, and a
-- follow or membership holds one feeds row only. Statements of one row each (everything the app
-- does but deleting an account or a community) therefore never deadlock. A statement that goes
-- through many rows (a cascade, a bulk insert) takes its locks row by row and can, rarely, form
-- a cycle with a concurrent post: PostgreSQL then aborts one of the two, to be retried.
--
-- Deletions are kept by BEFORE DELETE triggers: PostgreSQL runs those at once for each row,
-- cascades included (AFTER triggers of cascaded rows would all wait for the end of the outer
-- statement, when an account's follows, memberships and posts are already gone together). So
-- each trigger sees the state of that moment, with its row still there, and takes exactly that
-- row's share away: the order of the cascades does not matter (the count tables have no foreign
-- keys, so they describe the posts that exist until the posts' own triggers take them away).
-- Insertions are kept by AFTER INSERT triggers, which run only for rows really inserted (not for
-- an ON CONFLICT DO NOTHING that found its row already there).

-- Advisory lock classes (any constants): 72501 = an author's followers, 72502 = a community's members.
-- An author or community that no longer exists is being deleted by this very transaction (a
-- cascade): nothing can be posted by or in it concurrently any more (the foreign-key check of
-- such an insert waits for the deletion, then fails), so no lock is taken. That keeps account and
-- community deletions, whose cascades go through many rows, from waiting on posts in progress.
CREATE FUNCTION feed_lock_author(author uuid, exclusive boolean) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM users u WHERE u.id = author) THEN
    RETURN;
  ELSIF exclusive THEN
    PERFORM pg_advisory_xact_lock(72501, hashtext(author::text));
  ELSE
    PERFORM pg_advisory_xact_lock_shared(72501, hashtext(author::text));
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION feed_lock_community(community uuid, exclusive boolean) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF community IS NULL OR NOT EXISTS (SELECT 1 FROM communities c WHERE c.id = community) THEN
    RETURN;
  ELSIF exclusive THEN
    PERFORM pg_advisory_xact_lock(72502, hashtext(community::text));
  ELSE
    PERFORM pg_advisory_xact_lock_shared(72502, hashtext(community::text));
  END IF;
END $$;
--> statement-breakpoint
-- How many of `author`'s posts `viewer` may see: profile posts, and posts in the communities
-- the viewer belongs to. (By-user's totalPages, a profile's postCount, a follow's feed change.)
CREATE FUNCTION visible_post_count(author uuid, viewer uuid) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT pc.post_count FROM profile_post_counts pc WHERE pc.author_id = $1), 0)
       + coalesce((SELECT sum(cc.post_count) FROM community_members m
                   JOIN community_post_counts cc ON cc.community_id = m.community_id AND cc.author_id = $1
                   WHERE m.user_id = $2), 0)
$$;
--> statement-breakpoint
-- The owners whose feed shows a post of `author` in `community` (null: on the author's
-- profile), in owner order: the author's followers, and for a community post only its members.
CREATE FUNCTION feed_readers(author uuid, community uuid) RETURNS uuid[]
LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(f.follower_id ORDER BY f.follower_id), '{}')
  FROM follows f
  WHERE f.followee_id = $1
    AND ($2 IS NULL OR EXISTS (SELECT 1 FROM community_members m WHERE m.community_id = $2 AND m.user_id = f.follower_id))
$$;
--> statement-breakpoint
-- Keeps the newest 500 entries of a feed (the cap; trimmed once 100 more have come, so the work
-- is spread). The oldest kept entry becomes the horizon: the feed is exact at and above it.
CREATE FUNCTION feed_trim(trimmed uuid) RETURNS void
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
CREATE FUNCTION feed_add_post(post uuid, author uuid, community uuid, created timestamptz, counted boolean) RETURNS void
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
CREATE FUNCTION feed_remove_post(post uuid, author uuid, community uuid, created timestamptz, counted boolean) RETURNS void
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
-- Adds the newest candidates of a feed (newest first, at most 501, all at or above its
-- horizon) to its entries. More than 500 of them: the feed is exact only down to the 500th,
-- which becomes the horizon. The caller holds the feeds row.
CREATE FUNCTION feed_merge(merged uuid, times timestamptz[], ids uuid[]) RETURNS void
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
-- The owner's feeds row, created if missing and locked; false when the owner no longer exists
-- (a cascade of their account deletion: nothing to keep).
CREATE FUNCTION feed_hold(held uuid) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM users u WHERE u.id = held) THEN
    RETURN false;
  END IF;
  INSERT INTO feeds (owner_id) VALUES (held) ON CONFLICT DO NOTHING;
  PERFORM 1 FROM feeds fd WHERE fd.owner_id = held FOR UPDATE;
  RETURN true;
END $$;
--> statement-breakpoint
-- Kept post counts: +1 / -1 for a post of `author` in `community` (null: profile).
CREATE FUNCTION count_post(author uuid, community uuid, delta integer) RETURNS void
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
CREATE FUNCTION posts_kept_after_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM feed_lock_author(NEW.author_id, false);
  PERFORM feed_lock_community(NEW.community_id, false);
  PERFORM feed_add_post(NEW.id, NEW.author_id, NEW.community_id, NEW.created_at, true);
  PERFORM count_post(NEW.author_id, NEW.community_id, 1);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION posts_kept_before_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM feed_lock_author(OLD.author_id, false);
  PERFORM feed_lock_community(OLD.community_id, false);
  PERFORM feed_remove_post(OLD.id, OLD.author_id, OLD.community_id, OLD.created_at, true);
  PERFORM count_post(OLD.author_id, OLD.community_id, -1);
  RETURN OLD;
END $$;
--> statement-breakpoint
-- The app never moves a post, but a seed or a test may change its date (or anything may change
-- its author or community): its entries move with it, and its counts if it changed hands.
CREATE FUNCTION posts_kept_after_update() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  moved boolean := NEW.author_id <> OLD.author_id OR NEW.community_id IS DISTINCT FROM OLD.community_id;
BEGIN
  IF NOT moved AND NEW.created_at = OLD.created_at AND NEW.id = OLD.id THEN
    RETURN NULL;
  END IF;
  PERFORM feed_lock_author(OLD.author_id, false);
  PERFORM feed_lock_community(OLD.community_id, false);
  PERFORM feed_lock_author(NEW.author_id, false);
  PERFORM feed_lock_community(NEW.community_id, false);
  PERFORM feed_remove_post(OLD.id, OLD.author_id, OLD.community_id, OLD.created_at, moved);
  PERFORM feed_add_post(NEW.id, NEW.author_id, NEW.community_id, NEW.created_at, moved);
  IF moved THEN
    PERFORM count_post(OLD.author_id, OLD.community_id, -1);
    PERFORM count_post(NEW.author_id, NEW.community_id, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Following: the followee's posts the follower may see join the follower's feed.
CREATE FUNCTION follows_kept_after_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  feed feeds%ROWTYPE;
  times timestamptz[];
  ids uuid[];
BEGIN
  PERFORM feed_lock_author(NEW.followee_id, true);
  IF NOT feed_hold(NEW.follower_id) THEN
    RETURN NULL;
  END IF;
  UPDATE feeds SET post_count = post_count + visible_post_count(NEW.followee_id, NEW.follower_id)
  WHERE owner_id = NEW.follower_id
  RETURNING * INTO feed;
  SELECT array_agg(c.created_at ORDER BY c.created_at DESC, c.id DESC), array_agg(c.id ORDER BY c.created_at DESC, c.id DESC)
  INTO times, ids
  FROM (
    SELECT p.created_at, p.id FROM posts p
    WHERE p.author_id = NEW.followee_id
      AND (p.community_id IS NULL OR EXISTS (SELECT 1 FROM community_members m WHERE m.community_id = p.community_id AND m.user_id = NEW.follower_id))
      AND (feed.horizon_created_at IS NULL OR (p.created_at, p.id) >= (feed.horizon_created_at, feed.horizon_post_id))
    ORDER BY p.created_at DESC, p.id DESC
    LIMIT 501
  ) c;
  IF ids IS NOT NULL THEN
    PERFORM feed_merge(NEW.follower_id, times, ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Unfollowing: the followee's posts leave the feed.
CREATE FUNCTION follows_kept_before_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  removed integer;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM users u WHERE u.id = OLD.follower_id) THEN
    RETURN OLD;
  END IF;
  PERFORM feed_lock_author(OLD.followee_id, true);
  PERFORM 1 FROM feeds fd WHERE fd.owner_id = OLD.follower_id FOR UPDATE;
  WITH gone AS (
    DELETE FROM feed_entries e USING posts p
    WHERE e.owner_id = OLD.follower_id AND p.author_id = OLD.followee_id AND e.created_at = p.created_at AND e.post_id = p.id
    RETURNING 1
  )
  SELECT count(*) INTO removed FROM gone;
  UPDATE feeds
  SET post_count = post_count - visible_post_count(OLD.followee_id, OLD.follower_id), entry_count = entry_count - removed
  WHERE owner_id = OLD.follower_id;
  RETURN OLD;
END $$;
--> statement-breakpoint
-- Joining a community: its posts by the people the member follows join the member's feed.
CREATE FUNCTION community_members_kept_after_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  feed feeds%ROWTYPE;
  times timestamptz[];
  ids uuid[];
BEGIN
  PERFORM feed_lock_community(NEW.community_id, true);
  IF NOT feed_hold(NEW.user_id) THEN
    RETURN NULL;
  END IF;
  UPDATE feeds
  SET post_count = post_count + coalesce((
    SELECT sum(cc.post_count) FROM follows f
    JOIN community_post_counts cc ON cc.community_id = NEW.community_id AND cc.author_id = f.followee_id
    WHERE f.follower_id = NEW.user_id), 0)
  WHERE owner_id = NEW.user_id
  RETURNING * INTO feed;
  SELECT array_agg(c.created_at ORDER BY c.created_at DESC, c.id DESC), array_agg(c.id ORDER BY c.created_at DESC, c.id DESC)
  INTO times, ids
  FROM (
    SELECT p.created_at, p.id FROM posts p
    WHERE p.community_id = NEW.community_id
      AND EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = NEW.user_id AND f.followee_id = p.author_id)
      AND (feed.horizon_created_at IS NULL OR (p.created_at, p.id) >= (feed.horizon_created_at, feed.horizon_post_id))
    ORDER BY p.created_at DESC, p.id DESC
    LIMIT 501
  ) c;
  IF ids IS NOT NULL THEN
    PERFORM feed_merge(NEW.user_id, times, ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Leaving a community: its posts leave the member's feed.
CREATE FUNCTION community_members_kept_before_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  removed integer;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM users u WHERE u.id = OLD.user_id) THEN
    RETURN OLD;
  END IF;
  PERFORM feed_lock_community(OLD.community_id, true);
  PERFORM 1 FROM feeds fd WHERE fd.owner_id = OLD.user_id FOR UPDATE;
  WITH gone AS (
    DELETE FROM feed_entries e USING posts p
    WHERE e.owner_id = OLD.user_id AND p.community_id = OLD.community_id AND e.created_at = p.created_at AND e.post_id = p.id
    RETURNING 1
  )
  SELECT count(*) INTO removed FROM gone;
  UPDATE feeds
  SET post_count = post_count - coalesce((
    SELECT sum(cc.post_count) FROM follows f
    JOIN community_post_counts cc ON cc.community_id = OLD.community_id AND cc.author_id = f.followee_id
    WHERE f.follower_id = OLD.user_id), 0),
    entry_count = entry_count - removed
  WHERE owner_id = OLD.user_id;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER posts_kept_after_insert AFTER INSERT ON posts FOR EACH ROW EXECUTE FUNCTION posts_kept_after_insert();
--> statement-breakpoint
CREATE TRIGGER posts_kept_before_delete BEFORE DELETE ON posts FOR EACH ROW EXECUTE FUNCTION posts_kept_before_delete();
--> statement-breakpoint
CREATE TRIGGER posts_kept_after_update AFTER UPDATE OF id, author_id, community_id, created_at ON posts FOR EACH ROW EXECUTE FUNCTION posts_kept_after_update();
--> statement-breakpoint
CREATE TRIGGER follows_kept_after_insert AFTER INSERT ON follows FOR EACH ROW EXECUTE FUNCTION follows_kept_after_insert();
--> statement-breakpoint
CREATE TRIGGER follows_kept_before_delete BEFORE DELETE ON follows FOR EACH ROW EXECUTE FUNCTION follows_kept_before_delete();
--> statement-breakpoint
CREATE TRIGGER community_members_kept_after_insert AFTER INSERT ON community_members FOR EACH ROW EXECUTE FUNCTION community_members_kept_after_insert();
--> statement-breakpoint
CREATE TRIGGER community_members_kept_before_delete BEFORE DELETE ON community_members FOR EACH ROW EXECUTE FUNCTION community_members_kept_before_delete();
--> statement-breakpoint
-- A post's card as JSON text (modules/posts/cards.ts adds its likes and community and closes it):
-- the same fields and formats the contract's Post has, dates in UTC with milliseconds, from the
-- post, its author and its images' URLs and sizes (JSON arrays in order, or null for none).
CREATE FUNCTION post_card_text(p posts, u users, urls json, sizes json) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT left(json_build_object(
      '_id', p.id,
      'title', p.title,
      'content', p.content,
      'imageUrls', coalesce(urls, '[]'::json),
      'images', coalesce(sizes, '[]'::json),
      'author', json_build_object('_id', u.id, 'username', u.username, 'fullName', u.full_name, 'profilePictureUrl', coalesce(u.profile_picture_url, '')),
      'createdAt', to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    )::text, -1)
$$;
--> statement-breakpoint
-- One post's card (null when the post does not exist).
CREATE FUNCTION post_card_head(card_post uuid) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT post_card_text(p, u,
    (SELECT json_agg(i.url ORDER BY i.position) FROM post_images i WHERE i.post_id = p.id),
    (SELECT json_agg(json_build_object('url', i.url, 'width', i.width, 'height', i.height) ORDER BY i.position) FROM post_images i WHERE i.post_id = p.id))
  FROM posts p JOIN users u ON u.id = p.author_id
  WHERE p.id = $1
$$;
--> statement-breakpoint
-- A post's likers as a JSON array, in the order they liked.
CREATE FUNCTION post_card_likes(card_post uuid) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT json_agg(l.user_id ORDER BY l.created_at, l.user_id) FROM likes l WHERE l.post_id = $1)::text, '[]')
$$;
--> statement-breakpoint
-- Writes a post's card again (nothing for a post that is gone: its card goes with it).
CREATE FUNCTION post_card_keep(card_post uuid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  card_head text := post_card_head(card_post);
BEGIN
  IF card_head IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO post_cards (post_id, community_id, head, likes)
  SELECT p.id, p.community_id, card_head, post_card_likes(p.id) FROM posts p WHERE p.id = card_post
  ON CONFLICT (post_id) DO UPDATE SET community_id = excluded.community_id, head = excluded.head;
END $$;
--> statement-breakpoint
CREATE FUNCTION post_cards_after_post_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM post_card_keep(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION post_cards_after_image_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM post_card_keep(OLD.post_id);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.post_id <> OLD.post_id) THEN
    PERFORM post_card_keep(NEW.post_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A like or unlike (or a like going with its user's account): the post's likers again, from the
-- likes as they are then, so any order of cascades ends right. The toggle route holds the post
-- row, so two toggles of one post wait for each other here too.
CREATE FUNCTION post_cards_after_like_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE post_cards SET likes = post_card_likes(OLD.post_id) WHERE post_id = OLD.post_id;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.post_id <> OLD.post_id) THEN
    UPDATE post_cards SET likes = post_card_likes(NEW.post_id) WHERE post_id = NEW.post_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A new name or picture shows on every card of the author.
CREATE FUNCTION post_cards_after_author_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE post_cards c SET head = post_card_head(c.post_id)
  FROM posts p WHERE p.id = c.post_id AND p.author_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER post_cards_after_post_insert AFTER INSERT ON posts FOR EACH ROW EXECUTE FUNCTION post_cards_after_post_change();
--> statement-breakpoint
CREATE TRIGGER post_cards_after_post_update AFTER UPDATE OF title, content, created_at, author_id, community_id ON posts FOR EACH ROW EXECUTE FUNCTION post_cards_after_post_change();
--> statement-breakpoint
CREATE TRIGGER post_cards_after_image_change AFTER INSERT OR UPDATE OR DELETE ON post_images FOR EACH ROW EXECUTE FUNCTION post_cards_after_image_change();
--> statement-breakpoint
CREATE TRIGGER post_cards_after_like_change AFTER INSERT OR UPDATE OR DELETE ON likes FOR EACH ROW EXECUTE FUNCTION post_cards_after_like_change();
--> statement-breakpoint
CREATE TRIGGER post_cards_after_author_change AFTER UPDATE OF username, full_name, profile_picture_url ON users FOR EACH ROW
WHEN (OLD.username IS DISTINCT FROM NEW.username OR OLD.full_name IS DISTINCT FROM NEW.full_name OR OLD.profile_picture_url IS DISTINCT FROM NEW.profile_picture_url)
EXECUTE FUNCTION post_cards_after_author_change();
--> statement-breakpoint
-- Writes every card again (this migration on existing data; bulk loads with triggers off).
CREATE FUNCTION rebuild_post_cards() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM post_cards;
  INSERT INTO post_cards (post_id, community_id, head, likes)
  SELECT p.id, p.community_id, post_card_text(p, u, im.urls, im.sizes), coalesce(lk.ids::text, '[]')
  FROM posts p
  JOIN users u ON u.id = p.author_id
  LEFT JOIN (
    SELECT i.post_id, json_agg(i.url ORDER BY i.position) AS urls,
      json_agg(json_build_object('url', i.url, 'width', i.width, 'height', i.height) ORDER BY i.position) AS sizes
    FROM post_images i GROUP BY i.post_id
  ) im ON im.post_id = p.id
  LEFT JOIN (SELECT l.post_id, json_agg(l.user_id ORDER BY l.created_at, l.user_id) AS ids FROM likes l GROUP BY l.post_id) lk ON lk.post_id = p.id;
END $$;
--> statement-breakpoint
-- Recomputes every kept count from the posts (this migration on existing data; bulk loads
-- that ran with triggers off, such as scripts/scale-data.ts).
CREATE FUNCTION rebuild_post_counts() RETURNS void
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
CREATE FUNCTION rebuild_feeds(part integer, parts integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
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
    WHERE f.follower_id IN (SELECT id FROM rebuilt) GROUP BY 1
  ) profile ON profile.owner_id = r.id
  LEFT JOIN (
    SELECT m.user_id AS owner_id, sum(cc.post_count) AS n FROM community_members m
    JOIN community_post_counts cc ON cc.community_id = m.community_id
    JOIN follows f ON f.follower_id = m.user_id AND f.followee_id = cc.author_id
    WHERE m.user_id IN (SELECT id FROM rebuilt) GROUP BY 1
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
--> statement-breakpoint
SELECT rebuild_post_counts();
--> statement-breakpoint
SELECT rebuild_feeds(0, 1);
--> statement-breakpoint
SELECT rebuild_post_cards();
