CREATE TABLE "judge_problem_count" (
	"pid" bigint NOT NULL,
	"status" integer NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "judge_problem_count_pid_status_pk" PRIMARY KEY("pid","status")
);
--> statement-breakpoint
CREATE TABLE "judge_status_count" (
	"status" integer PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "problem_public_order_idx" ON "problem" USING btree (length("problem_id"),"problem_id","id") WHERE auth = 1 and is_group = false;--> statement-breakpoint
CREATE INDEX "problem_not_public_idx" ON "problem" USING btree ("id") WHERE auth <> 1 or is_group;--> statement-breakpoint
CREATE INDEX "judge_public_list_idx" ON "judge" USING btree ("submit_time","submit_id") WHERE cid = 0 and gid is null;--> statement-breakpoint
CREATE INDEX "judge_public_problem_idx" ON "judge" USING btree ("pid","submit_time","submit_id") WHERE cid = 0 and gid is null;--> statement-breakpoint
CREATE INDEX "judge_uid_pid_idx" ON "judge" USING btree ("uid","pid");