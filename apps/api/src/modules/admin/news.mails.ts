import { BRAND } from '@uplift/core/brand';
import { greet, type CountryCode } from '@uplift/core/countries';
import type { MailContent, UnsubscribeLinks } from '../mail/index.ts';

/**
 * A news update as one donor gets it (docs/decisions/137): marketing under UEMA and PECR, so it
 * names who sent it and why the donor gets it, and carries the one-click unsubscribe link and
 * headers (decision 136). Paragraphs are the admin's text split at blank lines.
 */
export function newsMail(input: {
  firstName: string;
  country: CountryCode;
  subject: string;
  text: string;
  /** 'Uplift' or the charity's name: whose news the donor asked for. */
  from: string;
  unsubscribe: UnsubscribeLinks;
}): MailContent {
  const paragraphs = input.text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, ' ').trim())
    .filter(Boolean);
  return {
    subject: input.subject,
    greeting: `${greet(input.country, input.firstName)},`,
    paragraphs: [...paragraphs, `You get this because you asked for news from ${input.from} when you took part in ${BRAND.product}.`],
    unsubscribe: { label: `Stop news from ${input.from}`, url: input.unsubscribe.page },
    listUnsubscribe: input.unsubscribe.oneClick,
  };
}
