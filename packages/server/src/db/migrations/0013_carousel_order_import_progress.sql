CREATE TABLE "user_import_progress" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"state" varchar(16) NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file" ADD COLUMN "position" integer;--> statement-breakpoint
ALTER TABLE "user_import_progress" ADD CONSTRAINT "user_import_progress_uid_user_info_uuid_fk" FOREIGN KEY ("uid") REFERENCES "public"."user_info"("uuid") ON DELETE cascade ON UPDATE no action;