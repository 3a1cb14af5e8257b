import { addDays, parseIsoDate, type IsoDate } from '@uplift/core/calendar';
import { COUNTRIES, type CountryCode } from '@uplift/core/countries';
import { formatMoney, type Minor } from '@uplift/core/money';

// "Add to calendar" (decision 083): an RFC 5545 calendar with one all-day event per remaining
// payment. A payment's UID is derived from its id, so importing the file again updates the
// events instead of adding copies (docs/decisions/083).

export type CalendarFacts = {
  country: CountryCode;
  recipientName: string;
  host: string;
  payments: { id: number; date: IsoDate; amountMinor: Minor; number: number; count: number }[];
};

const compact = (d: IsoDate) => {
  const { year, month, day } = parseIsoDate(d);
  return `${year}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}`;
};

/**
 * RFC 5545 §3.3.11: backslash, semicolon, comma and line breaks (CRLF, LF or a lone CR) are
 * escaped in TEXT values; any other control character (TEXT allows none but tab) is dropped.
 */
function escapeText(s: string): string {
  return s
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .split('')
    .filter((ch) => ch === '\t' || (ch >= ' ' && ch !== '\u007F'))
    .join('');
}

/** RFC 5545 §3.1: lines longer than 75 octets are folded (CRLF and a space), never inside a character. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    if (bytes + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      bytes = 0;
    }
    current += ch;
    bytes += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

function stamp(now: Date): string {
  return now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

export function calendarFilename(pledgeId: number): string {
  return `uplift-payments-pledge-${pledgeId}.ics`;
}

export function renderCalendar(facts: CalendarFacts, now: Date): string {
  const { timeZone } = COUNTRIES[facts.country];
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Uplift Charitable Trust//Uplift//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', `X-WR-TIMEZONE:${timeZone}`];
  for (const p of facts.payments) {
    const amount = formatMoney(p.amountMinor, facts.country, { code: true });
    lines.push(
      'BEGIN:VEVENT',
      `UID:uplift-payment-${p.id}@${facts.host}`,
      `DTSTAMP:${stamp(now)}`,
      `DTSTART;VALUE=DATE:${compact(p.date)}`,
      `DTEND;VALUE=DATE:${compact(addDays(p.date, 1))}`,
      `SUMMARY:${escapeText(`Uplift payment ${p.number} of ${p.count}: ${amount} to ${facts.recipientName}`)}`,
      `DESCRIPTION:${escapeText(`Your weekly Uplift payment of ${amount} to ${facts.recipientName} is taken on this day (${timeZone} time).`)}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(fold).join('\r\n') + '\r\n';
}
