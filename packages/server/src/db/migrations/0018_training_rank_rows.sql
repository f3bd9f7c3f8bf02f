CREATE TABLE "training_rank_row" (
	"tid" bigint NOT NULL,
	"uid" text NOT NULL,
	"ac" integer NOT NULL,
	"total_run_time" bigint NOT NULL,
	"first_submit" bigint NOT NULL,
	"info" json NOT NULL,
	CONSTRAINT "training_rank_row_tid_uid_pk" PRIMARY KEY("tid","uid")
);
--> statement-breakpoint
CREATE TABLE "training_rank_size" (
	"tid" bigint PRIMARY KEY NOT NULL,
	"users" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "training_rank_row" ADD CONSTRAINT "training_rank_row_tid_training_id_fk" FOREIGN KEY ("tid") REFERENCES "public"."training"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_rank_row" ADD CONSTRAINT "training_rank_row_uid_user_info_uuid_fk" FOREIGN KEY ("uid") REFERENCES "public"."user_info"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_rank_size" ADD CONSTRAINT "training_rank_size_tid_training_id_fk" FOREIGN KEY ("tid") REFERENCES "public"."training"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "training_rank_row_order_idx" ON "training_rank_row" USING btree ("tid","ac" DESC NULLS FIRST,"total_run_time","first_submit");--> statement-breakpoint
-- The training ranks (reference §7.13, issue 14) as rows kept up to date, so that a rank page is an
-- indexed read instead of an aggregation of every cell of the training on each call.
--
-- training_rank_refresh(tid, uids) computes the rows of those users (every user when uids is null)
-- from the cells and writes them: a user with no ranked cell left loses the row, and the training's
-- author and roots (root role 1000) have none (reference §7.13 leaves them out). The cells are those
-- of rank.ts before this migration: a Public training reads user_problem_stat (0017), a Private one
-- its training_record rows joined with judge; only the training's public problems count.
-- Concurrency (PostgreSQL): a transaction advisory lock per (training, user), taken before the rows
-- are read again, orders two transactions that change cells of one user in one training; the whole
-- training's rebuild takes the training's lock exclusively, the users' refreshes share it. Each
-- statement after the locks reads with a new snapshot (read committed), so it sees what the lock's
-- previous holder committed. The statement is planned per call (EXECUTE) with the real arguments:
-- one user's rows come through the primary keys, a whole training through hash joins.
CREATE OR REPLACE FUNCTION training_rank_refresh(p_tid bigint, p_uids text[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_auth text;
  v_author text;
  v_cells text;
BEGIN
  SELECT auth, author INTO v_auth, v_author FROM training WHERE id = p_tid;
  IF NOT FOUND OR (p_uids IS NOT NULL AND cardinality(p_uids) = 0) THEN
    RETURN;
  END IF;
  IF p_uids IS NULL THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('training_rank:' || p_tid, 0));
  ELSE
    PERFORM pg_advisory_xact_lock_shared(hashtextextended('training_rank:' || p_tid, 0));
    PERFORM pg_advisory_xact_lock(hashtextextended('training_rank:' || p_tid || ':' || u, 0))
      FROM (SELECT DISTINCT u FROM unnest(p_uids) u ORDER BY u) l;
  END IF;
  IF v_auth = 'Private' THEN
    v_cells := format($q$
      select j.uid, pr.display_id,
          bool_or(j.status = 0) as is_ac,
          min(j.time) filter (where j.status = 0) as run_time,
          (array_agg(j.score order by j.submit_id) filter (where j.status = 0))[1] as ac_score,
          (array_agg(j.status order by j.submit_id desc))[1] as last_status,
          (array_agg(j.score order by j.submit_id desc))[1] as last_score,
          min(j.submit_id) as first_submit
        from training_record r join judge j on j.submit_id = r.submit_id
        join problems pr on pr.tpid = r.tpid
        where r.tid = $1 and %s and j.status in (-3, -2, -1, 0, 1, 2, 3, 8)
        group by j.uid, pr.display_id$q$,
      CASE WHEN p_uids IS NULL THEN 'true' ELSE 'r.uid = any ($2)' END);
  ELSE
    v_cells := format($q$
      select s.uid, pr.display_id, s.ac_submit_id is not null as is_ac, s.ac_time as run_time,
          s.ac_score, s.last_status, s.last_score, s.first_ranked_id as first_submit
        from problems pr join user_problem_stat s on s.pid = pr.pid and s.first_ranked_id is not null
        where %s$q$,
      CASE WHEN p_uids IS NULL THEN 'true' ELSE 's.uid = any ($2)' END);
  END IF;
  EXECUTE format($q$
    with problems as (
        select tp.id as tpid, tp.pid, tp.display_id from training_problem tp join problem p on p.id = tp.pid
        where tp.tid = $1 and p.auth = 1),
      cells as (%s),
      fresh as (
        select c.uid,
          (count(*) filter (where c.is_ac))::int as ac,
          coalesce(sum(coalesce(c.run_time, 0)) filter (where c.is_ac), 0)::bigint as total_run_time,
          min(c.first_submit) as first_submit,
          json_object_agg(c.display_id, case when c.is_ac
            then json_build_object('status', 0, 'score', c.ac_score, 'isAC', true, 'runTime', coalesce(c.run_time, 0))
            else json_build_object('status', c.last_status, 'score', c.last_score) end) as info
        from cells c
        where exists (select 1 from user_info u where u.uuid = c.uid and u.username <> $3)
          and not exists (select 1 from user_role ur where ur.uid = c.uid and ur.role_id = 1000)
        group by c.uid),
      written as (
        insert into training_rank_row as r (tid, uid, ac, total_run_time, first_submit, info)
          select $1, f.uid, f.ac, f.total_run_time, f.first_submit, f.info from fresh f order by f.uid
          on conflict (tid, uid) do update set ac = excluded.ac, total_run_time = excluded.total_run_time,
            first_submit = excluded.first_submit, info = excluded.info
          returning r.uid)
    delete from training_rank_row r
      where r.tid = $1 and %s and not exists (select 1 from fresh f where f.uid = r.uid)$q$,
    v_cells, CASE WHEN p_uids IS NULL THEN 'true' ELSE 'r.uid = any ($2)' END)
    USING p_tid, p_uids, v_author;
END
$$;
--> statement-breakpoint
-- Refreshes the given (training, user) pairs, one training at a time in id order.
CREATE OR REPLACE FUNCTION training_rank_refresh_pairs(p_tids bigint[], p_uids text[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  t record;
BEGIN
  FOR t IN
    SELECT tid, array_agg(DISTINCT uid) AS uids FROM unnest(p_tids, p_uids) AS p(tid, uid)
      GROUP BY tid ORDER BY tid
  LOOP
    PERFORM training_rank_refresh(t.tid, t.uids);
  END LOOP;
END
$$;
--> statement-breakpoint
-- A Public training's cells moved (user_problem_stat, kept by the judge triggers of 0015/0017): the
-- rows of those users in every Public training holding the problem.
CREATE OR REPLACE FUNCTION training_rank_on_cells() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_tids bigint[];
  v_uids text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(tp.tid), array_agg(c.uid) INTO v_tids, v_uids
      FROM new_rows c JOIN training_problem tp ON tp.pid = c.pid
      JOIN training t ON t.id = tp.tid AND t.auth = 'Public'
      WHERE c.first_ranked_id IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(tp.tid), array_agg(c.uid) INTO v_tids, v_uids
      FROM old_rows c JOIN training_problem tp ON tp.pid = c.pid
      JOIN training t ON t.id = tp.tid AND t.auth = 'Public'
      WHERE c.first_ranked_id IS NOT NULL;
  ELSE
    SELECT array_agg(tp.tid), array_agg(n.uid) INTO v_tids, v_uids
      FROM new_rows n JOIN old_rows o ON o.uid = n.uid AND o.pid = n.pid
      JOIN training_problem tp ON tp.pid = n.pid
      JOIN training t ON t.id = tp.tid AND t.auth = 'Public'
      WHERE (n.first_ranked_id, n.ac_submit_id, n.ac_time, n.ac_score, n.last_status, n.last_score)
        IS DISTINCT FROM (o.first_ranked_id, o.ac_submit_id, o.ac_time, o.ac_score, o.last_status, o.last_score);
  END IF;
  IF v_tids IS NOT NULL THEN
    PERFORM training_rank_refresh_pairs(v_tids, v_uids);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER training_rank_cells_insert AFTER INSERT ON user_problem_stat
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION training_rank_on_cells();
--> statement-breakpoint
CREATE TRIGGER training_rank_cells_update AFTER UPDATE ON user_problem_stat
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION training_rank_on_cells();
--> statement-breakpoint
CREATE TRIGGER training_rank_cells_delete AFTER DELETE ON user_problem_stat
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION training_rank_on_cells();
--> statement-breakpoint
-- A Private training's records came or went (a submission through it, a registration's back-fill,
-- dropped registrations, a deleted submission): those users' rows.
CREATE OR REPLACE FUNCTION training_rank_on_records() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_tids bigint[];
  v_uids text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(tid), array_agg(uid) INTO v_tids, v_uids FROM new_rows;
  ELSE
    SELECT array_agg(tid), array_agg(uid) INTO v_tids, v_uids FROM old_rows;
  END IF;
  IF v_tids IS NOT NULL THEN
    PERFORM training_rank_refresh_pairs(v_tids, v_uids);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER training_rank_records_insert AFTER INSERT ON training_record
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION training_rank_on_records();
--> statement-breakpoint
CREATE TRIGGER training_rank_records_delete AFTER DELETE ON training_record
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION training_rank_on_records();
--> statement-breakpoint
-- A verdict, rejudge or manual judge of a submission that a Private training records.
CREATE OR REPLACE FUNCTION training_rank_on_verdicts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_tids bigint[];
  v_uids text[];
BEGIN
  SELECT array_agg(r.tid), array_agg(r.uid) INTO v_tids, v_uids
    FROM new_rows n JOIN old_rows o ON o.submit_id = n.submit_id
    JOIN training_record r ON r.submit_id = n.submit_id
    WHERE (n.status, n.time, n.score) IS DISTINCT FROM (o.status, o.time, o.score);
  IF v_tids IS NOT NULL THEN
    PERFORM training_rank_refresh_pairs(v_tids, v_uids);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER training_rank_verdicts AFTER UPDATE ON judge
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION training_rank_on_verdicts();
--> statement-breakpoint
-- The training's problems (added, removed, display id renamed through the problem's id), its auth
-- or author, or a problem's auth changed: the whole training is ranked again.
CREATE OR REPLACE FUNCTION training_rank_on_problems() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR t IN SELECT DISTINCT tid FROM new_rows ORDER BY tid LOOP
      PERFORM training_rank_refresh(t, NULL);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR t IN SELECT DISTINCT tid FROM old_rows ORDER BY tid LOOP
      PERFORM training_rank_refresh(t, NULL);
    END LOOP;
  ELSE
    -- a problem moved to another training changes both
    FOR t IN SELECT DISTINCT x.tid FROM new_rows n JOIN old_rows o ON o.id = n.id
        CROSS JOIN LATERAL (VALUES (n.tid), (o.tid)) AS x(tid)
        WHERE (n.tid, n.pid, n.display_id) IS DISTINCT FROM (o.tid, o.pid, o.display_id)
      ORDER BY 1 LOOP
      PERFORM training_rank_refresh(t, NULL);
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER training_rank_problems_insert AFTER INSERT ON training_problem
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION training_rank_on_problems();
--> statement-breakpoint
CREATE TRIGGER training_rank_problems_update AFTER UPDATE ON training_problem
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION training_rank_on_problems();
--> statement-breakpoint
CREATE TRIGGER training_rank_problems_delete AFTER DELETE ON training_problem
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION training_rank_on_problems();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION training_rank_on_training_auth() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM training_rank_refresh(NEW.id, NULL);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER training_rank_training_auth AFTER UPDATE OF auth, author ON training
  FOR EACH ROW WHEN ((OLD.auth, OLD.author) IS DISTINCT FROM (NEW.auth, NEW.author))
  EXECUTE FUNCTION training_rank_on_training_auth();
--> statement-breakpoint
-- Who is left out changed: a user became root or stopped being one (every training), or renamed
-- themselves to or from a training's author name.
CREATE OR REPLACE FUNCTION training_rank_on_roots() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_uids text[];
  t bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT uid) INTO v_uids FROM new_rows WHERE role_id = 1000;
  ELSE
    SELECT array_agg(DISTINCT uid) INTO v_uids FROM old_rows WHERE role_id = 1000;
  END IF;
  IF v_uids IS NOT NULL THEN
    FOR t IN SELECT id FROM training ORDER BY id LOOP
      PERFORM training_rank_refresh(t, v_uids);
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER training_rank_roots_insert AFTER INSERT ON user_role
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION training_rank_on_roots();
--> statement-breakpoint
CREATE TRIGGER training_rank_roots_delete AFTER DELETE ON user_role
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION training_rank_on_roots();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION training_rank_on_rename() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t bigint;
BEGIN
  FOR t IN SELECT id FROM training WHERE author IN (OLD.username, NEW.username) ORDER BY id LOOP
    PERFORM training_rank_refresh(t, ARRAY[NEW.uuid]);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER training_rank_rename AFTER UPDATE OF username ON user_info
  FOR EACH ROW WHEN (OLD.username IS DISTINCT FROM NEW.username) EXECUTE FUNCTION training_rank_on_rename();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION training_rank_on_problem_auth() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t bigint;
BEGIN
  FOR t IN SELECT DISTINCT tid FROM training_problem WHERE pid = NEW.id ORDER BY tid LOOP
    PERFORM training_rank_refresh(t, NULL);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER training_rank_problem_auth AFTER UPDATE OF auth ON problem
  FOR EACH ROW WHEN (OLD.auth IS DISTINCT FROM NEW.auth) EXECUTE FUNCTION training_rank_on_problem_auth();
--> statement-breakpoint
-- training_rank_size follows the rows (a page's total without counting the rows).
CREATE OR REPLACE FUNCTION training_rank_size_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO training_rank_size AS s (tid, users)
      SELECT r.tid, count(*) FROM new_rows r JOIN training t ON t.id = r.tid GROUP BY r.tid ORDER BY r.tid
      ON CONFLICT (tid) DO UPDATE SET users = s.users + excluded.users;
  ELSE
    UPDATE training_rank_size s SET users = s.users - d.n
      FROM (SELECT tid, count(*) AS n FROM old_rows GROUP BY tid) d WHERE s.tid = d.tid;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER training_rank_size_insert AFTER INSERT ON training_rank_row
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION training_rank_size_follow();
--> statement-breakpoint
CREATE TRIGGER training_rank_size_delete AFTER DELETE ON training_rank_row
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION training_rank_size_follow();
--> statement-breakpoint
SELECT training_rank_refresh(id, NULL) FROM training ORDER BY id;
--> statement-breakpoint
ANALYZE training_rank_row;
