CREATE TABLE "judge_hidden_status_count" (
	"status" integer PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "problem_public_order_idx";--> statement-breakpoint
DROP INDEX "judge_status_submit_time_index";--> statement-breakpoint
DROP INDEX "judge_public_list_idx";--> statement-breakpoint
CREATE INDEX "problem_public_list_idx" ON "problem" USING btree (length("problem_id"),"problem_id","id","difficulty","is_remote","search_key") WHERE auth = 1 and is_group = false;--> statement-breakpoint
CREATE INDEX "judge_public_status_idx" ON "judge" USING btree ("status","submit_time","submit_id","pid") WHERE cid = 0 and gid is null;--> statement-breakpoint
CREATE INDEX "judge_public_list_idx" ON "judge" USING btree ("submit_time","submit_id","pid","status") WHERE cid = 0 and gid is null;