CREATE TABLE "campaign_challenges" (
	"campaign_id" integer NOT NULL,
	"challenge_id" integer NOT NULL,
	CONSTRAINT "campaign_challenges_campaign_id_challenge_id_pk" PRIMARY KEY("campaign_id","challenge_id")
);
--> statement-breakpoint
CREATE TABLE "campaign_recipients" (
	"campaign_id" integer NOT NULL,
	"recipient_id" integer NOT NULL,
	CONSTRAINT "campaign_recipients_campaign_id_recipient_id_pk" PRIMARY KEY("campaign_id","recipient_id")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"billing_start_date" date NOT NULL,
	"billing_cycle" text DEFAULT 'Weekly' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"country" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_country_check" CHECK ("campaigns"."country" in ('NZ', 'UK')),
	CONSTRAINT "campaigns_billing_cycle_check" CHECK ("campaigns"."billing_cycle" = 'Weekly'),
	CONSTRAINT "campaigns_dates_check" CHECK ("campaigns"."start_date" <= "campaigns"."end_date")
);
--> statement-breakpoint
CREATE TABLE "challenges" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"landing_page_icon" text NOT NULL,
	"icon" text NOT NULL,
	"unit" text NOT NULL,
	"description" text NOT NULL,
	"hashtag" text NOT NULL,
	"hashtag_link" text NOT NULL,
	"kind" text DEFAULT 'units' NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "challenges_kind_check" CHECK ("challenges"."kind" in ('units', 'commute'))
);
--> statement-breakpoint
CREATE TABLE "mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "charity_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"admin_user_id" integer NOT NULL,
	"recipient_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"row_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"method_name" text DEFAULT 'card' NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"stripe_payment_method_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"pledge_id" integer NOT NULL,
	"payment_status" text DEFAULT 'Pending' NOT NULL,
	"processing_date" date NOT NULL,
	"amount" integer NOT NULL,
	"stripe_payment_method_id" text,
	"idempotency_key" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"provider_reference" text,
	"failure_reason" text,
	"attempted_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_status_check" CHECK ("payments"."payment_status" in ('Pending', 'Success', 'Failed', 'Cancelled')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pledges" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"challenge_id" integer NOT NULL,
	"recipient_id" integer NOT NULL,
	"number_of_units" integer NOT NULL,
	"cost_per_unit" integer NOT NULL,
	"period" text DEFAULT 'weekly' NOT NULL,
	"confirmed_amount" integer NOT NULL,
	"pledge_status" text DEFAULT 'Pending' NOT NULL,
	"payment_method_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "pledges_status_check" CHECK ("pledges"."pledge_status" in ('Pending', 'Confirmed', 'Cancelled')),
	CONSTRAINT "pledges_period_check" CHECK ("pledges"."period" in ('weekly', 'monthly')),
	CONSTRAINT "pledges_amounts_check" CHECK ("pledges"."number_of_units" >= 0 and "pledges"."cost_per_unit" >= 0 and "pledges"."confirmed_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"recipient_name" text NOT NULL,
	"logo" text NOT NULL,
	"impact_cost" integer NOT NULL,
	"impact_unit" text NOT NULL,
	"impact_description" text NOT NULL,
	"impact_multiplier" integer DEFAULT 1 NOT NULL,
	"description" text NOT NULL,
	"link" text NOT NULL,
	"country" text NOT NULL,
	CONSTRAINT "recipients_country_check" CHECK ("recipients"."country" in ('NZ', 'UK')),
	CONSTRAINT "recipients_impact_cost_check" CHECK ("recipients"."impact_cost" > 0),
	CONSTRAINT "recipients_multiplier_check" CHECK ("recipients"."impact_multiplier" > 0)
);
--> statement-breakpoint
CREATE TABLE "auth_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_tokens_purpose_check" CHECK ("auth_tokens"."purpose" in ('activation', 'reset'))
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"user_address" text DEFAULT '' NOT NULL,
	"country" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"activated" boolean DEFAULT false NOT NULL,
	"activated_at" timestamp with time zone,
	"terms_accepted_at" timestamp with time zone,
	"terms_version" text,
	"opt_in_uplift_comms" boolean DEFAULT false NOT NULL,
	"opt_in_uplift_comms_at" timestamp with time zone,
	"opt_in_charity_comms" boolean DEFAULT false NOT NULL,
	"opt_in_charity_comms_at" timestamp with time zone,
	"stripe_customer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_country_check" CHECK ("users"."country" in ('NZ', 'UK')),
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('user', 'admin'))
);
--> statement-breakpoint
ALTER TABLE "campaign_challenges" ADD CONSTRAINT "campaign_challenges_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_challenges" ADD CONSTRAINT "campaign_challenges_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_recipient_id_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charity_exports" ADD CONSTRAINT "charity_exports_admin_user_id_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_pledge_id_pledges_id_fk" FOREIGN KEY ("pledge_id") REFERENCES "public"."pledges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_recipient_id_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."recipients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_country_active_end_idx" ON "campaigns" USING btree ("country","is_active","end_date");--> statement-breakpoint
CREATE UNIQUE INDEX "challenges_slug_key" ON "challenges" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "mails_created_idx" ON "mails" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_provider_key" ON "payment_methods" USING btree ("stripe_payment_method_id");--> statement-breakpoint
CREATE INDEX "payment_methods_user_idx" ON "payment_methods" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_pledge_date_key" ON "payments" USING btree ("pledge_id","processing_date");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_key" ON "payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payments_due_idx" ON "payments" USING btree ("processing_date") WHERE "payments"."payment_status" = 'Pending';--> statement-breakpoint
CREATE INDEX "payments_pledge_status_idx" ON "payments" USING btree ("pledge_id","payment_status");--> statement-breakpoint
CREATE UNIQUE INDEX "pledges_one_live_per_campaign" ON "pledges" USING btree ("user_id","campaign_id") WHERE "pledges"."pledge_status" <> 'Cancelled';--> statement-breakpoint
CREATE INDEX "pledges_user_idx" ON "pledges" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "pledges_campaign_status_idx" ON "pledges" USING btree ("campaign_id","pledge_status","challenge_id","recipient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recipients_slug_key" ON "recipients" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "recipients_country_idx" ON "recipients" USING btree ("country","id");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_tokens_hash_key" ON "auth_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "auth_tokens_user_idx" ON "auth_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_key" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_last_name_idx" ON "users" USING btree (lower("last_name"),"id");