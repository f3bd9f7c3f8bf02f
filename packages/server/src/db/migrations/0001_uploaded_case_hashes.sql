ALTER TABLE "problem_case" ADD COLUMN "input_sha256" varchar(64);--> statement-breakpoint
ALTER TABLE "problem_case" ADD COLUMN "input_size" bigint;--> statement-breakpoint
ALTER TABLE "problem_case" ADD COLUMN "output_sha256" varchar(64);--> statement-breakpoint
ALTER TABLE "problem_case" ADD COLUMN "output_size" bigint;