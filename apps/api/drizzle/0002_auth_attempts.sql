CREATE TABLE "auth_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"subject_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "auth_attempts_action_check" CHECK ("auth_attempts"."action" in ('login', 'register', 'forgot'))
);
--> statement-breakpoint
CREATE INDEX "auth_attempts_subject_idx" ON "auth_attempts" USING btree ("action","subject_hash","created_at");--> statement-breakpoint
CREATE INDEX "auth_attempts_created_idx" ON "auth_attempts" USING btree ("created_at");