ALTER TABLE "passkeys" ADD COLUMN "second_factor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "totp_passed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "stepped_up_at" timestamp with time zone;