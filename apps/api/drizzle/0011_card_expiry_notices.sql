CREATE TABLE "card_expiry_notices" (
	"pledge_id" integer NOT NULL,
	"stripe_payment_method_id" text NOT NULL,
	"payment_id" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "card_expiry_notices_pledge_id_stripe_payment_method_id_pk" PRIMARY KEY("pledge_id","stripe_payment_method_id")
);
--> statement-breakpoint
ALTER TABLE "card_expiry_notices" ADD CONSTRAINT "card_expiry_notices_pledge_id_pledges_id_fk" FOREIGN KEY ("pledge_id") REFERENCES "public"."pledges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_expiry_notices" ADD CONSTRAINT "card_expiry_notices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;