CREATE TABLE "match_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"gift_id" integer,
	"payment_id" integer,
	"recipient_id" integer NOT NULL,
	"page_id" integer,
	"base_amount" integer NOT NULL,
	"amount" integer NOT NULL,
	"released" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "match_entries_one_target_check" CHECK (num_nonnulls("match_entries"."gift_id", "match_entries"."payment_id") <= 1),
	CONSTRAINT "match_entries_amount_check" CHECK ("match_entries"."amount" > 0 and "match_entries"."released" >= 0 and "match_entries"."released" <= "match_entries"."amount")
);
--> statement-breakpoint
CREATE TABLE "match_funds" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"sponsor_name" text NOT NULL,
	"sponsor_logo_url" text,
	"sponsor_link" text,
	"ratio" integer NOT NULL,
	"cap" integer NOT NULL,
	"matched" integer DEFAULT 0 NOT NULL,
	"applies_to" text NOT NULL,
	"narrowed_to" text NOT NULL,
	"recipient_id" integer,
	"team_id" integer,
	"page_id" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"alerted_90_at" timestamp with time zone,
	"alerted_100_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "match_funds_ratio_check" CHECK ("match_funds"."ratio" between 1 and 3),
	CONSTRAINT "match_funds_cap_check" CHECK ("match_funds"."matched" >= 0 and "match_funds"."matched" <= "match_funds"."cap"),
	CONSTRAINT "match_funds_window_check" CHECK ("match_funds"."ends_at" > "match_funds"."starts_at"),
	CONSTRAINT "match_funds_one_narrowing_check" CHECK (num_nonnulls("match_funds"."recipient_id", "match_funds"."team_id", "match_funds"."page_id") <= 1),
	CONSTRAINT "match_funds_narrowed_to_check" CHECK ("match_funds"."narrowed_to" in ('campaign', 'charity', 'team', 'page')),
	CONSTRAINT "match_funds_applies_to_check" CHECK ("match_funds"."applies_to" in ('gifts', 'payments', 'both')),
	CONSTRAINT "match_funds_status_check" CHECK ("match_funds"."status" in ('active', 'paused', 'ended'))
);
--> statement-breakpoint
ALTER TABLE "admin_audit" DROP CONSTRAINT "admin_audit_action_check";--> statement-breakpoint
ALTER TABLE "match_entries" ADD CONSTRAINT "match_entries_match_id_match_funds_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."match_funds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_entries" ADD CONSTRAINT "match_entries_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_entries" ADD CONSTRAINT "match_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_entries" ADD CONSTRAINT "match_entries_recipient_id_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."recipients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_entries" ADD CONSTRAINT "match_entries_page_id_challenge_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."challenge_pages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_funds" ADD CONSTRAINT "match_funds_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_funds" ADD CONSTRAINT "match_funds_recipient_id_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."recipients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_funds" ADD CONSTRAINT "match_funds_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_funds" ADD CONSTRAINT "match_funds_page_id_challenge_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."challenge_pages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "match_entries_gift_key" ON "match_entries" USING btree ("gift_id") WHERE "match_entries"."gift_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "match_entries_payment_key" ON "match_entries" USING btree ("payment_id") WHERE "match_entries"."payment_id" is not null;--> statement-breakpoint
CREATE INDEX "match_entries_match_idx" ON "match_entries" USING btree ("match_id","created_at");--> statement-breakpoint
CREATE INDEX "match_entries_page_idx" ON "match_entries" USING btree ("page_id") WHERE "match_entries"."page_id" is not null;--> statement-breakpoint
CREATE INDEX "match_funds_campaign_idx" ON "match_funds" USING btree ("campaign_id","status");--> statement-breakpoint
ALTER TABLE "admin_audit" ADD CONSTRAINT "admin_audit_action_check" CHECK ("admin_audit"."action" in ('campaign.create', 'campaign.edit', 'campaign.delete', 'campaign.deactivate_past', 'campaign.offer_set', 'campaign.payout', 'campaign.payout_correction', 'donors.export', 'charity.create', 'charity.edit', 'charity.delete', 'charity.photo_set', 'charity.photo_delete', 'challenge.create', 'challenge.edit', 'challenge.delete', 'news.send', 'report.hide', 'report.dismiss', 'page.moderate', 'team.moderate', 'gift.moderate', 'user.resend_activation', 'user.sessions_revoke', 'payment.refund', 'gift.refund', 'two_factor.enrol', 'two_factor.recovery_code_used', 'two_factor.reset', 'match.create', 'match.edit', 'match.pause', 'match.resume', 'match.end'));