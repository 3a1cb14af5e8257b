ALTER TABLE "challenge_pages" ADD COLUMN "share_message" text;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "via" text;--> statement-breakpoint
ALTER TABLE "challenge_pages" ADD CONSTRAINT "challenge_pages_share_message_check" CHECK (char_length("challenge_pages"."share_message") between 1 and 200);--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_via_check" CHECK ("gifts"."via" in ('whatsapp', 'facebook', 'x', 'linkedin', 'email', 'sms', 'copy', 'qr', 'poster', 'native'));