CREATE TABLE "contest_rank_change" (
	"cid" bigint NOT NULL,
	"version" bigint NOT NULL,
	"uid" text NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contest_rank_change_cid_version_uid_pk" PRIMARY KEY("cid","version","uid")
);
--> statement-breakpoint
CREATE TABLE "contest_rank_version" (
	"cid" bigint PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contest_rank_change" ADD CONSTRAINT "contest_rank_change_cid_contest_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."contest"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_rank_version" ADD CONSTRAINT "contest_rank_version_cid_contest_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."contest"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contest_rank_change_gmt_create_index" ON "contest_rank_change" USING btree ("gmt_create");