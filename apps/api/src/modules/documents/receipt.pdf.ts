import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { formatLongDate, type IsoDate } from '@uplift/core/calendar';
import { COUNTRIES, type CountryCode } from '@uplift/core/countries';
import { notEligibleForGiftAid } from '@uplift/core/gift-aid';
import { type Minor, asMinor, formatMoney, sumMinor } from '@uplift/core/money';
import PDFDocument from 'pdfkit';
import type { ReceiptConfig } from '../../config.ts';

// The PDF receipt of one pledge (docs/decisions/080, 081): every successful payment with its
// receipt number, date and amount, the total and the charity. NZ receipts carry what Inland
// Revenue asks of a donation receipt when the trust's tax-credit wording is on; UK ones do not
// (no Gift Aid: docs/decisions/081).

export type ReceiptFacts = {
  donorName: string;
  donorAddress: string;
  country: CountryCode;
  campaignName: string;
  recipientName: string;
  pledgeId: number;
  /**
   * A friend's gift on a challenge page (docs/decisions/138): the receipt is for that one gift, in the
   * friend's name, and says whose page it was given on (instead of naming a pledge).
   */
  gift?: { id: number; pageOf: string };
  issuedOn: IsoDate;
  /**
   * Each Success payment. `feeCoverMinor`: the part of the donation that covered the card fee
   * (docs/decisions/135), shown on its own line. `refundedMinor` is what was refunded of it and
   * `revision` how many refunds went through (docs/decisions/132-refunds.md): a refunded payment
   * keeps its receipt number with a revision mark ('NZ-2026-000123-R1') and counts net of its refunds.
   */
  payments: { receiptNumber: string; date: IsoDate; amountMinor: Minor; feeCoverMinor?: Minor; refundedMinor?: Minor; revision?: number }[];
};

/** A payment's receipt number as this receipt prints it: with '-R<n>' once n refunds corrected it. */
export function revisedReceiptNumber(p: { receiptNumber: string; revision?: number }): string {
  return p.revision ? `${p.receiptNumber}-R${p.revision}` : p.receiptNumber;
}

// pdfkit's built-in fonts cover Windows-1252 only and print ā as a, so "Tāne" or "Aotearoa" with
// its macrons would be misspelt: the receipt embeds Source Sans 3 (Adobe, SIL Open Font License,
// npm package `source-sans`), whose Latin Extended coverage includes every macron of te reo Māori.
// pdfkit subsets it, so a receipt carries only the glyphs it uses.
const FONT_DIR = path.join(path.dirname(createRequire(import.meta.url).resolve('source-sans/package.json')), 'TTF');
let fonts: { regular: Buffer; bold: Buffer } | undefined;
/** Read once per process: every receipt (and the final payment's mail) embeds the same two files. */
function receiptFonts() {
  fonts ??= {
    regular: withoutLayoutTables(readFileSync(path.join(FONT_DIR, 'SourceSans3-Regular.ttf'))),
    bold: withoutLayoutTables(readFileSync(path.join(FONT_DIR, 'SourceSans3-Bold.ttf'))),
  };
  return fonts;
}

const LAYOUT_TABLES = new Set(['GSUB', 'GPOS', 'GDEF', 'kern']);
/**
 * The font with its OpenType layout tables renamed out of sight. Reading them cost about 13 ms per
 * font per receipt (fontkit parses them again for every document), which billing pays for every
 * final payment; a receipt needs no kerning or ligatures, and text is NFC-normalised, so every
 * macron is a precomposed glyph found through the character map.
 */
export function withoutLayoutTables(font: Buffer): Buffer {
  const out = Buffer.from(font);
  const tableCount = out.readUInt16BE(4);
  for (let i = 0; i < tableCount; i += 1) {
    const at = 12 + i * 16; // the sfnt table directory: 16-byte records after a 12-byte header
    const tag = out.toString('latin1', at, at + 4);
    if (LAYOUT_TABLES.has(tag)) out.write(`x${tag.slice(1).toLowerCase()}`, at, 'latin1');
  }
  return out;
}

export function receiptFilename(facts: Pick<ReceiptFacts, 'pledgeId' | 'gift'>): string {
  return facts.gift ? `uplift-receipt-gift-${facts.gift.id}.pdf` : `uplift-receipt-pledge-${facts.pledgeId}.pdf`;
}

export function renderReceiptPdf(facts: ReceiptFacts, org: ReceiptConfig): Promise<Buffer> {
  const money = (minor: Minor) => formatMoney(minor, facts.country, { code: true });
  const taxWording = facts.country === 'NZ' && org.taxCredit;
  const gross = (p: ReceiptFacts['payments'][number]) => asMinor(p.amountMinor + (p.feeCoverMinor ?? 0));
  const net = (p: ReceiptFacts['payments'][number]) => asMinor(gross(p) - (p.refundedMinor ?? 0));
  const total = sumMinor(facts.payments.map(net));
  const corrected = facts.payments.some((p) => (p.revision ?? 0) > 0);
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: facts.gift ? `Donation receipt, gift ${facts.gift.id}` : `Donation receipt, pledge ${facts.pledgeId}`, Author: org.trustName } });
  const { regular, bold } = receiptFonts();
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const line = (text: string, opts: { bold?: boolean; size?: number; gap?: number } = {}) => {
    doc.font(opts.bold ? 'bold' : 'regular').fontSize(opts.size ?? 11).text(text.normalize('NFC'));
    if (opts.gap) doc.moveDown(opts.gap);
  };

  line(org.trustName, { bold: true, size: 16 });
  if (taxWording) {
    line(`IRD number: ${org.irdNumber}`);
    line(`Charities Services registration number: ${org.charitiesNumber}`);
  }
  doc.moveDown(1);
  line(corrected ? 'Corrected donation receipt' : 'Donation receipt', { bold: true, size: 20, gap: 0.5 });
  line(`Date of issue: ${formatLongDate(facts.issuedOn)}`);
  line(`Receipt numbers: ${facts.payments.map(revisedReceiptNumber).join(', ')}`, { gap: corrected ? 0.5 : 1 });
  if (corrected) {
    line('This receipt replaces the one issued before: the receipt numbers marked -R1, -R2 … were corrected for money refunded to you, and count net of those refunds.', { gap: 1 });
  }

  line('Received from', { bold: true });
  line(facts.donorName);
  if (facts.donorAddress) line(facts.donorAddress);
  line(COUNTRIES[facts.country].name, { gap: 1 });

  line('For', { bold: true });
  line(
    facts.gift
      ? `A gift to ${facts.recipientName} through the ${facts.campaignName}, given on ${facts.gift.pageOf}'s challenge page.`
      : `A donation to ${facts.recipientName} through the ${facts.campaignName} (pledge ${facts.pledgeId}).`,
    { gap: 1 },
  );

  line('Donations received', { bold: true, gap: 0.3 });
  const x = doc.page.margins.left;
  const cols = [x, x + 150, x + 340];
  const row = (cells: [string, string, string], bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'bold' : 'regular').fontSize(11);
    doc.text(cells[0], cols[0], y, { width: 145 });
    doc.text(cells[1], cols[1], y, { width: 185 });
    doc.text(cells[2], cols[2], y, { width: 150, align: 'right' });
    doc.x = x;
    doc.moveDown(0.3);
  };
  row(['Receipt number', 'Date of donation', 'Amount'], true);
  for (const p of facts.payments) {
    const refunded = p.refundedMinor ?? 0;
    row([revisedReceiptNumber(p), formatLongDate(p.date), refunded > 0 ? `${money(net(p))} (${money(gross(p))} less ${money(asMinor(refunded))} refunded)` : money(gross(p))]);
    if (p.feeCoverMinor) row(['', 'of which card fee cover', money(p.feeCoverMinor)]);
  }
  row(['Total donated', '', money(total)], true);
  doc.moveDown(1);

  if (taxWording) {
    line(
      `This is a receipt for a donation: a gift of money for which no goods or services were received in return. ${org.trustName} is an approved donee organisation; this receipt may be used to claim a donation tax credit from Inland Revenue.`,
      { gap: 1 },
    );
    line(`Authorised by ${org.signatoryName}, ${org.signatoryTitle}, for ${org.trustName}.`);
  } else {
    line(`Thank you for your donation. ${org.trustName} acknowledges the donations listed above.`, { gap: 0.5 });
    if (facts.country === 'UK') {
      line(notEligibleForGiftAid(org.trustName, 'these donations'));
    }
  }
  doc.end();
  return done;
}
