CREATE TABLE "challenge_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"pledge_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"slug" text NOT NULL,
	"display_name" text NOT NULL,
	"story" text DEFAULT '' NOT NULL,
	"goal" integer NOT NULL,
	"photo_id" integer,
	"team_id" integer,
	"published_at" timestamp with time zone,
	"on_leaderboard" boolean DEFAULT false NOT NULL,
	"gift_mails" boolean DEFAULT true NOT NULL,
	"moderated_at" timestamp with time zone,
	"photo_moderated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenge_pages_slug_check" CHECK ("challenge_pages"."slug" ~ '^[a-z0-9]([a-z0-9-]{1,38})[a-z0-9]$'),
	CONSTRAINT "challenge_pages_name_check" CHECK (char_length("challenge_pages"."display_name") between 1 and 60),
	CONSTRAINT "challenge_pages_story_check" CHECK (char_length("challenge_pages"."story") <= 1000),
	CONSTRAINT "challenge_pages_goal_check" CHECK ("challenge_pages"."goal" > 0)
);
--> statement-breakpoint
CREATE TABLE "content_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"page_id" integer,
	"team_id" integer,
	"gift_id" integer,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	"resolution" text,
	CONSTRAINT "content_reports_subject_check" CHECK ("content_reports"."subject" in ('page', 'team', 'message')),
	CONSTRAINT "content_reports_target_check" CHECK (("content_reports"."subject" = 'page' and "content_reports"."page_id" is not null) or ("content_reports"."subject" = 'team' and "content_reports"."team_id" is not null) or ("content_reports"."subject" = 'message' and "content_reports"."gift_id" is not null)),
	CONSTRAINT "content_reports_reason_check" CHECK (char_length("content_reports"."reason") between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "fundraising_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"data" "bytea" NOT NULL,
	"card_data" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"page_id" integer,
	"campaign_id" integer NOT NULL,
	"recipient_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"donor_name" text,
	"donor_email" text,
	"message" text DEFAULT '' NOT NULL,
	"hide_name" boolean DEFAULT false NOT NULL,
	"hide_amount" boolean DEFAULT false NOT NULL,
	"tax_receipt" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"idempotency_key" text NOT NULL,
	"client_key" text NOT NULL,
	"provider_reference" text,
	"failure_code" text,
	"receipt_number" text,
	"message_moderated_at" timestamp with time zone,
	"erased_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "gifts_status_check" CHECK ("gifts"."status" in ('pending', 'requires_action', 'succeeded', 'failed')),
	CONSTRAINT "gifts_amount_check" CHECK ("gifts"."amount" > 0),
	CONSTRAINT "gifts_message_check" CHECK (char_length("gifts"."message") <= 140)
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"story" text DEFAULT '' NOT NULL,
	"captain_page_id" integer,
	"photo_id" integer,
	"moderated_at" timestamp with time zone,
	"photo_moderated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teams_slug_check" CHECK ("teams"."slug" ~ '^[a-z0-9]([a-z0-9-]{1,38})[a-z0-9]$'),
	CONSTRAINT "teams_name_check" CHECK (char_length("teams"."name") between 1 and 60),
	CONSTRAINT "teams_story_check" CHECK (char_length("teams"."story") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "challenge_pages" ADD CONSTRAINT "challenge_pages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_pages" ADD CONSTRAINT "challenge_pages_pledge_id_pledges_id_fk" FOREIGN KEY ("pledge_id") REFERENCES "public"."pledges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_pages" ADD CONSTRAINT "challenge_pages_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_pages" ADD CONSTRAINT "challenge_pages_photo_id_fundraising_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."fundraising_photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_pages" ADD CONSTRAINT "challenge_pages_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_page_id_challenge_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."challenge_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_page_id_challenge_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."challenge_pages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_recipient_id_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."recipients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_captain_page_id_challenge_pages_id_fk" FOREIGN KEY ("captain_page_id") REFERENCES "public"."challenge_pages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_photo_id_fundraising_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."fundraising_photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "challenge_pages_slug_key" ON "challenge_pages" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "challenge_pages_pledge_key" ON "challenge_pages" USING btree ("pledge_id");--> statement-breakpoint
CREATE INDEX "challenge_pages_user_idx" ON "challenge_pages" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "challenge_pages_team_idx" ON "challenge_pages" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "challenge_pages_leaderboard_idx" ON "challenge_pages" USING btree ("campaign_id") WHERE "challenge_pages"."on_leaderboard" and "challenge_pages"."published_at" is not null and "challenge_pages"."moderated_at" is null;--> statement-breakpoint
CREATE INDEX "content_reports_open_idx" ON "content_reports" USING btree ("created_at") WHERE "content_reports"."resolved_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_idempotency_key" ON "gifts" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_client_key" ON "gifts" USING btree ("client_key");--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_receipt_number_key" ON "gifts" USING btree ("receipt_number");--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_provider_reference_key" ON "gifts" USING btree ("provider_reference");--> statement-breakpoint
CREATE INDEX "gifts_page_idx" ON "gifts" USING btree ("page_id","created_at");--> statement-breakpoint
CREATE INDEX "gifts_campaign_succeeded_idx" ON "gifts" USING btree ("campaign_id","recipient_id") WHERE "gifts"."status" = 'succeeded';--> statement-breakpoint
CREATE INDEX "gifts_email_idx" ON "gifts" USING btree (lower("donor_email"));--> statement-breakpoint
CREATE UNIQUE INDEX "teams_slug_key" ON "teams" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "teams_campaign_idx" ON "teams" USING btree ("campaign_id");