import { describe, expect, it } from 'vitest';
import { asMinor } from '@uplift/core/money';
import { renderCalendar } from './calendar.ics.ts';
import { csvDocument, csvText } from './csv.ts';

// Text from people (names, addresses, charities' names) in the files we hand out: CSV cells never
// run as formulas, and calendar text never breaks a line (docs/decisions/130, 152).

describe('csvText', () => {
  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])('neutralises a cell starting with a formula character: %j', (value) => {
    expect(csvText(value).replace(/^"|"$/g, '')).toMatch(/^'/);
  });

  it.each(['Smith;=HYPERLINK("http://x")', 'a; +1', '1 Queen St;@cmd', 'x;\t=1'])('neutralises `;`-separated content whose any part starts so: %j', (value) => {
    expect(csvText(value).replace(/^"/, '')).toMatch(/^'/);
  });

  it('strips NUL characters', () => {
    expect(csvText('Ka\u0000ren')).toBe('Karen');
    expect(csvText('\u0000=1')).toBe(`"'=1"`);
  });

  it.each([
    ['a;=1+1', `"'a;=1+1"`],
    ['a,=1+1', `"'a,=1+1"`],
    ['=1+1', `"'=1+1"`],
    ['@SUM(1)', `"'@SUM(1)"`],
    ['\t=1', `"'\t=1"`],
    ['Smith, =HYPERLINK("http://x")', `"'Smith, =HYPERLINK(""http://x"")"`],
    ['x\n+1', `"'x\n+1"`],
  ])('quotes a formula risk and prefixes it with an apostrophe: %j', (value, cell) => {
    expect(csvText(value)).toBe(cell);
  });

  /** A line as a spreadsheet splits it on `separator`, honouring quotes (RFC 4180). */
  const cellsOf = (line: string, separator: string) => {
    const cells: string[] = [];
    let cell = '';
    let quoted = false;
    for (let i = 0; i < line.length; i += 1) {
      const c = line[i]!;
      if (quoted && c === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = !quoted;
      else if (c === separator && !quoted) {
        cells.push(cell);
        cell = '';
      } else cell += c;
    }
    return [...cells, cell];
  };

  it.each([',', ';'])('leaves no cell starting with a formula character when a spreadsheet splits the file on %j', (separator) => {
    const values = ['a;=1+1', 'a,=1+1', '=1+1', '@SUM(1)', '\t=1', 'Smith;=HYPERLINK("http://x")', '1 Queen St, @cmd', 'a; -2+3'];
    const document = csvDocument(['name'], values.map((v) => [csvText(v)]));
    const cells = document.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean).flatMap((line) => cellsOf(line, separator));
    expect(cells.filter((cell) => /^\s*[=+\-@\t\r]/.test(cell))).toEqual([]);
  });

  it('writes a document: a byte-order mark, the header escaped like any cell, CRLF after every line', () => {
    expect(csvDocument(['Name', '=Total'], [[csvText('Aroha'), '17.50'], [csvText('a;=1'), '-2.00']])).toBe(`\uFEFFName,"'=Total"\r\nAroha,17.50\r\n"'a;=1",-2.00\r\n`);
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
