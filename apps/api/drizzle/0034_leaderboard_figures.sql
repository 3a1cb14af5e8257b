ALTER TABLE "refunds" ADD COLUMN "page_id" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_page_id_challenge_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."challenge_pages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A gift's refund carries its gift's page (docs/decisions/161): the refunds written before this
-- migration take it from their gift, before the index is built.
UPDATE "refunds" r SET "page_id" = g."page_id" FROM "gifts" g WHERE g."id" = r."gift_id" AND g."page_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "refunds_page_succeeded_idx" ON "refunds" USING btree ("page_id","gift_id","amount") WHERE "refunds"."page_id" is not null and "refunds"."status" = 'succeeded';--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_page_gift_check" CHECK ("refunds"."page_id" is null or "refunds"."gift_id" is not null);