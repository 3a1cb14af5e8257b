import { COUNTRY_CODES } from '@uplift/core/countries';
import type { NewsDraft, NewsPreview, NewsSend, NewsUpdate } from '@uplift/core/schemas/news';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Queue } from '../../queue/queue.ts';
import { withAudit } from '../audit/index.ts';
import { renderMailText, unsubscribeLinks, type Mailer } from '../mail/index.ts';
import { adminErrors } from './admin.errors.ts';
import { newsMail } from './news.mails.ts';
import * as repo from './news.repository.ts';

// News the trust sends (docs/decisions/137): preview per country with the count, then the send, audited;
// the mails go into the outbox a batch at a time by the `news.send` job, at a steady rate.

export const NEWS_SEND_JOB = 'news.send';

/** How many mails one batch puts in the outbox, and how long the job waits before the next batch. */
export const NEWS_PACE = { batchSize: 500, everySeconds: 5 } as const;

export type NewsDeps = {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  queue: Queue | undefined;
  log: { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
  config: Pick<Config, 'appUrl' | 'mailLinks'>;
  pace?: { batchSize: number; everySeconds: number };
};

const kindOf = (draft: Pick<NewsDraft, 'audience'>) => (draft.audience.kind === 'campaign' ? ('uplift_news' as const) : ('charity_news' as const));

async function fromOf(db: Db, draft: Pick<NewsDraft, 'audience'>): Promise<string> {
  const found = await repo.audienceExists(db, draft.audience);
  if (!found) throw adminErrors.newsAudienceUnknown();
  return found.charityName ?? 'Uplift';
}

/** What would go: how many donors would get it now, and the mail as a donor of each country would see it. */
export async function previewNews(deps: Pick<NewsDeps, 'db' | 'config'>, draft: NewsDraft): Promise<NewsPreview> {
  const from = await fromOf(deps.db, draft);
  const recipients = await repo.countAudience(deps.db, draft.audience);
  const sample = { page: `${deps.config.appUrl}/unsubscribe?token=…`, oneClick: `${deps.config.appUrl}/api/unsubscribe?token=…` };
  return {
    recipients,
    previews: COUNTRY_CODES.map((country) => {
      const mail = renderMailText(newsMail({ firstName: 'Alex', country, subject: draft.subject, text: draft.text, from, unsubscribe: sample }));
      return { country, subject: mail.subject, text: mail.text };
    }),
  };
}

const toJson = (row: NonNullable<Awaited<ReturnType<typeof repo.findNewsUpdate>>>): NewsUpdate => ({
  id: row.id,
  subject: row.subject,
  status: row.status,
  recipients: row.recipient_count,
  queued: row.queued_count,
  created_at: row.created_at.toISOString(),
  finished_at: row.finished_at?.toISOString() ?? null,
});

/**
 * Records the update and its audit row in the admin's transaction (the caller's `auditedAction`),
 * refusing it if the audience is not the size the admin was shown. The sending starts after the
 * commit (`startNews`).
 */
export async function createNews(tx: Db, now: Date, adminId: number, input: NewsSend) {
  await fromOf(tx, input);
  const count = await repo.countAudience(tx, input.audience);
  if (count !== input.recipients) throw adminErrors.newsAudienceChanged({ count: String(count) });
  const id = await repo.insertNewsUpdate(tx, {
    subject: input.subject,
    body: input.text,
    audience: input.audience.kind,
    campaign_id: input.audience.kind === 'campaign' ? input.audience.campaign_id : null,
    recipient_id: input.audience.kind === 'charity' ? input.audience.recipient_id : null,
    recipient_count: count,
    created_by: adminId,
    created_at: now,
  });
  return withAudit(id, { action: 'news.send', target: `news:${id}`, after: { subject: input.subject, audience: input.audience, recipients: count } });
}

/** Starts sending: the job's first batch now, or, without a queue (tests, tools), every batch inline. */
export async function startNews(deps: NewsDeps, id: number): Promise<NewsUpdate> {
  if (deps.queue) {
    await deps.queue.send(NEWS_SEND_JOB, { newsId: id }, { retryLimit: 5, retryDelay: 30, singletonKey: `news-${id}` });
  } else {
    while (!(await sendNewsBatch(deps, id)).done);
  }
  return getNews(deps, id);
}

export async function getNews(deps: Pick<NewsDeps, 'db'>, id: number): Promise<NewsUpdate> {
  const row = await repo.findNewsUpdate(deps.db, id);
  if (!row) throw adminErrors.newsNotFound();
  return toJson(row);
}

export async function listNews(deps: Pick<NewsDeps, 'db'>): Promise<NewsUpdate[]> {
  return (await repo.listNewsUpdates(deps.db, 50)).map(toJson);
}

/**
 * One batch: claims the next donors of the audience (the cursor moves and commits first), then
 * puts one mail each in the outbox. Whoever unsubscribed meanwhile is no longer in the audience.
 * At most once: a crash between the claim and the mails loses the rest of that batch (logged),
 * it never mails a donor twice.
 */
export async function sendNewsBatch(deps: NewsDeps, id: number): Promise<{ done: boolean; queued: number }> {
  const { batchSize } = deps.pace ?? NEWS_PACE;
  const claimed = await deps.db.transaction(async (tx) => {
    const row = await repo.lockSendingNews(tx, id);
    if (!row) return undefined;
    const audience =
      row.audience === 'campaign' ? { kind: 'campaign' as const, campaign_id: row.campaign_id! } : { kind: 'charity' as const, recipient_id: row.recipient_id! };
    const batch = await repo.audienceBatch(tx, audience, row.cursor_user_id, batchSize);
    const done = batch.length < batchSize;
    await repo.advanceNews(tx, id, { cursor_user_id: batch.at(-1)?.id ?? row.cursor_user_id, queued: batch.length, finishedAt: done ? deps.clock.now() : null });
    return { row, audience, batch, done };
  });
  if (!claimed) return { done: true, queued: 0 };
  const { row, audience, batch, done } = claimed;
  const from = await fromOf(deps.db, { audience });
  const now = deps.clock.now();
  let sent = 0;
  try {
    for (const donor of batch) {
      const links = await unsubscribeLinks({ key: deps.config.mailLinks.key, appUrl: deps.config.appUrl, now }, donor.id, kindOf({ audience }));
      await deps.mailer.send(donor.email, 'news', newsMail({ firstName: donor.first_name, country: donor.country, subject: row.subject, text: row.body, from, unsubscribe: links }));
      sent += 1;
    }
  } catch (err) {
    deps.log.error({ err, newsId: id, lost: batch.length - sent }, 'news batch stopped part way; the rest of this batch is not sent');
  }
  deps.log.info({ newsId: id, queued: sent, done }, 'news batch in the outbox');
  return { done, queued: sent };
}

/** The job: one batch, then the next one `everySeconds` later, until the audience is done. */
export async function registerNewsJob(deps: NewsDeps & { queue: Queue }): Promise<void> {
  const { everySeconds } = deps.pace ?? NEWS_PACE;
  await deps.queue.createQueue(NEWS_SEND_JOB);
  await deps.queue.work<{ newsId: number }>(NEWS_SEND_JOB, async (jobs) => {
    for (const job of jobs) {
      const { done } = await sendNewsBatch(deps, job.data.newsId);
      if (!done) await deps.queue.send(NEWS_SEND_JOB, { newsId: job.data.newsId }, { startAfter: everySeconds, retryLimit: 5, retryDelay: 30 });
    }
  });
}
