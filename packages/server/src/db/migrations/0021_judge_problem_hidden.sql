-- The public submission lists leave out the submissions of problems that are not public (auth <> 1
-- or is_group, reference §7.7). judge.problem_hidden keeps that fact on each row, in the lists'
-- indexes, so a page's ids come from its index alone; before, every page built a hashed set of all
-- the problems that are not public (modules/submission/list.ts).
DROP INDEX "judge_public_list_idx";--> statement-breakpoint
DROP INDEX "judge_public_status_idx";--> statement-breakpoint
ALTER TABLE "judge" ADD COLUMN "problem_hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE judge SET problem_hidden = true FROM problem p WHERE p.id = judge.pid AND (p.auth <> 1 OR p.is_group);--> statement-breakpoint
CREATE INDEX "judge_public_list_idx" ON "judge" USING btree ("submit_time","submit_id","pid","status","problem_hidden") WHERE cid = 0 and gid is null;--> statement-breakpoint
CREATE INDEX "judge_public_status_idx" ON "judge" USING btree ("status","submit_time","submit_id","pid","problem_hidden") WHERE cid = 0 and gid is null;--> statement-breakpoint
-- A new row (or one moved to another problem) reads its problem's publicness. FOR SHARE: a change
-- of that publicness (problem_hidden_follow) waits for this row's transaction, or this row waits
-- for the change and reads what it committed, so that no row keeps the old value.
CREATE FUNCTION judge_problem_hidden_set() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT p.auth <> 1 OR p.is_group INTO NEW.problem_hidden FROM problem p WHERE p.id = NEW.pid FOR SHARE;
  NEW.problem_hidden := coalesce(NEW.problem_hidden, false);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER judge_problem_hidden_set BEFORE INSERT OR UPDATE OF pid ON judge
  FOR EACH ROW EXECUTE FUNCTION judge_problem_hidden_set();--> statement-breakpoint
-- A problem that becomes public, or stops being public, carries its submissions along.
CREATE FUNCTION problem_hidden_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE judge SET problem_hidden = (NEW.auth <> 1 OR NEW.is_group)
    WHERE pid = NEW.id AND problem_hidden <> (NEW.auth <> 1 OR NEW.is_group);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER problem_hidden_follow AFTER UPDATE OF auth, is_group ON problem
  FOR EACH ROW WHEN ((OLD.auth <> 1 OR OLD.is_group) IS DISTINCT FROM (NEW.auth <> 1 OR NEW.is_group))
  EXECUTE FUNCTION problem_hidden_follow();
