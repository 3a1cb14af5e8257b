import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns.table.ts';
import { recipients } from './recipients.table.ts';
import { users } from './users.table.ts';

/**
 * An update the trust sends (docs/decisions/137): to the donors of a campaign who opted in to
 * Uplift news, or, for a charity, to its donors who opted in to that charity's news. The send
 * job walks the audience by user id (`cursor_user_id`) a batch at a time through the outbox.
 */
export const newsUpdates = pgTable(
  'news_updates',
  {
    id: serial().primaryKey(),
    subject: text().notNull(),
    body: text().notNull(),
    audience: text({ enum: ['campaign', 'charity'] }).notNull(),
    campaign_id: integer().references(() => campaigns.id, { onDelete: 'restrict' }),
    recipient_id: integer().references(() => recipients.id, { onDelete: 'restrict' }),
    status: text({ enum: ['sending', 'sent'] }).notNull().default('sending'),
    /** How many the admin was shown before sending. */
    recipient_count: integer().notNull(),
    /** How many mails the job has put in the outbox so far. */
    queued_count: integer().notNull().default(0),
    cursor_user_id: integer().notNull().default(0),
    created_by: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    created_at: timestamp({ withTimezone: true }).notNull(),
    finished_at: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('news_updates_created_idx').on(t.created_at),
    check('news_updates_audience_check', sql`(${t.audience} = 'campaign' and ${t.campaign_id} is not null) or (${t.audience} = 'charity' and ${t.recipient_id} is not null)`),
    check('news_updates_status_check', sql`${t.status} in ('sending', 'sent')`),
  ],
);
