CREATE TABLE "campaign_photos" (
	"campaign_id" integer NOT NULL,
	"format" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "campaign_photos_campaign_id_format_width_pk" PRIMARY KEY("campaign_id","format","width"),
	CONSTRAINT "campaign_photos_format_check" CHECK ("campaign_photos"."format" in ('avif', 'webp')),
	CONSTRAINT "campaign_photos_size_check" CHECK ("campaign_photos"."width" between 1 and 1920 and "campaign_photos"."height" > 0)
);
--> statement-breakpoint
ALTER TABLE "admin_audit" DROP CONSTRAINT "admin_audit_action_check";--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "photo_alt" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "photo_width" integer;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "photo_height" integer;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "photo_sha256" text;--> statement-breakpoint
ALTER TABLE "campaign_photos" ADD CONSTRAINT "campaign_photos_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_audit" ADD CONSTRAINT "admin_audit_action_check" CHECK ("admin_audit"."action" in ('campaign.create', 'campaign.edit', 'campaign.delete', 'campaign.deactivate_past', 'campaign.photo_set', 'campaign.photo_delete', 'campaign.offer_set', 'campaign.payout', 'campaign.payout_correction', 'donors.export', 'charity.create', 'charity.edit', 'charity.delete', 'charity.photo_set', 'charity.photo_delete', 'challenge.create', 'challenge.edit', 'challenge.delete', 'news.send', 'report.hide', 'report.dismiss', 'page.moderate', 'team.moderate', 'gift.moderate', 'user.resend_activation', 'user.sessions_revoke', 'payment.refund', 'gift.refund', 'two_factor.enrol', 'two_factor.recovery_code_used', 'two_factor.reset', 'match.create', 'match.edit', 'match.pause', 'match.resume', 'match.end', 'testimonial.create', 'testimonial.edit', 'testimonial.delete'));--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_photo_check" CHECK (("campaigns"."photo_sha256" is null and "campaigns"."photo_alt" is null and "campaigns"."photo_width" is null and "campaigns"."photo_height" is null)
        or ("campaigns"."photo_sha256" is not null and char_length("campaigns"."photo_alt") between 1 and 200 and "campaigns"."photo_width" > 0 and "campaigns"."photo_height" > 0));