CREATE TABLE "scheduled_job_run" (
	"job" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"claimed_by" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"error" text,
	CONSTRAINT "scheduled_job_run_job_period_start_pk" PRIMARY KEY("job","period_start")
);
