import { addDays, type IsoDate, startOfDayInstant, todayIn } from '@uplift/core/calendar';
import { COUNTRIES, type CountryCode } from '@uplift/core/countries';
import { asMinor, formatMoney, fromMinor, parseAmountInput } from '@uplift/core/money';
import { MATCH_CAP_MAX, MATCH_CAP_MIN, matchCreateSchema, matchUpdateSchema, type AdminMatch, type MatchCreate, type MatchUpdate } from '@uplift/core/schemas/match';

// The admin's match form as its inputs hold it, and the requests made of it (docs/decisions/162):
// the cap is typed as an amount of the campaign's currency, the start and end as days of the
// campaign's country (a match runs from the start of its first day to the end of its last).

export type Narrowing = 'campaign' | 'charity' | 'team' | 'page';

export type MatchFormValues = {
  sponsor_name: string;
  sponsor_link: string;
  ratio: '1' | '2' | '3';
  cap: string;
  starts_on: string;
  ends_on: string;
  applies_to: 'gifts' | 'payments' | 'both';
  narrow: Narrowing;
  recipient_id: string;
  team_slug: string;
  page_slug: string;
};
export type MatchFormField = keyof MatchFormValues;

/** A field's problem, to show at it. */
export type FieldProblem = { field: MatchFormField; message: string };

export const capMessage = (country: CountryCode) => `Cap: an amount from ${formatMoney(asMinor(MATCH_CAP_MIN), country)} to ${formatMoney(asMinor(MATCH_CAP_MAX), country)}`;

const timeZone = (country: CountryCode) => COUNTRIES[country].timeZone;

/** The instant a day begins in the campaign's country. */
export function dayStart(day: string, country: CountryCode): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? startOfDayInstant(day as IsoDate, timeZone(country)).toISOString() : day;
}

/** The last second of a day in the campaign's country. */
export function dayEnd(day: string, country: CountryCode): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  return new Date(startOfDayInstant(addDays(day as IsoDate, 1), timeZone(country)).getTime() - 1000).toISOString();
}

/** The day an instant falls on in the campaign's country. */
export function dayOf(instant: string, country: CountryCode): IsoDate {
  return todayIn(timeZone(country), new Date(instant));
}

export function emptyMatchForm(country: CountryCode, campaignEnd: string | null, now: Date): MatchFormValues {
  const today = todayIn(timeZone(country), now);
  return {
    sponsor_name: '',
    sponsor_link: '',
    ratio: '1',
    cap: '',
    starts_on: today,
    ends_on: campaignEnd && campaignEnd >= today ? campaignEnd : addDays(today, 30),
    applies_to: 'both',
    narrow: 'campaign',
    recipient_id: '',
    team_slug: '',
    page_slug: '',
  };
}

/** The cap as typed, in minor units (NaN when it is not an amount, so the schema refuses it). */
function capMinor(cap: string): number {
  return parseAmountInput(cap.trim()) ?? Number.NaN;
}

const optional = (s: string) => (s.trim() === '' ? undefined : s.trim());

/** The request a filled-in form makes. */
export function createRequestOf(form: MatchFormValues, country: CountryCode): MatchCreate {
  return {
    sponsor_name: form.sponsor_name,
    sponsor_link: optional(form.sponsor_link),
    ratio: Number(form.ratio) as 1 | 2 | 3,
    cap_minor: capMinor(form.cap),
    starts_at: dayStart(form.starts_on, country),
    ends_at: dayEnd(form.ends_on, country),
    applies_to: form.applies_to,
    recipient_id: form.narrow === 'charity' ? (form.recipient_id === '' ? Number.NaN : Number(form.recipient_id)) : undefined,
    team_slug: form.narrow === 'team' ? form.team_slug : undefined,
    page_slug: form.narrow === 'page' ? form.page_slug : undefined,
  };
}

/** An edit form: what may change once a match runs. */
export type MatchEditValues = Pick<MatchFormValues, 'sponsor_name' | 'sponsor_link' | 'cap' | 'ends_on'>;

export function editFormOf(match: AdminMatch, country: CountryCode): MatchEditValues {
  return {
    sponsor_name: match.sponsor_name,
    sponsor_link: match.sponsor_link ?? '',
    cap: fromMinor(asMinor(match.cap_minor)).toFixed(2),
    ends_on: dayOf(match.ends_at, country),
  };
}

/** Only what changed is sent; a cleared link is sent as null (the logo is a file of its own: decision 169). */
export function updateRequestOf(form: MatchEditValues, match: AdminMatch, country: CountryCode): MatchUpdate {
  const body: MatchUpdate = {};
  if (form.sponsor_name.trim() !== match.sponsor_name) body.sponsor_name = form.sponsor_name;
  const link = optional(form.sponsor_link) ?? null;
  if (link !== match.sponsor_link) body.sponsor_link = link;
  const cap = capMinor(form.cap);
  if (cap !== match.cap_minor) body.cap_minor = cap;
  if (form.ends_on !== dayOf(match.ends_at, country)) body.ends_at = dayEnd(form.ends_on, country);
  return body;
}

/** Where a request field's problem is shown on the form. */
const FIELD_OF: Record<string, MatchFormField> = {
  sponsor_name: 'sponsor_name',
  sponsor_link: 'sponsor_link',
  ratio: 'ratio',
  cap_minor: 'cap',
  starts_at: 'starts_on',
  ends_at: 'ends_on',
  applies_to: 'applies_to',
  recipient_id: 'recipient_id',
  team_slug: 'team_slug',
  page_slug: 'page_slug',
};

/**
 * The problems of a request's fields (the API's `errors`, or core's schema run here first), each at
 * its form field, in the form's words for the cap (an amount, not minor units). The rest (a
 * problem of the whole request) comes back apart.
 */
export function fieldProblemsOf(errors: { path: string; message: string }[], country: CountryCode): { fields: FieldProblem[]; other: string[] } {
  const fields: FieldProblem[] = [];
  const other: string[] = [];
  for (const e of errors) {
    const field = FIELD_OF[e.path.split('.')[0] ?? ''];
    if (!field) other.push(e.message);
    else if (!fields.some((f) => f.field === field)) fields.push({ field, message: field === 'cap' ? capMessage(country) : e.message });
  }
  return { fields, other };
}

const issuesOf = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) => issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));

/** Core's create schema, run before anything is sent: the same words as the API's. */
export function checkCreate(body: MatchCreate, country: CountryCode) {
  const parsed = matchCreateSchema.safeParse(body);
  return parsed.success ? null : fieldProblemsOf(issuesOf(parsed.error.issues), country);
}

export function checkUpdate(body: MatchUpdate, country: CountryCode) {
  const parsed = matchUpdateSchema.safeParse(body);
  return parsed.success ? null : fieldProblemsOf(issuesOf(parsed.error.issues), country);
}
