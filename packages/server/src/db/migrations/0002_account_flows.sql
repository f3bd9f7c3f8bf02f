CREATE TABLE "account_lock" (
	"uid" text NOT NULL,
	"action" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"first_failure_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "account_lock_uid_action_pk" PRIMARY KEY("uid","action")
);
--> statement-breakpoint
CREATE TABLE "captcha" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"answer" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_code" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "account_lock" ADD CONSTRAINT "account_lock_uid_user_info_uuid_fk" FOREIGN KEY ("uid") REFERENCES "public"."user_info"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "captcha_expires_at_index" ON "captcha" USING btree ("expires_at");