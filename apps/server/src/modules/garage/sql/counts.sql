-- Kept counts of the posts tagged to each model (model_post_counts, db/schema.ts), per community
-- (the all-zero uuid: posts on profiles), for a model's post list (read.ts). Written here only,
-- by triggers, on every path that tags, untags, moves or deletes a post and that renames or
-- deletes a car; rebuild_model_post_counts() recomputes them all (the scale data loader runs
-- without triggers). Re-appliable like the posts module's sql/ files.
--
-- Add `delta` posts of the car `car` in `community` (null: on a profile) to its model's count.
-- Nothing when the car is gone: its deletion took its posts' counts away (below).
-- The car's row is read FOR SHARE: a rename in progress is waited for and its new name read, and
-- a rename after it waits for this transaction and then counts its post (model_post_counts_of_car).
-- Read plainly, a post tagged during a rename counted under the old name (model-counts.test).
CREATE OR REPLACE FUNCTION model_post_counts_add(car uuid, community uuid, delta integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO model_post_counts AS k (make_key, model_key, community_id, post_count)
  SELECT lower(c.make_name), lower(c.model_name), coalesce(community, '00000000-0000-0000-0000-000000000000'::uuid), delta
  FROM cars c WHERE c.id = car
  FOR SHARE OF c
  ON CONFLICT (make_key, model_key, community_id) DO UPDATE SET post_count = k.post_count + excluded.post_count
$$;
--> statement-breakpoint
-- A post tagged, untagged, moved or deleted (also by a cascade, and by a car's deletion, whose
-- SET NULL finds the car gone and changes nothing here).
CREATE OR REPLACE FUNCTION model_post_counts_after_post() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.car_id IS NOT DISTINCT FROM OLD.car_id AND NEW.community_id IS NOT DISTINCT FROM OLD.community_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.car_id IS NOT NULL THEN
    PERFORM model_post_counts_add(OLD.car_id, OLD.community_id, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.car_id IS NOT NULL THEN
    PERFORM model_post_counts_add(NEW.car_id, NEW.community_id, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS model_post_counts_after_post ON posts;
--> statement-breakpoint
CREATE TRIGGER model_post_counts_after_post AFTER INSERT OR DELETE OR UPDATE OF car_id, community_id ON posts
  FOR EACH ROW EXECUTE FUNCTION model_post_counts_after_post();
--> statement-breakpoint
-- A car's posts under its model, per community, signed: -1 takes them away, 1 adds them.
CREATE OR REPLACE FUNCTION model_post_counts_of_car(car uuid, make_key text, model_key text, sign integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO model_post_counts AS k (make_key, model_key, community_id, post_count)
  SELECT make_key, model_key, coalesce(p.community_id, '00000000-0000-0000-0000-000000000000'::uuid), sign * count(*)::integer
  FROM posts p WHERE p.car_id = car GROUP BY p.community_id
  ON CONFLICT (make_key, model_key, community_id) DO UPDATE SET post_count = k.post_count + excluded.post_count
$$;
--> statement-breakpoint
-- A car deleted (by its owner, or with the account): its posts leave its model's counts before
-- the row goes, while they still name it.
CREATE OR REPLACE FUNCTION model_post_counts_before_car_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM model_post_counts_of_car(OLD.id, lower(OLD.make_name), lower(OLD.model_name), -1);
  RETURN OLD;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS model_post_counts_before_car_delete ON cars;
--> statement-breakpoint
CREATE TRIGGER model_post_counts_before_car_delete BEFORE DELETE ON cars
  FOR EACH ROW EXECUTE FUNCTION model_post_counts_before_car_delete();
--> statement-breakpoint
-- A car renamed to another make or model: its posts move to the new model's counts.
CREATE OR REPLACE FUNCTION model_post_counts_after_car_rename() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF lower(NEW.make_name) = lower(OLD.make_name) AND lower(NEW.model_name) = lower(OLD.model_name) THEN
    RETURN NULL;
  END IF;
  PERFORM model_post_counts_of_car(NEW.id, lower(OLD.make_name), lower(OLD.model_name), -1);
  PERFORM model_post_counts_of_car(NEW.id, lower(NEW.make_name), lower(NEW.model_name), 1);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS model_post_counts_after_car_rename ON cars;
--> statement-breakpoint
CREATE TRIGGER model_post_counts_after_car_rename AFTER UPDATE OF make_name, model_name ON cars
  FOR EACH ROW EXECUTE FUNCTION model_post_counts_after_car_rename();
--> statement-breakpoint
-- Every count from the posts as they are.
CREATE OR REPLACE FUNCTION rebuild_model_post_counts() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM model_post_counts;
  INSERT INTO model_post_counts (make_key, model_key, community_id, post_count)
  SELECT lower(c.make_name), lower(c.model_name), coalesce(p.community_id, '00000000-0000-0000-0000-000000000000'::uuid), count(*)::integer
  FROM posts p JOIN cars c ON c.id = p.car_id
  GROUP BY 1, 2, 3;
$$;
