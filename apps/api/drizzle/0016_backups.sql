CREATE TABLE "backups" (
	"id" serial PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"file" text,
	"size_bytes" bigint,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"error" text,
	CONSTRAINT "backups_outcome_check" CHECK ("backups"."outcome" in ('ok', 'failed')),
	CONSTRAINT "backups_kind_check" CHECK ("backups"."kind" in ('physical', 'pg_dump')),
	CONSTRAINT "backups_source_check" CHECK ("backups"."source" in ('job', 'cli'))
);
--> statement-breakpoint
CREATE INDEX "backups_started_idx" ON "backups" USING btree ("started_at");