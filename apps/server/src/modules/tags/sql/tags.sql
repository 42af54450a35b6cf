-- Tags (issue 21, modules/tags/README.md): how many posts carry each tag, kept on every insert and
-- delete of post_tags (a post's create and update, and the cascade of a post's deletion, which
-- includes an account's or a community's). Re-appliable: applied by migration 0020.
CREATE OR REPLACE FUNCTION tag_counts_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO tag_counts (tag, post_count) VALUES (NEW.tag, 1)
      ON CONFLICT (tag) DO UPDATE SET post_count = tag_counts.post_count + 1;
    RETURN NEW;
  END IF;
  UPDATE tag_counts SET post_count = post_count - 1 WHERE tag = OLD.tag;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS tag_counts_after_post_tag_change ON post_tags;
--> statement-breakpoint
CREATE TRIGGER tag_counts_after_post_tag_change AFTER INSERT OR DELETE ON post_tags
  FOR EACH ROW EXECUTE FUNCTION tag_counts_keep();
