-- Decision 129: a photo per charity (recipient_photos, WebP in two sizes) and a plain-text story; the
-- photo's upload and removal are audited actions.
CREATE TABLE "recipient_photos" (
	"recipient_id" integer PRIMARY KEY NOT NULL,
	"data" "bytea" NOT NULL,
	"card_data" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"alt" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recipient_photos_alt_check" CHECK (char_length("recipient_photos"."alt") between 1 and 200),
	CONSTRAINT "recipient_photos_size_check" CHECK ("recipient_photos"."width" between 1 and 1200 and "recipient_photos"."height" > 0)
);
--> statement-breakpoint
ALTER TABLE "admin_audit" DROP CONSTRAINT "admin_audit_action_check";--> statement-breakpoint
ALTER TABLE "recipients" ADD COLUMN "story" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "recipient_photos" ADD CONSTRAINT "recipient_photos_recipient_id_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_audit" ADD CONSTRAINT "admin_audit_action_check" CHECK ("admin_audit"."action" in ('campaign.create', 'campaign.edit', 'campaign.delete', 'campaign.deactivate_past', 'campaign.offer_set', 'campaign.payout', 'campaign.payout_correction', 'donors.export', 'charity.create', 'charity.edit', 'charity.delete', 'charity.photo_set', 'charity.photo_delete', 'challenge.create', 'challenge.edit', 'challenge.delete', 'user.resend_activation', 'two_factor.enrol', 'two_factor.recovery_code_used', 'two_factor.reset'));--> statement-breakpoint
ALTER TABLE "recipients" ADD CONSTRAINT "recipients_story_check" CHECK (char_length("recipients"."story") <= 1000);