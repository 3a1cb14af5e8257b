import { describe, expect, it } from 'vitest';
import { asMinor } from '@uplift/core/money';
import { renderCalendar } from './calendar.ics.ts';
import { csvText } from './csv.ts';

// Text from people (names, addresses, charities' names) in the files we hand out: CSV cells never
// run as formulas, and calendar text never breaks a line (docs/decisions/130).

describe('csvText', () => {
  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])('neutralises a cell starting with a formula character: %j', (value) => {
    expect(csvText(value).replace(/^"|"$/g, '')).toMatch(/^'/);
  });

  it.each(['Smith;=HYPERLINK("http://x")', 'a; +1', '1 Queen St;@cmd', 'x;\t=1'])('neutralises `;`-separated content whose any part starts so: %j', (value) => {
    expect(csvText(value).replace(/^"/, '')).toMatch(/^'/);
  });

  it('strips NUL characters', () => {
    expect(csvText('Ka\u0000ren')).toBe('Karen');
    expect(csvText('\u0000=1')).toBe("'=1");
  });

  it('leaves ordinary text alone, quoting only what needs it', () => {
    expect(csvText('Aroha Test')).toBe('Aroha Test');
    expect(csvText('1 Queen Street; Auckland')).toBe('1 Queen Street; Auckland');
    expect(csvText('Smith, "Jo"')).toBe('"Smith, ""Jo"""');
  });
});

describe('calendar text', () => {
  const calendar = (recipientName: string) =>
    renderCalendar(
      { country: 'NZ', recipientName, host: 'uplift.example', payments: [{ id: 1, date: '2026-11-30', amountMinor: asMinor(1750), number: 1, count: 4 }] },
      new Date('2026-11-23T09:00:00.000Z'),
    );

  it('escapes a lone CR as a line break and drops other control characters', () => {
    const ics = calendar('Kids\rCan\u0000 Help\u001b');
    // Every line ends CRLF; no CR or control character is left inside a line.
    for (const line of ics.split('\r\n')) expect([...line].filter((ch) => ch !== '\t' && (ch < ' ' || ch === '\u007F'))).toEqual([]);
    expect(ics.replace(/\r\n /g, '')).toContain('Kids\\nCan Help');
  });

  it('escapes CRLF and LF as before', () => {
    expect(calendar('A\r\nB\nC').replace(/\r\n /g, '')).toContain('A\\nB\\nC');
  });
});
