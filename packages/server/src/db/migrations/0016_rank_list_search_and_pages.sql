-- pg_trgm serves searchUser (a substring of username, nickname or real name). PGlite loads it as an
-- extension module (db/client.ts); PostgreSQL ships it in its contrib modules (Debian: in the
-- postgresql-NN package), and it is a trusted extension, so the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "user_rank_bucket" (
	"list" smallint NOT NULL,
	"k1" integer NOT NULL,
	"k2" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "user_rank_bucket_list_k1_k2_pk" PRIMARY KEY("list","k1","k2")
);
--> statement-breakpoint
DROP INDEX "user_record_acm_rank_idx";--> statement-breakpoint
DROP INDEX "user_record_oi_rank_idx";--> statement-breakpoint
CREATE INDEX "user_record_search_trgm_idx" ON "user_record" USING gin ("search_key" gin_trgm_ops) WHERE ranked;--> statement-breakpoint
-- INCLUDE: the columns a page shows that the keys hold only negated, so a page is an index-only scan.
CREATE INDEX "user_record_acm_rank_idx" ON "user_record" USING btree ((-"ac"),"total","gmt_create","uid") INCLUDE ("ac", "score") WHERE ranked;--> statement-breakpoint
CREATE INDEX "user_record_oi_rank_idx" ON "user_record" USING btree ((-"score"),(-"ac"),"gmt_create","uid") INCLUDE ("score", "ac", "total") WHERE ranked;--> statement-breakpoint
-- user_rank_bucket: per list and leading key, the number of ranked user_record rows (see
-- schema/users.ts). One statement trigger per operation on user_record, with transition tables like
-- 0015: each row leaves its old keys (-1) and enters its new ones (+1) while ranked; the deltas are
-- summed per key, those that cancel (an update that moves no key: rating, search_key) write
-- nothing, and the rest are upserted in key order (so concurrent statements lock keys in one order)
-- and keys left empty are deleted.
CREATE FUNCTION user_rank_bucket_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  b_list smallint[];
  b_k1 int[];
  b_k2 int[];
  b_d int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(list ORDER BY list, k1, k2), array_agg(k1 ORDER BY list, k1, k2),
           array_agg(k2 ORDER BY list, k1, k2), array_agg(d ORDER BY list, k1, k2)
      INTO b_list, b_k1, b_k2, b_d
      FROM (SELECT list, k1, k2, sum(d)::int AS d FROM (
              SELECT 0::smallint AS list, -ac AS k1, total AS k2, 1 AS d FROM new_rows WHERE ranked
              UNION ALL SELECT 1::smallint, -score, -ac, 1 FROM new_rows WHERE ranked
            ) x GROUP BY list, k1, k2) c;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(list ORDER BY list, k1, k2), array_agg(k1 ORDER BY list, k1, k2),
           array_agg(k2 ORDER BY list, k1, k2), array_agg(d ORDER BY list, k1, k2)
      INTO b_list, b_k1, b_k2, b_d
      FROM (SELECT list, k1, k2, sum(d)::int AS d FROM (
              SELECT 0::smallint AS list, -ac AS k1, total AS k2, -1 AS d FROM old_rows WHERE ranked
              UNION ALL SELECT 1::smallint, -score, -ac, -1 FROM old_rows WHERE ranked
            ) x GROUP BY list, k1, k2) c;
  ELSE
    SELECT array_agg(list ORDER BY list, k1, k2), array_agg(k1 ORDER BY list, k1, k2),
           array_agg(k2 ORDER BY list, k1, k2), array_agg(d ORDER BY list, k1, k2)
      INTO b_list, b_k1, b_k2, b_d
      FROM (SELECT list, k1, k2, sum(d)::int AS d FROM (
              SELECT 0::smallint AS list, -ac AS k1, total AS k2, 1 AS d FROM new_rows WHERE ranked
              UNION ALL SELECT 1::smallint, -score, -ac, 1 FROM new_rows WHERE ranked
              UNION ALL SELECT 0::smallint, -ac, total, -1 FROM old_rows WHERE ranked
              UNION ALL SELECT 1::smallint, -score, -ac, -1 FROM old_rows WHERE ranked
            ) x GROUP BY list, k1, k2 HAVING sum(d) <> 0) c;
  END IF;
  IF b_list IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO user_rank_bucket AS b (list, k1, k2, n)
    SELECT * FROM unnest(b_list, b_k1, b_k2, b_d) ORDER BY 1, 2, 3
    ON CONFLICT (list, k1, k2) DO UPDATE SET n = b.n + excluded.n;
  DELETE FROM user_rank_bucket b USING unnest(b_list, b_k1, b_k2) AS k(list, k1, k2)
    WHERE b.list = k.list AND b.k1 = k.k1 AND b.k2 = k.k2 AND b.n <= 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER user_rank_bucket_insert AFTER INSERT ON user_record
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_rank_bucket_apply();
--> statement-breakpoint
CREATE TRIGGER user_rank_bucket_update AFTER UPDATE ON user_record
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_rank_bucket_apply();
--> statement-breakpoint
CREATE TRIGGER user_rank_bucket_delete AFTER DELETE ON user_record
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_rank_bucket_apply();
--> statement-breakpoint
CREATE FUNCTION user_rank_bucket_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM user_rank_bucket;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER user_rank_bucket_truncate AFTER TRUNCATE ON user_record
  FOR EACH STATEMENT EXECUTE FUNCTION user_rank_bucket_reset();
--> statement-breakpoint
INSERT INTO user_rank_bucket (list, k1, k2, n)
  SELECT 0, -ac, total, count(*) FROM user_record WHERE ranked GROUP BY 2, 3
  UNION ALL
  SELECT 1, -score, -ac, count(*) FROM user_record WHERE ranked GROUP BY 2, 3;
