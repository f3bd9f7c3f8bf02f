-- Keeps judge_hidden_status_count equal to the per-status counts of non-contest, non-group judge
-- rows (cid = 0 and gid is null) whose problem is not public (auth <> 1 or is_group), see
-- schema/submissions.ts:
--  * judge_counters_apply (0004) also applies each statement's deltas of such rows, after the
--    problem counts: the problem is looked up in a fresh snapshot, after any wait on the counter
--    rows the statement writes;
--  * a change of a problem's publicness moves its judge_problem_count into or out of the counter;
--  * deleting a problem that is not public takes its counts out first (BEFORE DELETE: its judge
--    rows, deleted by the cascade afterwards, no longer find their problem).
-- The problem side locks the problem row (FOR UPDATE: a judge insert's foreign-key check then
-- waits) and the problem's judge_problem_count rows before it reads them, so that a submission
-- judged at the same moment is counted once, on the side the problem is on when it commits.
CREATE OR REPLACE FUNCTION judge_counters_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
    INSERT INTO judge_hidden_status_count AS c (status, n)
      SELECT j.status, count(*) FROM new_rows j JOIN problem p ON p.id = j.pid
      WHERE j.cid = 0 AND j.gid IS NULL AND (p.auth <> 1 OR p.is_group)
      GROUP BY j.status ORDER BY j.status
      ON CONFLICT (status) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO judge_status_count AS c (status, n)
      SELECT status, -count(*) FROM old_rows WHERE cid = 0 AND gid IS NULL
      GROUP BY status ORDER BY status
      ON CONFLICT (status) DO UPDATE SET n = c.n + excluded.n;
    INSERT INTO judge_problem_count AS c (pid, status, n)
      SELECT pid, status, -count(*) FROM old_rows WHERE cid = 0 AND gid IS NULL
      GROUP BY pid, status ORDER BY pid, status
      ON CONFLICT (pid, status) DO UPDATE SET n = c.n + excluded.n;
    INSERT INTO judge_hidden_status_count AS c (status, n)
      SELECT j.status, -count(*) FROM old_rows j JOIN problem p ON p.id = j.pid
      WHERE j.cid = 0 AND j.gid IS NULL AND (p.auth <> 1 OR p.is_group)
      GROUP BY j.status ORDER BY j.status
      ON CONFLICT (status) DO UPDATE SET n = c.n + excluded.n;
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
    INSERT INTO judge_hidden_status_count AS c (status, n)
      SELECT delta.status, sum(delta.d) FROM (
        SELECT pid, status, 1 AS d FROM new_rows WHERE cid = 0 AND gid IS NULL
        UNION ALL
        SELECT pid, status, -1 AS d FROM old_rows WHERE cid = 0 AND gid IS NULL
      ) delta JOIN problem p ON p.id = delta.pid
      WHERE p.auth <> 1 OR p.is_group
      GROUP BY delta.status HAVING sum(delta.d) <> 0 ORDER BY delta.status
      ON CONFLICT (status) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION judge_counters_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM judge_status_count;
  DELETE FROM judge_problem_count;
  DELETE FROM judge_hidden_status_count;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION problem_hidden_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only problems that became public or stopped being public; most updates change neither.
  IF NOT EXISTS (
    SELECT 1 FROM new_rows nw JOIN old_rows o ON o.id = nw.id
    WHERE (nw.auth <> 1 OR nw.is_group) <> (o.auth <> 1 OR o.is_group)
  ) THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM problem p JOIN new_rows nw ON nw.id = p.id JOIN old_rows o ON o.id = nw.id
    WHERE (nw.auth <> 1 OR nw.is_group) <> (o.auth <> 1 OR o.is_group)
    ORDER BY p.id FOR UPDATE OF p;
  PERFORM 1 FROM judge_problem_count c JOIN new_rows nw ON nw.id = c.pid JOIN old_rows o ON o.id = nw.id
    WHERE (nw.auth <> 1 OR nw.is_group) <> (o.auth <> 1 OR o.is_group)
    ORDER BY c.pid, c.status FOR UPDATE OF c;
  INSERT INTO judge_hidden_status_count AS h (status, n)
    SELECT c.status, sum(CASE WHEN nw.auth <> 1 OR nw.is_group THEN c.n ELSE -c.n END)
    FROM judge_problem_count c JOIN new_rows nw ON nw.id = c.pid JOIN old_rows o ON o.id = nw.id
    WHERE (nw.auth <> 1 OR nw.is_group) <> (o.auth <> 1 OR o.is_group)
    GROUP BY c.status HAVING sum(CASE WHEN nw.auth <> 1 OR nw.is_group THEN c.n ELSE -c.n END) <> 0
    ORDER BY c.status
    ON CONFLICT (status) DO UPDATE SET n = h.n + excluded.n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION problem_hidden_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.auth <> 1 OR OLD.is_group THEN
    PERFORM 1 FROM problem WHERE id = OLD.id FOR UPDATE;
    PERFORM 1 FROM judge_problem_count WHERE pid = OLD.id ORDER BY status FOR UPDATE;
    INSERT INTO judge_hidden_status_count AS h (status, n)
      SELECT status, -n FROM judge_problem_count WHERE pid = OLD.id AND n <> 0 ORDER BY status
      ON CONFLICT (status) DO UPDATE SET n = h.n + excluded.n;
  END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER problem_hidden_counts_update AFTER UPDATE ON problem
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION problem_hidden_counts_update();
--> statement-breakpoint
CREATE TRIGGER problem_hidden_counts_delete BEFORE DELETE ON problem
  FOR EACH ROW EXECUTE FUNCTION problem_hidden_counts_delete();
--> statement-breakpoint
INSERT INTO judge_hidden_status_count (status, n)
  SELECT c.status, sum(c.n) FROM judge_problem_count c JOIN problem p ON p.id = c.pid
  WHERE p.auth <> 1 OR p.is_group GROUP BY c.status;
