// RFC 4180 CSV, safe to open in a spreadsheet.

const NEEDS_QUOTES = /[",\r\n]/;
// A cell starting with one of these is run as a formula by spreadsheets (CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Spreadsheets that split on `;` see each part as a cell of its own: a value is a formula risk
 * when it, or any `;`-separated part of it (leading spaces aside), starts with a formula character.
 */
const looksLikeFormula = (value: string) => FORMULA_START.test(value) || value.split(';').some((part) => FORMULA_START.test(part.trimStart()));

/**
 * One text cell: NUL characters are removed, a value that looks like a formula is neutralised
 * with a leading apostrophe, then the cell is quoted if needed.
 */
export function csvText(value: string): string {
  const clean = value.replaceAll('\u0000', '');
  const safe = looksLikeFormula(clean) ? `'${clean}` : clean;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows of already-escaped cells, CRLF line endings, with a byte-order mark so spreadsheets read UTF-8 (ā, ō). */
export function csvDocument(header: string[], rows: string[][]): string {
  const lines = [header.map(csvText), ...rows].map((cells) => cells.join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Amount cells are core's decimal text: '17.50', '-12.05' (numbers only: never a formula). */
export { decimalText } from '@uplift/core/money';
