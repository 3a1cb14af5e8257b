ALTER TABLE "payments" ADD COLUMN "fee_cover" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "skipped_from" date;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_skip_per_pledge" ON "payments" USING btree ("pledge_id") WHERE "payments"."skipped_from" is not null;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_fee_cover_check" CHECK ("payments"."fee_cover" >= 0);