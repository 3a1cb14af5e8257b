CREATE TABLE "page_updates" (
	"id" serial PRIMARY KEY NOT NULL,
	"page_id" integer NOT NULL,
	"body" text NOT NULL,
	"photo_id" integer,
	"moderated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_updates_body_check" CHECK (char_length("page_updates"."body") between 1 and 500)
);
--> statement-breakpoint
ALTER TABLE "challenge_pages" ADD COLUMN "cover_id" integer;--> statement-breakpoint
ALTER TABLE "fundraising_photos" ADD COLUMN "avif_data" "bytea";--> statement-breakpoint
ALTER TABLE "fundraising_photos" ADD COLUMN "avif_card_data" "bytea";--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "captain_message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "page_updates" ADD CONSTRAINT "page_updates_page_id_challenge_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."challenge_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_updates" ADD CONSTRAINT "page_updates_photo_id_fundraising_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."fundraising_photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_updates_page_idx" ON "page_updates" USING btree ("page_id","created_at");--> statement-breakpoint
ALTER TABLE "challenge_pages" ADD CONSTRAINT "challenge_pages_cover_id_fundraising_photos_id_fk" FOREIGN KEY ("cover_id") REFERENCES "public"."fundraising_photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_captain_message_check" CHECK (char_length("teams"."captain_message") <= 500);