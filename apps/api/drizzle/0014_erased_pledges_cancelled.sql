-- Donors erased before the rule changed (docs/decisions/082, amendment of 26 November 2026): a
-- Confirmed pledge of an erased account that will not be paid in full is Cancelled, as a cancel
-- leaves it, so the totals count only its Success payments. Pledges paid in full stay Confirmed.
UPDATE "pledges" p
   SET "pledge_status" = 'Cancelled', "cancelled_at" = u."erased_at"
  FROM "users" u
 WHERE u."id" = p."user_id"
   AND u."erased_at" IS NOT NULL
   AND p."pledge_status" = 'Confirmed'
   AND EXISTS (SELECT 1 FROM "payments" pay WHERE pay."pledge_id" = p."id" AND pay."payment_status" <> 'Success');
