CREATE TABLE "consent_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"consent" text NOT NULL,
	"given" text NOT NULL,
	"wording_version" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "consent_events_consent_check" CHECK ("consent_events"."consent" in ('terms', 'uplift_news', 'charity_news')),
	CONSTRAINT "consent_events_given_check" CHECK ("consent_events"."given" in ('given', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "email_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"new_email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_counters" (
	"country" text NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "receipt_counters_country_year_pk" PRIMARY KEY("country","year")
);
--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receipt_number" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_events_user_idx" ON "consent_events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "email_changes_hash_key" ON "email_changes" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "email_changes_user_idx" ON "email_changes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_receipt_number_key" ON "payments" USING btree ("receipt_number");--> statement-breakpoint
-- Receipt numbers (docs/decisions/080): taken when a payment becomes Success, whoever sets it
-- (billing, a retry, a webhook), from the per-country-per-year counter under its row lock.
CREATE FUNCTION "assign_receipt_number"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_country text;
  v_year integer;
  v_number integer;
BEGIN
  IF NEW.payment_status = 'Success' AND NEW.receipt_number IS NULL THEN
    SELECT c.country INTO STRICT v_country FROM pledges p JOIN campaigns c ON c.id = p.campaign_id WHERE p.id = NEW.pledge_id;
    v_year := extract(year FROM NEW.processing_date)::integer;
    INSERT INTO receipt_counters AS rc (country, year, last_number) VALUES (v_country, v_year, 1)
      ON CONFLICT (country, year) DO UPDATE SET last_number = rc.last_number + 1
      RETURNING last_number INTO v_number;
    NEW.receipt_number := v_country || '-' || v_year || '-' || lpad(v_number::text, 6, '0');
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "payments_receipt_number" BEFORE INSERT OR UPDATE OF "payment_status" ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "assign_receipt_number"();
--> statement-breakpoint
-- Payments already Success get their numbers in the order they were settled.
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT "id" FROM "payments" WHERE "payment_status" = 'Success' ORDER BY coalesce("settled_at", "created_at"), "id" LOOP
    UPDATE "payments" SET "payment_status" = "payment_status" WHERE "id" = r."id";
  END LOOP;
END
$$;
--> statement-breakpoint
-- Consents recorded before consent_events existed become their first events.
INSERT INTO "consent_events" ("user_id", "consent", "given", "wording_version", "source", "created_at")
  SELECT "id", 'terms', 'given', coalesce("terms_version", 'unknown'), 'registration', "terms_accepted_at" FROM "users" WHERE "terms_accepted_at" IS NOT NULL
  UNION ALL
  SELECT "id", 'uplift_news', 'given', coalesce("terms_version", 'unknown'), 'registration', "opt_in_uplift_comms_at" FROM "users" WHERE "opt_in_uplift_comms" AND "opt_in_uplift_comms_at" IS NOT NULL
  UNION ALL
  SELECT "id", 'charity_news', 'given', coalesce("terms_version", 'unknown'), 'registration', "opt_in_charity_comms_at" FROM "users" WHERE "opt_in_charity_comms" AND "opt_in_charity_comms_at" IS NOT NULL;
