CREATE TABLE "payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"recipient_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"paid_on" date NOT NULL,
	"reference" text NOT NULL,
	"admin_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "recipient_logos" (
	"recipient_id" integer PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recipient_logos_size_check" CHECK (octet_length("recipient_logos"."data") <= 204800)
);
--> statement-breakpoint
ALTER TABLE "recipients" ADD COLUMN "is_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_recipient_id_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."recipients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_admin_user_id_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipient_logos" ADD CONSTRAINT "recipient_logos_recipient_id_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_campaign_idx" ON "payouts" USING btree ("campaign_id","recipient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "challenges_name_key" ON "challenges" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "recipients_name_key" ON "recipients" USING btree (lower("recipient_name"));--> statement-breakpoint
-- Payouts are append-only (decision 055): a correction is a new negative entry, never an edit.
CREATE FUNCTION "payouts_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'payouts are append-only: record a correcting entry instead' USING ERRCODE = 'P0001';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "payouts_no_update_or_delete" BEFORE UPDATE OR DELETE ON "payouts"
  FOR EACH ROW EXECUTE FUNCTION "payouts_append_only"();
