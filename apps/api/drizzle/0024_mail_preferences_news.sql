CREATE TABLE "news_updates" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"audience" text NOT NULL,
	"campaign_id" integer,
	"recipient_id" integer,
	"status" text DEFAULT 'sending' NOT NULL,
	"recipient_count" integer NOT NULL,
	"queued_count" integer DEFAULT 0 NOT NULL,
	"cursor_user_id" integer DEFAULT 0 NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "news_updates_audience_check" CHECK (("news_updates"."audience" = 'campaign' and "news_updates"."campaign_id" is not null) or ("news_updates"."audience" = 'charity' and "news_updates"."recipient_id" is not null)),
	CONSTRAINT "news_updates_status_check" CHECK ("news_updates"."status" in ('sending', 'sent'))
);
--> statement-breakpoint
ALTER TABLE "consent_events" DROP CONSTRAINT "consent_events_consent_check";--> statement-breakpoint
ALTER TABLE "admin_audit" DROP CONSTRAINT "admin_audit_action_check";--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "list_unsubscribe" text;--> statement-breakpoint
ALTER TABLE "news_updates" ADD CONSTRAINT "news_updates_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_updates" ADD CONSTRAINT "news_updates_recipient_id_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."recipients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_updates" ADD CONSTRAINT "news_updates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_updates_created_idx" ON "news_updates" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_consent_check" CHECK ("consent_events"."consent" in ('terms', 'uplift_news', 'charity_news', 'progress', 'milestones', 'friends_gifts'));--> statement-breakpoint
ALTER TABLE "admin_audit" ADD CONSTRAINT "admin_audit_action_check" CHECK ("admin_audit"."action" in ('campaign.create', 'campaign.edit', 'campaign.delete', 'campaign.deactivate_past', 'campaign.offer_set', 'campaign.payout', 'campaign.payout_correction', 'donors.export', 'charity.create', 'charity.edit', 'charity.delete', 'charity.photo_set', 'charity.photo_delete', 'challenge.create', 'challenge.edit', 'challenge.delete', 'news.send', 'user.resend_activation', 'user.sessions_revoke', 'payment.refund', 'two_factor.enrol', 'two_factor.recovery_code_used', 'two_factor.reset'));