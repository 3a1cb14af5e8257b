CREATE TABLE "card_setup_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"outcome" text,
	"decline_code" text,
	"provider_reference" text,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "payment_attempts_kind_check" CHECK ("payment_attempts"."kind" in ('scheduled', 'retry', 'pay_now', 'confirm')),
	CONSTRAINT "payment_attempts_outcome_check" CHECK ("payment_attempts"."outcome" in ('succeeded', 'failed', 'requires_action', 'processing'))
);
--> statement-breakpoint
ALTER TABLE "test_provider_payment_methods" DROP CONSTRAINT "test_provider_payment_methods_behaviour_check";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "next_retry_date" date;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "processing_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "test_provider_charges" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "test_provider_charges" ADD COLUMN "client_secret" text;--> statement-breakpoint
ALTER TABLE "test_provider_payment_methods" ADD COLUMN "detached_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "card_setup_attempts" ADD CONSTRAINT "card_setup_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_setup_attempts_user_idx" ON "card_setup_attempts" USING btree ("user_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "payment_attempts_payment_idx" ON "payment_attempts" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payments_retry_idx" ON "payments" USING btree ("next_retry_date") WHERE "payments"."next_retry_date" is not null;--> statement-breakpoint
ALTER TABLE "test_provider_payment_methods" ADD CONSTRAINT "test_provider_payment_methods_behaviour_check" CHECK ("test_provider_payment_methods"."behaviour" in ('succeeds', 'declines', 'insufficient_funds', 'expired_card', 'requires_action', 'authentication_required'));
--> statement-breakpoint
-- failure_reason becomes a stable code (docs/decisions/045-payment-statuses.md); earlier rows held sentences.
UPDATE "payments" SET "failure_reason" = CASE
  WHEN "failure_reason" LIKE 'Your bank needs you to approve%' THEN 'authentication_required'
  WHEN "failure_reason" LIKE 'There is no saved card%' THEN 'card_not_available'
  ELSE 'card_declined' END
WHERE "failure_reason" IS NOT NULL AND "failure_reason" !~ '^[a-z_]+$';
