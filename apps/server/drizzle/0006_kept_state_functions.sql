-- Kept state (modules/posts/README.md "Kept state"): the functions and triggers of 0005 now live
-- in src/modules/posts/sql/, re-appliable, and are applied here (`--> include`, db/migrate.ts).
-- The triggers keep their names and run the merged functions; 0005's functions that were merged
-- or replaced go. They compute what 0005's did, so the kept tables stay as they are.
--> include ../src/modules/posts/sql/feeds.sql
--> statement-breakpoint
--> include ../src/modules/posts/sql/cards.sql
--> statement-breakpoint
DROP FUNCTION feed_lock_author(uuid, boolean), feed_lock_community(uuid, boolean), feed_hold(uuid),
  posts_kept_after_insert(), posts_kept_before_delete(), posts_kept_after_update(),
  follows_kept_after_insert(), follows_kept_before_delete(),
  community_members_kept_after_insert(), community_members_kept_before_delete(),
  post_card_text(posts, users, json, json), post_card_head(uuid), post_card_likes(uuid), post_card_keep(uuid),
  post_cards_after_image_change(), post_cards_after_like_change();
