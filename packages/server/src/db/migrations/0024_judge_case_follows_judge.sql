-- Issue 25 (a verdict's cost on the server): two checks and two index entries fewer for every case
-- row written.
-- judge_case keeps its uid and pid (copied from the judge row) without foreign keys or indexes of
-- their own: a case is deleted with its submission (submit_id's cascade), and a submission with its
-- user or problem (judge's cascades), so deleting a user or a problem removes the same rows as before.
-- Nothing reads judge_case by uid or pid.
ALTER TABLE "judge_case" DROP CONSTRAINT "judge_case_uid_user_info_uuid_fk";
--> statement-breakpoint
ALTER TABLE "judge_case" DROP CONSTRAINT "judge_case_pid_problem_id_fk";
--> statement-breakpoint
DROP INDEX "judge_case_uid_index";--> statement-breakpoint
DROP INDEX "judge_case_pid_index";
