-- Keeps judge_status_count and judge_problem_count equal to the counts of non-contest, non-group
-- judge rows (cid = 0 and gid is null) per status and per (problem, status), in the transaction of
-- every change to judge (see schema/submissions.ts). Statement-level triggers with transition
-- tables aggregate a whole statement (a bulk rejudge, a cascade delete) into one write per key.
-- Keys are written in sorted order, status counts before problem counts, so that concurrent
-- statements lock counter rows in the same order and cannot deadlock on them.
CREATE FUNCTION judge_counters_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO judge_status_count AS c (status, n)
      SELECT status, count(*) FROM new_rows WHERE cid = 0 AND gid IS NULL
      GROUP BY status ORDER BY status
      ON CONFLICT (status) DO UPDATE SET n = c.n + excluded.n;
    INSERT INTO judge_problem_count AS c (pid, status, n)
      SELECT pid, status, count(*) FROM new_rows WHERE cid = 0 AND gid IS NULL
      GROUP BY pid, status ORDER BY pid, status
      ON CONFLICT (pid, status) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO judge_status_count AS c (status, n)
      SELECT status, -count(*) FROM old_rows WHERE cid = 0 AND gid IS NULL
      GROUP BY status ORDER BY status
      ON CONFLICT (status) DO UPDATE SET n = c.n + excluded.n;
    INSERT INTO judge_problem_count AS c (pid, status, n)
      SELECT pid, status, -count(*) FROM old_rows WHERE cid = 0 AND gid IS NULL
      GROUP BY pid, status ORDER BY pid, status
      ON CONFLICT (pid, status) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    -- Most updates (lease renewals, results without a status change) change no count at all.
    INSERT INTO judge_status_count AS c (status, n)
      SELECT status, sum(d) FROM (
        SELECT status, 1 AS d FROM new_rows WHERE cid = 0 AND gid IS NULL
        UNION ALL
        SELECT status, -1 AS d FROM old_rows WHERE cid = 0 AND gid IS NULL
      ) delta
      GROUP BY status HAVING sum(d) <> 0 ORDER BY status
      ON CONFLICT (status) DO UPDATE SET n = c.n + excluded.n;
    INSERT INTO judge_problem_count AS c (pid, status, n)
      SELECT pid, status, sum(d) FROM (
        SELECT pid, status, 1 AS d FROM new_rows WHERE cid = 0 AND gid IS NULL
        UNION ALL
        SELECT pid, status, -1 AS d FROM old_rows WHERE cid = 0 AND gid IS NULL
      ) delta
      GROUP BY pid, status HAVING sum(d) <> 0 ORDER BY pid, status
      ON CONFLICT (pid, status) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION judge_counters_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM judge_status_count;
  DELETE FROM judge_problem_count;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER judge_counters_insert AFTER INSERT ON judge
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION judge_counters_apply();
--> statement-breakpoint
CREATE TRIGGER judge_counters_update AFTER UPDATE ON judge
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION judge_counters_apply();
--> statement-breakpoint
CREATE TRIGGER judge_counters_delete AFTER DELETE ON judge
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION judge_counters_apply();
--> statement-breakpoint
CREATE TRIGGER judge_counters_truncate AFTER TRUNCATE ON judge
  FOR EACH STATEMENT EXECUTE FUNCTION judge_counters_reset();
--> statement-breakpoint
INSERT INTO judge_status_count (status, n)
  SELECT status, count(*) FROM judge WHERE cid = 0 AND gid IS NULL GROUP BY status;
--> statement-breakpoint
INSERT INTO judge_problem_count (pid, status, n)
  SELECT pid, status, count(*) FROM judge WHERE cid = 0 AND gid IS NULL GROUP BY pid, status;
