ALTER TABLE "payments" ADD COLUMN "fee_cover" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_fee_cover_check" CHECK ("payments"."fee_cover" >= 0);