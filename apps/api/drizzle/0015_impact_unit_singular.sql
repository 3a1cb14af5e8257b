-- The unit for exactly one (docs/decisions/121-impact-units-and-country-content.md). Charities that
-- exist already start with their plural unit; the seed upsert gives the seeded six their own
-- singular, and an admin corrects any other on the charity screen.
ALTER TABLE "recipients" ADD COLUMN "impact_unit_singular" text;--> statement-breakpoint
UPDATE "recipients" SET "impact_unit_singular" = "impact_unit";--> statement-breakpoint
ALTER TABLE "recipients" ALTER COLUMN "impact_unit_singular" SET NOT NULL;
