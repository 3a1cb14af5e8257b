import { expect, type APIRequestContext } from '@playwright/test';
import { remainingPaymentDates, todayInCountry } from '@uplift/core/calendar';
import { pledgeTotalMinor } from '@uplift/core/calculator';
import { fromMinor } from '@uplift/core/money';
import { waitForMail } from './mail.ts';

export const DONOR_PASSWORD = 'a long and memorable passphrase';

/** The body of an OK response; a failure shows the URL, status and body. */
export async function expectJson<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

export type ConfirmedDonor = {
  email: string;
  /** An access token from the API login (the request context also holds the refresh cookie). */
  token: string;
  campaignId: number;
  recipientName: string;
  /** Remaining payment dates of the pledge, and its total in minor units. */
  dates: string[];
  totalMinor: number;
};

type NewDonor = { email: string; firstName: string; lastName: string; address: string; optInCharity?: boolean };

/** For an app of a spec's own: its clock's instant (a test clock) and its mail sink's folder. */
type AppOf = { now?: Date; mailDir?: string };

/**
 * Registers a donor through the API as the wizard does, with a pledge of 5 coffees a week at
 * $3.50 to the first NZ charity; the account is not activated yet (the activation mail is sent).
 */
export async function registerDonor(request: APIRequestContext, who: NewDonor, { now = new Date() }: AppOf = {}) {
  const campaign = await expectJson<{ id: number; billing_start_date: string }>(await request.get('/api/campaign/closest/NZ'));
  const [challenge] = await expectJson<{ id: number }[]>(await request.get('/api/challenge/campaign/NZ'));
  const [recipient] = await expectJson<{ id: number; recipient_name: string }[]>(await request.get('/api/recipient/campaign/NZ'));
  const dates = remainingPaymentDates(campaign.billing_start_date, todayInCountry('NZ', now));
  const totalMinor = pledgeTotalMinor({ numberOfUnits: 5, costPerUnitMinor: 350, period: 'weekly', remainingWeeks: dates.length });

  const registered = await request.post('/api/auth/register', {
    data: {
      first_name: who.firstName,
      last_name: who.lastName,
      user_address: who.address,
      country: 'NZ',
      email: who.email,
      password: DONOR_PASSWORD,
      opt_in_uplift_comms: false,
      opt_in_charity_comms: who.optInCharity ?? false,
      terms_accepted: true,
      campaign_id: campaign.id,
      challenge_id: challenge!.id,
      recipient_id: recipient!.id,
      number_of_units: 5,
      cost_per_unit: 3.5,
      confirmed_amount: fromMinor(totalMinor),
      period: 'weekly',
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  return { campaign, recipient: recipient!, dates, totalMinor };
}

/**
 * Sets a donor up through the API as their browser would: registers (registerDonor), activates
 * with the mailed token, logs in, saves test card 4242 (or `card`) and confirms the pledge.
 */
export async function registerConfirmedDonor(request: APIRequestContext, who: NewDonor & { card?: string }, app: AppOf = {}): Promise<ConfirmedDonor> {
  const { campaign, recipient, dates, totalMinor } = await registerDonor(request, who, app);
  const mail = await waitForMail(who.email, /activate/i, app.mailDir);
  const activation = decodeURIComponent(/activate\?token=([^\s&]+)/.exec(mail.text)![1]!);
  await expectJson(await request.get(`/api/auth/activate?activation_token=${encodeURIComponent(activation)}`));

  const { access_token: token } = await expectJson<{ access_token: string }>(
    await request.post('/api/auth/login', { data: { email: who.email, password: DONOR_PASSWORD } }),
  );
  const auth = { authorization: `Bearer ${token}` };
  const { client_secret } = await expectJson<{ client_secret: string }>(await request.get('/api/payment_method/secret', { headers: auth }));
  const setup = await expectJson<{ payment_method: string }>(
    await request.post('/api/test-provider/setup/confirm', {
      headers: auth,
      data: { client_secret, number: who.card ?? '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' },
    }),
  );
  const method = await expectJson<{ id: number }>(
    await request.post('/api/payment_method', { headers: auth, data: { stripe_payment_method_id: setup.payment_method } }),
  );
  await expectJson(await request.put('/api/pledge/confirmed', { headers: auth, data: { payment_method_id: String(method.id) } }));
  return { email: who.email, token, campaignId: campaign.id, recipientName: recipient.recipient_name, dates, totalMinor };
}
