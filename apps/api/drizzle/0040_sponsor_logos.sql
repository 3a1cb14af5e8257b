CREATE TABLE "match_logos" (
	"match_id" integer PRIMARY KEY NOT NULL,
	"data" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "match_logos_size_check" CHECK ("match_logos"."width" between 1 and 480 and "match_logos"."height" > 0)
);
--> statement-breakpoint
ALTER TABLE "match_logos" ADD CONSTRAINT "match_logos_match_id_match_funds_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."match_funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_funds" DROP COLUMN "sponsor_logo_url";