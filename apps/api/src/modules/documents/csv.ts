// RFC 4180 CSV, safe to open in a spreadsheet (docs/decisions/152).

const NEEDS_QUOTES = /[",\r\n]/;
// A cell starting with one of these is run as a formula by spreadsheets (CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;
// Where a spreadsheet may start a new cell: its list separator (`,`, or `;` in locales that write
// decimals with a comma), a tab, or a line break.
const SEPARATOR = /[;,\t\r\n]/;

/**
 * A value is a formula risk when it, or any part of it after a separator (leading spaces aside),
 * starts with a formula character: `=1+1`, `a;=1+1`, `a, @SUM(1)`.
 */
const looksLikeFormula = (value: string) => FORMULA_START.test(value) || value.split(SEPARATOR).some((part) => FORMULA_START.test(part.trimStart()));

/**
 * One text cell: NUL characters are removed; a value that looks like a formula is neutralised
 * with a leading apostrophe and always quoted (so no separator inside it starts a cell of its
 * own); any other value is quoted only if it needs it.
 */
export function csvText(value: string): string {
  const clean = value.replaceAll('\u0000', '');
  if (looksLikeFormula(clean)) return `"'${clean.replace(/"/g, '""')}"`;
  return NEEDS_QUOTES.test(clean) ? `"${clean.replace(/"/g, '""')}"` : clean;
}

/** Rows of already-escaped cells, CRLF line endings, with a byte-order mark so spreadsheets read UTF-8 (ā, ō). */
export function csvDocument(header: string[], rows: string[][]): string {
  const lines = [header.map(csvText), ...rows].map((cells) => cells.join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Amount cells are core's decimal text: '17.50', '-12.05' (numbers only: never a formula). */
export { decimalText } from '@uplift/core/money';
