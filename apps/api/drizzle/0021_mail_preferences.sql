ALTER TABLE "consent_events" DROP CONSTRAINT "consent_events_consent_check";--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "list_unsubscribe" text;--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_consent_check" CHECK ("consent_events"."consent" in ('terms', 'uplift_news', 'charity_news', 'progress', 'milestones', 'friends_gifts'));