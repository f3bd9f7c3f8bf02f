CREATE TABLE "user_problem_stat" (
	"uid" text NOT NULL,
	"pid" bigint NOT NULL,
	"submissions" integer DEFAULT 0 NOT NULL,
	"accepted" integer DEFAULT 0 NOT NULL,
	"best_score" integer,
	CONSTRAINT "user_problem_stat_uid_pid_pk" PRIMARY KEY("uid","pid")
);
--> statement-breakpoint
ALTER TABLE "user_record" ADD COLUMN "ac" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_record" ADD COLUMN "total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_record" ADD COLUMN "score" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_record" ADD COLUMN "ranked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_record" ADD COLUMN "search_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "user_record_acm_rank_idx" ON "user_record" USING btree ("ac" DESC NULLS LAST,"total","gmt_create","uid","search_key") WHERE ranked;--> statement-breakpoint
CREATE INDEX "user_record_oi_rank_idx" ON "user_record" USING btree ("score" DESC NULLS LAST,"ac" DESC NULLS LAST,"gmt_create","uid","search_key") WHERE ranked;--> statement-breakpoint
CREATE INDEX "user_acproblem_gmt_create_uid_pid_index" ON "user_acproblem" USING btree ("gmt_create","uid","pid");--> statement-breakpoint
CREATE TABLE "ranked_user_count" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"n" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Keeps user_problem_stat (per user and problem: public submissions, accepted ones, best OI rank
-- score) and the rank counters of user_record (ac, total, score) equal to what the judge rows say,
-- in the transaction of every change to judge (see schema/submissions.ts and schema/users.ts).
-- Like 0004, statement-level triggers with transition tables: a bulk rejudge or a cascade delete is
-- one pass. Only the public scope counts (cid = 0 and gid is null, reference §7.11).
--  1. The changes, per (uid, pid) in sorted order: Δsubmissions, Δaccepted, and whether a row with
--     an OI rank score came or went (the best score must then be read again). An update counts
--     only when it changes the status or the score, so lease renewals stop here.
--  2. The pairs' rows are upserted by delta in sorted order, which locks them; the returned counts
--     minus the delta are the counts before.
--  3. In a fresh snapshot (the locks are held, so any concurrent change of these pairs has
--     committed) the best score of the rescored pairs is read again from judge.
--  4. user_record gets each user's deltas (rows locked in uid order first, as 0004 orders its keys),
--     and pairs left without submissions are deleted.
CREATE FUNCTION user_rank_counters_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  k_uid text[];
  k_pid bigint[];
  k_ds int[];
  k_da int[];
  k_rescore boolean[];
  a_uid text[];
  a_dac int[];
  a_dtotal int[];
  s_uid text[];
  s_dscore int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(uid ORDER BY uid, pid), array_agg(pid ORDER BY uid, pid), array_agg(ds ORDER BY uid, pid),
           array_agg(da ORDER BY uid, pid), array_agg(rescore ORDER BY uid, pid)
      INTO k_uid, k_pid, k_ds, k_da, k_rescore
      FROM (SELECT uid, pid, count(*)::int AS ds, count(*) FILTER (WHERE status = 0)::int AS da,
                   bool_or(oi_rank_score IS NOT NULL) AS rescore
            FROM new_rows WHERE cid = 0 AND gid IS NULL GROUP BY uid, pid) c;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(uid ORDER BY uid, pid), array_agg(pid ORDER BY uid, pid), array_agg(ds ORDER BY uid, pid),
           array_agg(da ORDER BY uid, pid), array_agg(rescore ORDER BY uid, pid)
      INTO k_uid, k_pid, k_ds, k_da, k_rescore
      FROM (SELECT uid, pid, -count(*)::int AS ds, -count(*) FILTER (WHERE status = 0)::int AS da,
                   bool_or(oi_rank_score IS NOT NULL) AS rescore
            FROM old_rows WHERE cid = 0 AND gid IS NULL GROUP BY uid, pid) c;
  ELSE
    SELECT array_agg(uid ORDER BY uid, pid), array_agg(pid ORDER BY uid, pid), array_agg(ds ORDER BY uid, pid),
           array_agg(da ORDER BY uid, pid), array_agg(rescore ORDER BY uid, pid)
      INTO k_uid, k_pid, k_ds, k_da, k_rescore
      FROM (
        SELECT uid, pid, sum(ds)::int AS ds, sum(da)::int AS da, bool_or(rescore) AS rescore FROM (
          SELECT n.uid, n.pid, 1 AS ds, (n.status = 0)::int AS da, n.oi_rank_score IS NOT NULL AS rescore, n.cid, n.gid
            FROM new_rows n JOIN old_rows o ON o.submit_id = n.submit_id
            WHERE (n.status, n.oi_rank_score, n.uid, n.pid, n.cid, n.gid)
                  IS DISTINCT FROM (o.status, o.oi_rank_score, o.uid, o.pid, o.cid, o.gid)
          UNION ALL
          SELECT o.uid, o.pid, -1, -(o.status = 0)::int, o.oi_rank_score IS NOT NULL, o.cid, o.gid
            FROM new_rows n JOIN old_rows o ON o.submit_id = n.submit_id
            WHERE (n.status, n.oi_rank_score, n.uid, n.pid, n.cid, n.gid)
                  IS DISTINCT FROM (o.status, o.oi_rank_score, o.uid, o.pid, o.cid, o.gid)
        ) d WHERE cid = 0 AND gid IS NULL GROUP BY uid, pid
        HAVING sum(ds) <> 0 OR sum(da) <> 0 OR bool_or(rescore)
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
CREATE FUNCTION user_rank_counters_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM user_problem_stat;
  UPDATE user_record SET ac = 0, total = 0, score = 0 WHERE ac <> 0 OR total <> 0 OR score <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER judge_user_rank_insert AFTER INSERT ON judge
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_rank_counters_apply();
--> statement-breakpoint
CREATE TRIGGER judge_user_rank_update AFTER UPDATE ON judge
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_rank_counters_apply();
--> statement-breakpoint
CREATE TRIGGER judge_user_rank_delete AFTER DELETE ON judge
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_rank_counters_apply();
--> statement-breakpoint
CREATE TRIGGER judge_user_rank_truncate AFTER TRUNCATE ON judge
  FOR EACH STATEMENT EXECUTE FUNCTION user_rank_counters_reset();
--> statement-breakpoint
-- Who the rank lists show (reference §7.11: status 0; §5: super admins, role 1000, left out) and
-- what searchUser matches (username, nickname, realname; lower-cased once here).
CREATE FUNCTION user_rank_is_ranked(p_uid text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT u.status = 0 FROM user_info u WHERE u.uuid = p_uid), false)
     AND NOT EXISTS (SELECT 1 FROM user_role r WHERE r.uid = p_uid AND r.role_id = 1000)
$$;
--> statement-breakpoint
CREATE FUNCTION user_rank_search_key(p_username text, p_nickname text, p_realname text) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$
  SELECT lower(p_username || ' ' || coalesce(p_nickname, '') || ' ' || coalesce(p_realname, ''))
$$;
--> statement-breakpoint
CREATE FUNCTION user_record_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.ranked := user_rank_is_ranked(NEW.uid);
  SELECT user_rank_search_key(u.username, u.nickname, u.realname) INTO NEW.search_key
    FROM user_info u WHERE u.uuid = NEW.uid;
  NEW.search_key := coalesce(NEW.search_key, '');
  -- a record created after its user's first submissions (not done by Verdict itself) starts right
  SELECT count(*) FILTER (WHERE accepted > 0), coalesce(sum(submissions), 0), coalesce(sum(best_score), 0)
    INTO NEW.ac, NEW.total, NEW.score
    FROM user_problem_stat WHERE uid = NEW.uid;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER user_record_fill BEFORE INSERT ON user_record
  FOR EACH ROW EXECUTE FUNCTION user_record_fill();
--> statement-breakpoint
CREATE FUNCTION user_info_rank_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_record SET ranked = user_rank_is_ranked(NEW.uuid),
      search_key = user_rank_search_key(NEW.username, NEW.nickname, NEW.realname)
    WHERE uid = NEW.uuid;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER user_info_rank_refresh AFTER INSERT OR UPDATE OF status, username, nickname, realname ON user_info
  FOR EACH ROW EXECUTE FUNCTION user_info_rank_refresh();
--> statement-breakpoint
CREATE FUNCTION user_role_rank_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE user_record SET ranked = user_rank_is_ranked(OLD.uid) WHERE uid = OLD.uid;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE user_record SET ranked = user_rank_is_ranked(NEW.uid) WHERE uid = NEW.uid;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER user_role_rank_refresh AFTER INSERT OR UPDATE OR DELETE ON user_role
  FOR EACH ROW EXECUTE FUNCTION user_role_rank_refresh();
--> statement-breakpoint
INSERT INTO user_problem_stat (uid, pid, submissions, accepted, best_score)
  SELECT uid, pid, count(*), count(*) FILTER (WHERE status = 0), max(oi_rank_score)
  FROM judge WHERE cid = 0 AND gid IS NULL GROUP BY uid, pid;
--> statement-breakpoint
UPDATE user_record r SET ac = s.ac, total = s.total, score = s.score
  FROM (SELECT uid, count(*) FILTER (WHERE accepted > 0) AS ac, sum(submissions) AS total,
               coalesce(sum(best_score), 0) AS score
        FROM user_problem_stat GROUP BY uid) s
  WHERE r.uid = s.uid;
--> statement-breakpoint
UPDATE user_record r SET ranked = user_rank_is_ranked(r.uid),
    search_key = user_rank_search_key(u.username, u.nickname, u.realname)
  FROM user_info u WHERE u.uuid = r.uid;
--> statement-breakpoint
-- ranked_user_count: the number of user_record rows with ranked, by statement (registrations,
-- imports, bans, role changes and deletions move it; a verdict's counter update leaves it alone).
CREATE FUNCTION ranked_user_count_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d int := 0;
BEGIN
  IF TG_OP <> 'DELETE' THEN
    SELECT d + count(*) FILTER (WHERE ranked) INTO d FROM new_rows;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT d - count(*) FILTER (WHERE ranked) INTO d FROM old_rows;
  END IF;
  IF d <> 0 THEN
    UPDATE ranked_user_count SET n = n + d WHERE id = 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ranked_user_count_insert AFTER INSERT ON user_record
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ranked_user_count_apply();
--> statement-breakpoint
CREATE TRIGGER ranked_user_count_update AFTER UPDATE ON user_record
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ranked_user_count_apply();
--> statement-breakpoint
CREATE TRIGGER ranked_user_count_delete AFTER DELETE ON user_record
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ranked_user_count_apply();
--> statement-breakpoint
INSERT INTO ranked_user_count (id, n) SELECT 1, count(*) FILTER (WHERE ranked) FROM user_record;
