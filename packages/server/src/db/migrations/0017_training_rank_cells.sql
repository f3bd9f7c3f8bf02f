ALTER TABLE "user_problem_stat" ADD COLUMN "first_ranked_id" bigint;--> statement-breakpoint
ALTER TABLE "user_problem_stat" ADD COLUMN "ac_submit_id" bigint;--> statement-breakpoint
ALTER TABLE "user_problem_stat" ADD COLUMN "ac_time" integer;--> statement-breakpoint
ALTER TABLE "user_problem_stat" ADD COLUMN "ac_score" integer;--> statement-breakpoint
ALTER TABLE "user_problem_stat" ADD COLUMN "last_ranked_id" bigint;--> statement-breakpoint
ALTER TABLE "user_problem_stat" ADD COLUMN "last_status" integer;--> statement-breakpoint
ALTER TABLE "user_problem_stat" ADD COLUMN "last_score" integer;--> statement-breakpoint
CREATE INDEX "user_problem_stat_ranked_idx" ON "user_problem_stat" USING btree ("pid","uid") WHERE first_ranked_id is not null;--> statement-breakpoint
-- The cells of the Public training ranks (reference §7.13) in user_problem_stat, kept by the
-- triggers of 0015 (same statements, same transaction, same locks). A cell is the pair's submissions
-- with a ranked verdict (PE, CE, WA, AC, TLE, MLE, RE, PA): the first, the first accepted with its
-- score and the fastest accepted run, the latest with its verdict and score. Minimums and "the
-- latest" cannot follow deltas (a rejudge or a delete can take the current one away), so step 3b
-- reads every cell whose ranked submissions changed again from judge, through judge_uid_pid_idx,
-- after step 2 locked its row. Compared with 0015: updates now also count when the run time or the
-- score changes, and a pair whose counts did not move is kept when its cell may have (recell).
CREATE OR REPLACE FUNCTION user_rank_counters_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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

  -- 3. best scores, read after the pairs are locked
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

  -- 3b. the training rank cells, read again from judge after the pairs are locked
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
  DELETE FROM user_problem_stat s USING unnest(k_uid, k_pid) AS k(uid, pid)
    WHERE s.uid = k.uid AND s.pid = k.pid AND s.submissions <= 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
UPDATE user_problem_stat s
  SET first_ranked_id = c.first_id, ac_submit_id = c.ac_id, ac_time = c.ac_time, ac_score = c.ac_score,
      last_ranked_id = c.last_id, last_status = c.last_status, last_score = c.last_score
  FROM (
    SELECT j.uid, j.pid, min(j.submit_id) AS first_id,
           min(j.submit_id) FILTER (WHERE j.status = 0) AS ac_id,
           min(j.time) FILTER (WHERE j.status = 0) AS ac_time,
           (array_agg(j.score ORDER BY j.submit_id) FILTER (WHERE j.status = 0))[1] AS ac_score,
           max(j.submit_id) AS last_id,
           (array_agg(j.status ORDER BY j.submit_id DESC))[1] AS last_status,
           (array_agg(j.score ORDER BY j.submit_id DESC))[1] AS last_score
    FROM judge j
    WHERE j.cid = 0 AND j.gid IS NULL AND j.status IN (-3, -2, -1, 0, 1, 2, 3, 8)
    GROUP BY j.uid, j.pid
  ) c
  WHERE s.uid = c.uid AND s.pid = c.pid;
--> statement-breakpoint
-- the planner learns the new index and columns at once (PGlite runs no autovacuum)
ANALYZE user_problem_stat;
