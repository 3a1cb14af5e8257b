import type { Minor } from '@uplift/core/money';
import type { IsoDate } from '@uplift/core/calendar';
import type { CountryCode } from '@uplift/core/countries';
import type { BaseLogger } from 'pino';
import type { Mailer } from '../mail/index.ts';
import { cardExpiryMail } from './billing.mails.ts';
import { FIRST_PAYMENT_ITS_CARD_CANNOT_COVER, type DueDates, type Session } from '../payments/index.ts';

// "A card that expires before the last payment date is ... mailed 7 days before the first payment
// it cannot cover" (docs/decisions/048). Billing does it on each run, by each campaign's
// date (its zone), once per pledge and card: the notice row is written in the statement that
// picks who to mail, so two workers or a second run the same day cannot mail twice.

/** How many days ahead of the payment the mail goes. */
export const CARD_EXPIRY_NOTICE_DAYS = 7;

type Notice = {
  pledge_id: number;
  processing_date: IsoDate;
  amount: Minor;
  country: CountryCode;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  email: string;
  first_name: string;
  recipient_name: string;
};

const NOTICES_SQL = `
  with today as (
    select c.id as campaign_id, c.country, case c.country when 'NZ' then $1::date when 'UK' then $2::date end as day
    from campaigns c
  ), uncovered as (
    -- Each live pledge's first payment to come that its card cannot cover: the ledger's read.
    ${FIRST_PAYMENT_ITS_CARD_CANNOT_COVER}
  ), noted as (
    insert into card_expiry_notices (pledge_id, stripe_payment_method_id, payment_id, sent_at)
    select pledge_id, stripe_payment_method_id, payment_id, $3 from uncovered
     where processing_date <= day + ${CARD_EXPIRY_NOTICE_DAYS}
    on conflict do nothing
    returning pledge_id, stripe_payment_method_id
  )
  select u.pledge_id, u.processing_date::text as processing_date, u.amount, u.country, u.brand, u.last4, u.exp_month, u.exp_year,
         us.email, us.first_name, r.recipient_name
    from noted n
    join uncovered u using (pledge_id, stripe_payment_method_id)
    join pledges pl on pl.id = u.pledge_id
    join users us on us.id = pl.user_id
    join recipients r on r.id = pl.recipient_id`;

export type CardExpiryDeps = { mailer: Mailer; log: Pick<BaseLogger, 'error'>; appUrl: string };

/** Records and mails the card-expiry notices due on these dates; returns how many went. */
export async function mailExpiringCards(deps: CardExpiryDeps, session: Session, due: DueDates, now: Date): Promise<number> {
  const { rows } = await session.query<Notice>(NOTICES_SQL, [due.NZ, due.UK, now]);
  for (const n of rows) {
    try {
      await deps.mailer.send(
        n.email,
        'card-expiry',
        cardExpiryMail({
          firstName: n.first_name,
          country: n.country,
          charity: n.recipient_name,
          card: { brand: n.brand, last4: n.last4, exp_month: n.exp_month, exp_year: n.exp_year },
          paymentDate: n.processing_date,
          amount: n.amount,
          changeCardUrl: `${deps.appUrl}/summary?card=change`,
        }),
      );
    } catch (err) {
      // The notice is recorded; only the mail is missing, and the log says which.
      deps.log.error({ err, pledgeId: n.pledge_id }, 'billing: could not record the card-expiry mail');
    }
  }
  return rows.length;
}
