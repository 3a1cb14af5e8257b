ALTER TABLE "challenge_pages" ADD COLUMN "story_moderated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "challenge_pages" ADD COLUMN "moderation_reason" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "story_moderated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "moderation_reason" text;--> statement-breakpoint
ALTER TABLE "challenge_pages" ADD CONSTRAINT "challenge_pages_moderation_reason_check" CHECK (char_length("challenge_pages"."moderation_reason") between 1 and 500);--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_moderation_reason_check" CHECK (char_length("teams"."moderation_reason") between 1 and 500);