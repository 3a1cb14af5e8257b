CREATE TABLE "gift_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"page_id" integer NOT NULL,
	"ip_hash" text NOT NULL,
	"email_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_provider_guest_charges" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"client_secret" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'requires_payment_method' NOT NULL,
	"code" text,
	"last4" text,
	"description" text DEFAULT '' NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_provider_guest_charges_status_check" CHECK ("test_provider_guest_charges"."status" in ('requires_payment_method', 'requires_action', 'succeeded', 'declined'))
);
--> statement-breakpoint
CREATE INDEX "gift_attempts_ip_idx" ON "gift_attempts" USING btree ("ip_hash","created_at");--> statement-breakpoint
CREATE INDEX "gift_attempts_page_idx" ON "gift_attempts" USING btree ("page_id","created_at");--> statement-breakpoint
CREATE INDEX "gift_attempts_email_idx" ON "gift_attempts" USING btree ("email_hash","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "test_provider_guest_charges_id_key" ON "test_provider_guest_charges" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "test_provider_guest_charges_secret_key" ON "test_provider_guest_charges" USING btree ("client_secret");