-- Check constraints are now built from core's lists (packages/core/src/statuses.ts, countries.ts,
-- calculator.ts via sqlList): a new status is one edit there plus a generated migration. Only
-- billing_cycle's constraint reads differently (= 'Weekly' became in ('Weekly')); it allows the same.
ALTER TABLE "campaigns" DROP CONSTRAINT "campaigns_billing_cycle_check";--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_billing_cycle_check" CHECK ("campaigns"."billing_cycle" in ('Weekly'));