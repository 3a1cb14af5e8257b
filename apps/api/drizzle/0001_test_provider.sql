CREATE TABLE "test_provider_charges" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"customer_id" text NOT NULL,
	"payment_method_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"description" text DEFAULT '' NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_provider_charges_status_check" CHECK ("test_provider_charges"."status" in ('succeeded', 'declined', 'requires_action'))
);
--> statement-breakpoint
CREATE TABLE "test_provider_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"behaviour" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_provider_payment_methods_behaviour_check" CHECK ("test_provider_payment_methods"."behaviour" in ('succeeds', 'declines', 'requires_action')),
	CONSTRAINT "test_provider_payment_methods_last4_check" CHECK ("test_provider_payment_methods"."last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "test_provider_setup_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"client_secret" text NOT NULL,
	"status" text DEFAULT 'requires_payment_method' NOT NULL,
	"payment_method_id" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_provider_setup_intents_status_check" CHECK ("test_provider_setup_intents"."status" in ('requires_payment_method', 'requires_action', 'succeeded', 'canceled'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "test_provider_charges_id_key" ON "test_provider_charges" USING btree ("id");--> statement-breakpoint
CREATE INDEX "test_provider_payment_methods_customer_idx" ON "test_provider_payment_methods" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "test_provider_setup_intents_secret_key" ON "test_provider_setup_intents" USING btree ("client_secret");