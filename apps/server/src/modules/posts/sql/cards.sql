-- Post cards (modules/posts/README.md "Kept state"): the one place the card of the contract's
-- Post is written. post_cards_computed says what each kept post_cards row must hold; the
-- triggers below write it again when a post, its images, its likes or its author's name or
-- picture change; post_card_json closes a kept row into the whole card as the routes send it
-- (modules/posts/cards.ts). Re-appliable like feeds.sql.
--
-- The card of each post, computed: `head` is its JSON text (the same fields and formats the
-- contract's Post has, dates in UTC with milliseconds) without its likes, its community and its
-- closing brace; `likes` the JSON array of its likers' ids in the order they liked.
-- Each image's description (`alt`, migration 0008) is read from the row as JSON: this file also
-- applies at 0006, the first migration that includes it, on a post_images without that column
-- (every fresh database runs it there), where each description then reads as empty.
CREATE OR REPLACE VIEW post_cards_computed AS
SELECT p.id AS post_id, p.community_id, p.author_id,
  left(json_build_object(
      '_id', p.id,
      'title', p.title,
      'content', p.content,
      'imageUrls', coalesce((SELECT json_agg(i.url ORDER BY i.position) FROM post_images i WHERE i.post_id = p.id), '[]'::json),
      'images', coalesce((SELECT json_agg(json_build_object('url', i.url, 'width', i.width, 'height', i.height, 'alt', coalesce(to_jsonb(i) ->> 'alt', '')) ORDER BY i.position)
                          FROM post_images i WHERE i.post_id = p.id), '[]'::json),
      'author', json_build_object('_id', u.id, 'username', u.username, 'fullName', u.full_name, 'profilePictureUrl', coalesce(u.profile_picture_url, '')),
      'createdAt', to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    )::text, -1) AS head,
  coalesce((SELECT json_agg(l.user_id ORDER BY l.created_at, l.user_id) FROM likes l WHERE l.post_id = p.id)::text, '[]') AS likes
FROM posts p JOIN users u ON u.id = p.author_id;
--> statement-breakpoint
-- A kept card (post_cards' head and likes) and its community (null id: none), closed into the
-- contract's Post as JSON text; `default_cover` is the server's artwork for a community without
-- a cover. Plain SQL of one expression, so PostgreSQL inlines it into the page statements.
CREATE OR REPLACE FUNCTION post_card_json(head text, likes text, community_id uuid, community_name text, community_cover text, default_cover text) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT $1 || ',"likes":' || $2 || ',"community":'
    || CASE WHEN $3 IS NULL THEN 'null'
       ELSE json_build_object('_id', $3, 'name', $4, 'coverImageUrl', coalesce($5, $6))::text END
    || '}'
$$;
--> statement-breakpoint
-- Writes a post's head and community again (`part` 'head'; the whole card when it is missing),
-- or its likes (`part` 'likes'). Nothing for a post that is gone: its card goes with it.
CREATE OR REPLACE FUNCTION post_card_keep(card_post uuid, part text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF part = 'likes' THEN
    UPDATE post_cards c SET likes = k.likes FROM post_cards_computed k WHERE k.post_id = card_post AND c.post_id = card_post;
  ELSE
    -- The author's row FOR SHARE first, in a statement of its own: a change of their name or
    -- picture in progress is waited for and read, and one after it waits for this transaction,
    -- then rewrites this card too. Read plainly, a post written during such a change kept the
    -- old name (feeds.test, "two writers at the same moment"). A new username already did wait:
    -- it is a unique key, which the post's foreign-key check holds.
    PERFORM 1 FROM posts p JOIN users u ON u.id = p.author_id WHERE p.id = card_post FOR SHARE OF u;
    INSERT INTO post_cards (post_id, community_id, head, likes)
    SELECT k.post_id, k.community_id, k.head, k.likes FROM post_cards_computed k WHERE k.post_id = card_post
    ON CONFLICT (post_id) DO UPDATE SET community_id = excluded.community_id, head = excluded.head;
  END IF;
END $$;
--> statement-breakpoint
-- A post written or changed: its card.
CREATE OR REPLACE FUNCTION post_cards_after_post_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM post_card_keep(NEW.id, 'head');
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A row of a post's images or likes (TG_ARGV[0]: the card's part it shows in, 'head' or 'likes')
-- added, changed or removed, also by the cascade of its user's account: that part of its post's
-- card (of both posts when it moved) again, from the rows as they are then, so any order of
-- cascades ends right. The like toggle holds the post row, so two toggles of one post wait for
-- each other here too.
CREATE OR REPLACE FUNCTION post_cards_after_part_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.post_id IS NOT NULL THEN
    PERFORM post_card_keep(OLD.post_id, TG_ARGV[0]);
  END IF;
  IF NEW.post_id IS DISTINCT FROM OLD.post_id AND NEW.post_id IS NOT NULL THEN
    PERFORM post_card_keep(NEW.post_id, TG_ARGV[0]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A new name or picture shows on every card of the author.
CREATE OR REPLACE FUNCTION post_cards_after_author_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE post_cards c SET head = k.head
  FROM post_cards_computed k WHERE k.author_id = NEW.id AND c.post_id = k.post_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER post_cards_after_post_insert AFTER INSERT ON posts FOR EACH ROW EXECUTE FUNCTION post_cards_after_post_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER post_cards_after_post_update AFTER UPDATE OF title, content, created_at, author_id, community_id ON posts FOR EACH ROW EXECUTE FUNCTION post_cards_after_post_change();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER post_cards_after_image_change AFTER INSERT OR UPDATE OR DELETE ON post_images FOR EACH ROW EXECUTE FUNCTION post_cards_after_part_change('head');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER post_cards_after_like_change AFTER INSERT OR UPDATE OR DELETE ON likes FOR EACH ROW EXECUTE FUNCTION post_cards_after_part_change('likes');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER post_cards_after_author_change AFTER UPDATE OF username, full_name, profile_picture_url ON users FOR EACH ROW
WHEN (OLD.username IS DISTINCT FROM NEW.username OR OLD.full_name IS DISTINCT FROM NEW.full_name OR OLD.profile_picture_url IS DISTINCT FROM NEW.profile_picture_url)
EXECUTE FUNCTION post_cards_after_author_change();
--> statement-breakpoint
-- Writes every card again (bulk loads with triggers off, scripts/scale).
CREATE OR REPLACE FUNCTION rebuild_post_cards() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM post_cards;
  INSERT INTO post_cards (post_id, community_id, head, likes)
  SELECT k.post_id, k.community_id, k.head, k.likes FROM post_cards_computed k;
$$;
