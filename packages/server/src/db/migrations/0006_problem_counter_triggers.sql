-- Keeps problem_kind_count equal to the number of problems per (auth, is_group, is_remote,
-- difficulty), in the transaction of every change to problem (see schema/problems.ts), with the
-- same statement-level, sorted-keys pattern as the judge counters (0004_judge_counter_triggers).
CREATE FUNCTION problem_counters_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO problem_kind_count AS c (auth, is_group, is_remote, difficulty, n)
      SELECT auth, is_group, is_remote, difficulty, count(*) FROM new_rows
      GROUP BY auth, is_group, is_remote, difficulty ORDER BY auth, is_group, is_remote, difficulty
      ON CONFLICT (auth, is_group, is_remote, difficulty) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO problem_kind_count AS c (auth, is_group, is_remote, difficulty, n)
      SELECT auth, is_group, is_remote, difficulty, -count(*) FROM old_rows
      GROUP BY auth, is_group, is_remote, difficulty ORDER BY auth, is_group, is_remote, difficulty
      ON CONFLICT (auth, is_group, is_remote, difficulty) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO problem_kind_count AS c (auth, is_group, is_remote, difficulty, n)
      SELECT auth, is_group, is_remote, difficulty, sum(d) FROM (
        SELECT auth, is_group, is_remote, difficulty, 1 AS d FROM new_rows
        UNION ALL
        SELECT auth, is_group, is_remote, difficulty, -1 AS d FROM old_rows
      ) delta
      GROUP BY auth, is_group, is_remote, difficulty HAVING sum(d) <> 0
      ORDER BY auth, is_group, is_remote, difficulty
      ON CONFLICT (auth, is_group, is_remote, difficulty) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION problem_counters_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM problem_kind_count;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER problem_counters_insert AFTER INSERT ON problem
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION problem_counters_apply();
--> statement-breakpoint
CREATE TRIGGER problem_counters_update AFTER UPDATE ON problem
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION problem_counters_apply();
--> statement-breakpoint
CREATE TRIGGER problem_counters_delete AFTER DELETE ON problem
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION problem_counters_apply();
--> statement-breakpoint
CREATE TRIGGER problem_counters_truncate AFTER TRUNCATE ON problem
  FOR EACH STATEMENT EXECUTE FUNCTION problem_counters_reset();
--> statement-breakpoint
INSERT INTO problem_kind_count (auth, is_group, is_remote, difficulty, n)
  SELECT auth, is_group, is_remote, difficulty, count(*) FROM problem GROUP BY auth, is_group, is_remote, difficulty;
