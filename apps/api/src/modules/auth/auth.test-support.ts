// Helpers for the account module's tests: a real SMTP server, captured logs, an open campaign.
import { Writable } from 'node:stream';
import { addDays, remainingPaymentDates, todayInCountry } from '@uplift/core/calendar';
import { pledgeTotalMinor } from '@uplift/core/calculator';
import { asMinor, fromMinor } from '@uplift/core/money';
import type { RegisterRequestInput } from '@uplift/core/schemas/auth';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { simpleParser } from 'mailparser';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import type { Db } from '../../db/client.ts';
import { campaigns, challenges, recipients } from '../../db/schema.ts';
import { loggerOptions } from '../../logger.ts';

export type ReceivedMail = { to: string[]; subject: string; text: string; html: string };

/** A real SMTP server on a free port that keeps what it receives. */
export async function startSmtpServer() {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = Array.isArray(mail.to) ? mail.to.flatMap((a) => a.value) : (mail.to?.value ?? []);
          mails.push({
            to: to.map((a) => a.address ?? ''),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
          });
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    mails,
    /** The newest mail to `to` whose subject matches (mail is delivered inline in tests). */
    last(to: string, subject: RegExp): ReceivedMail {
      const found = mails.filter((m) => m.to.includes(to) && subject.test(m.subject)).at(-1);
      if (!found) throw new Error(`no mail to ${to} matching ${subject}; got ${mails.map((m) => `${m.to}: ${m.subject}`).join(', ')}`);
      return found;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token a mail carries on its own line (43 URL-safe characters). */
export function tokenIn(mail: ReceivedMail): string {
  const line = mail.text.split('\n').find((l) => /^[A-Za-z0-9_-]{43}$/.test(l.trim()));
  if (!line) throw new Error(`no token line in:\n${mail.text}`);
  return line.trim();
}

/** A logger configured exactly as in production (redaction included) that keeps every line. */
export function captureLogs() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const logger = pino(loggerOptions('trace', false), stream);
  return { logger, lines };
}

/** An open NZ campaign (started, billing from two days on) and a challenge and charity it offers. */
export async function seedOpenCampaign(db: Db, now: Date) {
  const today = todayInCountry('NZ', now);
  const [campaign] = await db
    .insert(campaigns)
    .values({
      campaign_name: 'November Uplift Challenge',
      start_date: addDays(today, -3),
      end_date: addDays(today, 27),
      billing_start_date: addDays(today, 2),
      billing_cycle: 'Weekly',
      is_active: true,
      country: 'NZ',
    })
    .returning();
  const [challenge] = await db.select().from(challenges).orderBy(challenges.id).limit(1);
  const [recipient] = await db.select().from(recipients).where(eq(recipients.country, 'NZ')).orderBy(recipients.id).limit(1);
  const weeks = remainingPaymentDates(campaign!.billing_start_date, today).length;
  const total = pledgeTotalMinor({ numberOfUnits: 2, costPerUnitMinor: asMinor(500), period: 'weekly', remainingWeeks: weeks });
  return {
    campaign: campaign!,
    pledge: {
      campaign_id: campaign!.id,
      challenge_id: challenge!.id,
      recipient_id: recipient!.id,
      number_of_units: 2,
      cost_per_unit: 5,
      confirmed_amount: fromMinor(total),
      period: 'weekly' as const,
    },
    totalMinor: total,
  };
}

let counter = 0;

/** A unique, valid registration body for the given pledge. */
export function registration(
  pledge: Awaited<ReturnType<typeof seedOpenCampaign>>['pledge'],
  overrides: Partial<RegisterRequestInput> = {},
): RegisterRequestInput {
  counter += 1;
  return {
    first_name: 'Aroha',
    last_name: 'Test',
    user_address: '1 Queen Street, Auckland',
    country: 'NZ',
    email: `donor${counter}.${Date.now()}@example.org`,
    password: 'a long and memorable passphrase',
    opt_in_uplift_comms: true,
    opt_in_charity_comms: false,
    terms_accepted: true,
    ...pledge,
    ...overrides,
  };
}

type Injectable = { inject: (opts: InjectOptions) => Promise<LightMyRequestResponse> };

/** The refresh cookie an answer sets (value and attributes), if any (`__Host-`-prefixed when APP_URL is https). */
export function refreshCookieOf(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === 'uplift_refresh' || c.name === '__Host-uplift_refresh');
}

/** Registers through the API, activates with the mailed token and logs in. */
export async function signUp(
  app: Injectable,
  smtp: Awaited<ReturnType<typeof startSmtpServer>>,
  body: RegisterRequestInput,
): Promise<{ email: string; password: string; accessToken: string; refreshToken: string }> {
  const reg = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  if (reg.statusCode !== 201) throw new Error(`register: ${reg.statusCode} ${reg.body}`);
  const token = tokenIn(smtp.last(body.email, /Activate/));
  const act = await app.inject({ method: 'GET', url: `/api/auth/activate?activation_token=${token}` });
  if (act.statusCode !== 200) throw new Error(`activate: ${act.statusCode} ${act.body}`);
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: body.email, password: body.password } });
  if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
  return {
    email: body.email,
    password: body.password,
    accessToken: login.json<{ access_token: string }>().access_token,
    refreshToken: refreshCookieOf(login)!.value,
  };
}
