ALTER TABLE "admin_audit" DROP CONSTRAINT "admin_audit_action_check";--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "payment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "gift_id" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_gift_idx" ON "refunds" USING btree ("gift_id","status") WHERE "refunds"."gift_id" is not null;--> statement-breakpoint
ALTER TABLE "admin_audit" ADD CONSTRAINT "admin_audit_action_check" CHECK ("admin_audit"."action" in ('campaign.create', 'campaign.edit', 'campaign.delete', 'campaign.deactivate_past', 'campaign.offer_set', 'campaign.payout', 'campaign.payout_correction', 'donors.export', 'charity.create', 'charity.edit', 'charity.delete', 'charity.photo_set', 'charity.photo_delete', 'challenge.create', 'challenge.edit', 'challenge.delete', 'news.send', 'report.hide', 'report.dismiss', 'page.moderate', 'team.moderate', 'gift.moderate', 'user.resend_activation', 'user.sessions_revoke', 'payment.refund', 'gift.refund', 'two_factor.enrol', 'two_factor.recovery_code_used', 'two_factor.reset'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_one_target_check" CHECK (num_nonnulls("refunds"."payment_id", "refunds"."gift_id") = 1);--> statement-breakpoint
-- One receipt numbering for everything a person gives (docs/decisions/150, amends 080): the next
-- number of a country's year, taken under the counter row's lock (held until the caller's
-- transaction ends, so numbers follow the order of settlement and a rollback gives one back), in
-- the one format 'NZ-2026-000123'. Pledge payments take theirs by the trigger below; a friend's gift
-- takes its own when the payments ledger settles it (apps/api/src/modules/payments/ledger-gifts.repository.ts).
CREATE FUNCTION "take_receipt_number"(p_country text, p_year integer) RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_number integer;
BEGIN
  INSERT INTO receipt_counters AS rc (country, year, last_number) VALUES (p_country, p_year, 1)
    ON CONFLICT (country, year) DO UPDATE SET last_number = rc.last_number + 1
    RETURNING last_number INTO v_number;
  RETURN p_country || '-' || p_year || '-' || lpad(v_number::text, 6, '0');
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "assign_receipt_number"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_country text;
BEGIN
  IF NEW.payment_status = 'Success' AND NEW.receipt_number IS NULL THEN
    SELECT c.country INTO STRICT v_country FROM pledges p JOIN campaigns c ON c.id = p.campaign_id WHERE p.id = NEW.pledge_id;
    NEW.receipt_number := take_receipt_number(v_country, extract(year FROM NEW.processing_date)::integer);
  END IF;
  RETURN NEW;
END
$$;
