-- The verdict's own transaction keeps the counters of 0004/0009 and 0015/0017 through these
-- triggers; they now skip the statements that could change nothing (issue 25: server CPU per verdict).
-- judge_counters_apply counts public submissions only, so a statement without a public row in its
-- transition tables (every contest and group verdict) returns at once instead of running three
-- inserts that find no rows. user_rank_counters_apply runs its best-score step only when a pair's
-- score may have moved (rescore), its training-cell step only when a ranked verdict came or went
-- (recell), and its clean-up only when a pair's count did not grow: a new Pending submission skips
-- all three. Same results, same locks, in the same order.
CREATE OR REPLACE FUNCTION judge_counters_apply()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows WHERE cid = 0 AND gid IS NULL) THEN
      RETURN NULL;
    END IF;
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
    IF NOT EXISTS (SELECT 1 FROM old_rows WHERE cid = 0 AND gid IS NULL) THEN
      RETURN NULL;
    END IF;
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
    IF NOT EXISTS (SELECT 1 FROM new_rows WHERE cid = 0 AND gid IS NULL)
        AND NOT EXISTS (SELECT 1 FROM old_rows WHERE cid = 0 AND gid IS NULL) THEN
      RETURN NULL;
    END IF;
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
$function$
;--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_rank_counters_apply()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  k_uid text[];
  k_pid bigint[];
  k_ds int[];
  k_da int[];
  k_rescore boolean[];
  k_recell boolean[];
  a_uid text[];
  a_dac int[];
  a_dtotal int[];
  s_uid text[];
  s_dscore int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(uid ORDER BY uid, pid), array_agg(pid ORDER BY uid, pid), array_agg(ds ORDER BY uid, pid),
           array_agg(da ORDER BY uid, pid), array_agg(rescore ORDER BY uid, pid), array_agg(recell ORDER BY uid, pid)
      INTO k_uid, k_pid, k_ds, k_da, k_rescore, k_recell
      FROM (SELECT uid, pid, count(*)::int AS ds, count(*) FILTER (WHERE status = 0)::int AS da,
                   bool_or(oi_rank_score IS NOT NULL) AS rescore,
                   bool_or(status IN (-3, -2, -1, 0, 1, 2, 3, 8)) AS recell
            FROM new_rows WHERE cid = 0 AND gid IS NULL GROUP BY uid, pid) c;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(uid ORDER BY uid, pid), array_agg(pid ORDER BY uid, pid), array_agg(ds ORDER BY uid, pid),
           array_agg(da ORDER BY uid, pid), array_agg(rescore ORDER BY uid, pid), array_agg(recell ORDER BY uid, pid)
      INTO k_uid, k_pid, k_ds, k_da, k_rescore, k_recell
      FROM (SELECT uid, pid, -count(*)::int AS ds, -count(*) FILTER (WHERE status = 0)::int AS da,
                   bool_or(oi_rank_score IS NOT NULL) AS rescore,
                   bool_or(status IN (-3, -2, -1, 0, 1, 2, 3, 8)) AS recell
            FROM old_rows WHERE cid = 0 AND gid IS NULL GROUP BY uid, pid) c;
  ELSE
    SELECT array_agg(uid ORDER BY uid, pid), array_agg(pid ORDER BY uid, pid), array_agg(ds ORDER BY uid, pid),
           array_agg(da ORDER BY uid, pid), array_agg(rescore ORDER BY uid, pid), array_agg(recell ORDER BY uid, pid)
      INTO k_uid, k_pid, k_ds, k_da, k_rescore, k_recell
      FROM (
        SELECT uid, pid, sum(ds)::int AS ds, sum(da)::int AS da, bool_or(rescore) AS rescore,
               bool_or(recell) AS recell FROM (
          SELECT n.uid, n.pid, 1 AS ds, (n.status = 0)::int AS da, n.oi_rank_score IS NOT NULL AS rescore,
                 n.status IN (-3, -2, -1, 0, 1, 2, 3, 8) OR o.status IN (-3, -2, -1, 0, 1, 2, 3, 8) AS recell,
                 n.cid, n.gid
            FROM new_rows n JOIN old_rows o ON o.submit_id = n.submit_id
            WHERE (n.status, n.oi_rank_score, n.uid, n.pid, n.cid, n.gid, n.time, n.score)
                  IS DISTINCT FROM (o.status, o.oi_rank_score, o.uid, o.pid, o.cid, o.gid, o.time, o.score)
          UNION ALL
          SELECT o.uid, o.pid, -1, -(o.status = 0)::int, o.oi_rank_score IS NOT NULL,
                 n.status IN (-3, -2, -1, 0, 1, 2, 3, 8) OR o.status IN (-3, -2, -1, 0, 1, 2, 3, 8),
                 o.cid, o.gid
            FROM new_rows n JOIN old_rows o ON o.submit_id = n.submit_id
            WHERE (n.status, n.oi_rank_score, n.uid, n.pid, n.cid, n.gid, n.time, n.score)
                  IS DISTINCT FROM (o.status, o.oi_rank_score, o.uid, o.pid, o.cid, o.gid, o.time, o.score)
        ) d WHERE cid = 0 AND gid IS NULL GROUP BY uid, pid
        HAVING sum(ds) <> 0 OR sum(da) <> 0 OR bool_or(rescore) OR bool_or(recell)
      ) c;
  END IF;
  IF k_uid IS NULL THEN
    RETURN NULL;
  END IF;

  -- 2. counts by delta; ac changes where a pair's accepted count crosses zero
  WITH up AS (
    INSERT INTO user_problem_stat AS s (uid, pid, submissions, accepted)
      SELECT * FROM unnest(k_uid, k_pid, k_ds, k_da) ORDER BY 1, 2
      ON CONFLICT (uid, pid) DO UPDATE
        SET submissions = s.submissions + excluded.submissions, accepted = s.accepted + excluded.accepted
      RETURNING s.uid, s.pid, s.accepted
  ), k AS (
    SELECT * FROM unnest(k_uid, k_pid, k_ds, k_da) AS k(uid, pid, ds, da)
  )
  SELECT array_agg(uid ORDER BY uid), array_agg(dac ORDER BY uid), array_agg(dtotal ORDER BY uid)
    INTO a_uid, a_dac, a_dtotal
    FROM (SELECT k.uid, sum((up.accepted > 0)::int - (up.accepted - k.da > 0)::int)::int AS dac,
                 sum(k.ds)::int AS dtotal
          FROM k JOIN up ON up.uid = k.uid AND up.pid = k.pid GROUP BY k.uid) u;

  -- 3. best scores, read after the pairs are locked (only pairs whose score may have moved)
  IF true = ANY (k_rescore) THEN
  WITH best AS (
    SELECT s.uid, s.pid, s.best_score AS old_best,
           (SELECT max(j.oi_rank_score) FROM judge j
             WHERE j.uid = s.uid AND j.pid = s.pid AND j.cid = 0 AND j.gid IS NULL) AS new_best
    FROM user_problem_stat s
    JOIN unnest(k_uid, k_pid, k_rescore) AS k(uid, pid, rescore) ON k.uid = s.uid AND k.pid = s.pid
    WHERE k.rescore
  ), written AS (
    UPDATE user_problem_stat s SET best_score = best.new_best FROM best
      WHERE s.uid = best.uid AND s.pid = best.pid AND best.new_best IS DISTINCT FROM best.old_best
      RETURNING best.uid, coalesce(best.new_best, 0) - coalesce(best.old_best, 0) AS d
  )
  SELECT array_agg(uid ORDER BY uid), array_agg(d ORDER BY uid) INTO s_uid, s_dscore
    FROM (SELECT uid, sum(d)::int AS d FROM written GROUP BY uid HAVING sum(d) <> 0) w;
  END IF;

  -- 3b. the training rank cells, read again from judge after the pairs are locked (only when a
  -- ranked verdict came or went)
  IF true = ANY (k_recell) THEN
  UPDATE user_problem_stat s
    SET first_ranked_id = c.first_id, ac_submit_id = c.ac_id, ac_time = c.ac_time, ac_score = c.ac_score,
        last_ranked_id = c.last_id, last_status = c.last_status, last_score = c.last_score
    FROM unnest(k_uid, k_pid, k_recell) AS k(uid, pid, recell)
    CROSS JOIN LATERAL (
      SELECT min(j.submit_id) AS first_id,
             min(j.submit_id) FILTER (WHERE j.status = 0) AS ac_id,
             min(j.time) FILTER (WHERE j.status = 0) AS ac_time,
             (array_agg(j.score ORDER BY j.submit_id) FILTER (WHERE j.status = 0))[1] AS ac_score,
             max(j.submit_id) AS last_id,
             (array_agg(j.status ORDER BY j.submit_id DESC))[1] AS last_status,
             (array_agg(j.score ORDER BY j.submit_id DESC))[1] AS last_score
      FROM judge j
      WHERE j.uid = k.uid AND j.pid = k.pid AND j.cid = 0 AND j.gid IS NULL
        AND j.status IN (-3, -2, -1, 0, 1, 2, 3, 8)
    ) c
    WHERE k.recell AND s.uid = k.uid AND s.pid = k.pid
      AND (s.first_ranked_id, s.ac_submit_id, s.ac_time, s.ac_score, s.last_ranked_id, s.last_status, s.last_score)
          IS DISTINCT FROM (c.first_id, c.ac_id, c.ac_time, c.ac_score, c.last_id, c.last_status, c.last_score);
  END IF;

  -- 4. the users' counters (only users that still have a user_record row)
  PERFORM 1 FROM user_record r
    WHERE r.uid = ANY (a_uid)
    ORDER BY r.uid FOR UPDATE OF r;
  UPDATE user_record r SET ac = r.ac + d.dac, total = r.total + d.dtotal, score = r.score + d.dscore
    FROM (
      SELECT uid, sum(dac)::int AS dac, sum(dtotal)::int AS dtotal, sum(dscore)::int AS dscore FROM (
        SELECT uid, dac, dtotal, 0 AS dscore FROM unnest(a_uid, a_dac, a_dtotal) AS a(uid, dac, dtotal)
        UNION ALL
        SELECT uid, 0, 0, dscore FROM unnest(s_uid, s_dscore) AS s(uid, dscore)
      ) all_deltas GROUP BY uid
    ) d
    WHERE r.uid = d.uid AND (d.dac <> 0 OR d.dtotal <> 0 OR d.dscore <> 0);
  -- a pair can only be left without submissions where its count did not grow
  IF 0 >= ANY (k_ds) THEN
  DELETE FROM user_problem_stat s USING unnest(k_uid, k_pid) AS k(uid, pid)
    WHERE s.uid = k.uid AND s.pid = k.pid AND s.submissions <= 0;
  END IF;
  RETURN NULL;
END
$function$
;
