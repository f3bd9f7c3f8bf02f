CREATE TABLE "problem_kind_count" (
	"auth" integer NOT NULL,
	"is_group" boolean NOT NULL,
	"is_remote" boolean NOT NULL,
	"difficulty" integer NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "problem_kind_count_auth_is_group_is_remote_difficulty_pk" PRIMARY KEY("auth","is_group","is_remote","difficulty")
);
--> statement-breakpoint
ALTER TABLE "problem" ADD COLUMN "search_key" text GENERATED ALWAYS AS (lower(problem_id || ' ' || title)) STORED;