CREATE TABLE "testimonials" (
	"id" serial PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"name" text NOT NULL,
	"quote" text NOT NULL,
	"consented_on" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "testimonials_country_check" CHECK ("testimonials"."country" in ('NZ', 'UK'))
);
--> statement-breakpoint
ALTER TABLE "admin_audit" DROP CONSTRAINT "admin_audit_action_check";--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "testimonials_country_idx" ON "testimonials" USING btree ("country","id");--> statement-breakpoint
ALTER TABLE "admin_audit" ADD CONSTRAINT "admin_audit_action_check" CHECK ("admin_audit"."action" in ('campaign.create', 'campaign.edit', 'campaign.delete', 'campaign.deactivate_past', 'campaign.offer_set', 'campaign.payout', 'campaign.payout_correction', 'donors.export', 'charity.create', 'charity.edit', 'charity.delete', 'charity.photo_set', 'charity.photo_delete', 'challenge.create', 'challenge.edit', 'challenge.delete', 'news.send', 'report.hide', 'report.dismiss', 'page.moderate', 'team.moderate', 'gift.moderate', 'user.resend_activation', 'user.sessions_revoke', 'payment.refund', 'gift.refund', 'two_factor.enrol', 'two_factor.recovery_code_used', 'two_factor.reset', 'match.create', 'match.edit', 'match.pause', 'match.resume', 'match.end', 'testimonial.create', 'testimonial.edit', 'testimonial.delete'));