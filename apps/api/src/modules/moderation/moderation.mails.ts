import { greet, type CountryCode } from '@uplift/core/countries';
import type { MailContent } from '../mail/index.ts';

// The moderation notice (docs/decisions/159; core TRANSACTIONAL_MAILS 'moderation-notice'): an
// admin hid a page or a team, or took its photo, its story, a friend's message or an update off it. It goes
// to the owner (a team's captain) with the admin's reason and how to ask for a review: a service
// mail, so it cannot be switched off.

/** What was hidden: the whole page or team, or one part of it. */
export type HiddenPart = 'whole' | 'photo' | 'story' | 'message' | 'update';

export type ModerationNoticeFacts = {
  country: CountryCode;
  firstName: string;
  kind: 'page' | 'team';
  /** The page's display name or the team's name. */
  name: string;
  part: HiddenPart;
  /** The admin's words, as they gave them (safe text, docs/decisions/152). */
  reason: string;
  /** Where the owner sees it: /my-page (a page) or the team's page. */
  editUrl: string;
  /** Where a reply or a request for a review goes (the address mails come from: config MAIL_FROM). */
  reviewAddress: string;
};

const WHAT: Record<HiddenPart, (kind: 'page' | 'team') => string> = {
  whole: (kind) => (kind === 'page' ? 'your challenge page' : 'your team'),
  photo: (kind) => (kind === 'page' ? 'the photo on your challenge page' : "your team's photo"),
  story: (kind) => (kind === 'page' ? 'the story on your challenge page' : "your team's story"),
  message: () => "a friend's message on your challenge page",
  update: () => 'one of your updates on your challenge page',
};

/** "An admin has hidden your challenge page": what, why, what it means, how to ask for a review. */
export function moderationNoticeMail(f: ModerationNoticeFacts): MailContent {
  const what = WHAT[f.part](f.kind);
  const meaning =
    f.part === 'whole'
      ? `No one but you can see ${f.kind === 'page' ? 'it' : 'the team'} until an admin reviews it. Its money still counts in every total.`
      : 'The rest stays as it was; no one but you sees what was hidden until an admin reviews it.';
  return {
    subject: `An admin has hidden ${what}`,
    greeting: `${greet(f.country, f.firstName)},`,
    paragraphs: [
      `An admin has hidden ${what} (${f.name}).`,
      `The reason they gave: "${f.reason}"`,
      meaning,
      `If you think this is a mistake, reply to this email or write to ${f.reviewAddress} to ask for a review.`,
    ],
    action: { label: f.kind === 'page' ? 'See my page' : 'See my team', url: f.editUrl },
  };
}

/** The bare address of a From header ("Uplift <hello@uplift.org.nz>" → hello@uplift.org.nz). */
export function addressOf(from: string): string {
  const inAngles = /<([^<>\s]+@[^<>\s]+)>/.exec(from);
  return inAngles ? inAngles[1]! : from.trim();
}
