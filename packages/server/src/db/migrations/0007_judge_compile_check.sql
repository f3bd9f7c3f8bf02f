CREATE TABLE "judge_compile_check" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"language" varchar(255) NOT NULL,
	"code" text NOT NULL,
	"extra_files" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"ok" boolean,
	"message" text,
	"worker_name" text,
	"attempt" integer DEFAULT 0 NOT NULL,
	"lease_expires_at" timestamp with time zone,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "judge_compile_check_open_idx" ON "judge_compile_check" USING btree ("gmt_create") WHERE status <> 'done';