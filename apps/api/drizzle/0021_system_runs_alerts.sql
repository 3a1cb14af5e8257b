CREATE TABLE "alerts_sent" (
	"id" serial PRIMARY KEY NOT NULL,
	"cause" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"summary" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" text DEFAULT 'running' NOT NULL,
	"charged" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"retried" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"error" text,
	CONSTRAINT "billing_runs_outcome_check" CHECK ("billing_runs"."outcome" in ('running', 'ok', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_sent_cause_sent_key" ON "alerts_sent" USING btree ("cause","sent_at");--> statement-breakpoint
CREATE INDEX "billing_runs_started_idx" ON "billing_runs" USING btree ("started_at");