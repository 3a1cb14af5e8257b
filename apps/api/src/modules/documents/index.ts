// The documents module's public face: what other modules, app.ts, jobs and the CLI may use (docs/architecture.md).
export { calendarFilename, renderCalendar } from './calendar.ics.ts';
export { csvDocument, csvText, decimalText } from './csv.ts';
export { receiptFilename, renderReceiptPdf, revisedReceiptNumber, type ReceiptFacts } from './receipt.pdf.ts';
