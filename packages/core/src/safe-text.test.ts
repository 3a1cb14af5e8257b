import { describe, expect, it } from 'vitest';
import { isSafeText, normaliseLineBreaks, toSafeLine, unsafeTextMessage } from './safe-text.ts';

// The one safe-text rule for every field a person types (docs/decisions/152).

const hex = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** Every character the rule refuses, by class, as `[name, character]` rows for it.each. */
const rows = (chars: string[]) => chars.map((c) => [hex(c), c] as const);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i));

const C0 = range(0x00, 0x1f).filter((c) => c !== '\n');
const DEL_AND_C1 = range(0x7f, 0x9f);
const BIDI = ['\u061C', '\u200E', '\u200F', ...range(0x202a, 0x202e), ...range(0x2066, 0x2069)];
const ZERO_WIDTH = ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF'];
const SEPARATORS = ['\u2028', '\u2029'];

describe('safe text: one line (names, subjects, references)', () => {
  it.each(rows([...C0, '\n']))('refuses the C0 control %s, line breaks and tabs among them', (_, c) => {
    expect(isSafeText(`Ka${c}ren`, 'line')).toBe(false);
    expect(isSafeText(`Ka${c}ren`, 'message')).toBe(false);
  });

  it.each(rows(DEL_AND_C1))('refuses DEL and the C1 control %s', (_, c) => {
    expect(isSafeText(`Ka${c}ren`, 'line')).toBe(false);
  });

  it.each(rows(BIDI))('refuses the bidi control %s', (_, c) => {
    expect(isSafeText(`invoice${c}fdp.exe`, 'line')).toBe(false);
    expect(isSafeText(`invoice${c}fdp.exe`, 'message')).toBe(false);
  });

  it.each(rows(ZERO_WIDTH))('refuses the zero-width character %s', (_, c) => {
    expect(isSafeText(`Ad${c}min`, 'line')).toBe(false);
    expect(isSafeText(`Ad${c}min`, 'message')).toBe(false);
  });

  it.each(rows(SEPARATORS))('refuses the separator %s', (_, c) => {
    expect(isSafeText(`Hello${c}Bcc: x`, 'line')).toBe(false);
  });

  it.each(rows(range(0x2060, 0x206f)))('refuses the word joiner, invisible operator or format character %s (U+2060–U+206F, the last included)', (_, c) => {
    expect(isSafeText(`Ka${c}ren`, 'line')).toBe(false);
  });

  it('takes the text people write: macrons, accents, other scripts, emoji, typographic marks', () => {
    for (const text of ['Aroha Ngā', 'Māori ā ō — “quotes” ‘x’ …', 'Zoë Ødegård', 'محمد', 'שלום', '李小龍', 'Sam 🚴 🌏', "O'Brien-Smith", 'Ice 🧊 + coffee ☕️', 'Aroha 👋🏽'])
      expect(isSafeText(text, 'line')).toBe(true);
  });

  it('refuses a zero-width joiner in a name even between emoji, and takes it in a message only there', () => {
    expect(isSafeText('Sam 👩‍💻', 'line')).toBe(false);
    expect(isSafeText('Go Sam 👩‍💻🏳️‍🌈👨🏽‍🚒❤️‍🔥🧑‍🤝‍🧑', 'message')).toBe(true);
    expect(isSafeText('a\u200Db', 'message')).toBe(false);
    expect(isSafeText('👩\u200D', 'message')).toBe(false);
    expect(isSafeText('\u200D💻', 'message')).toBe(false);
    expect(isSafeText('👩\u200D\u200D💻', 'message')).toBe(false);
  });
});

describe('safe text: several lines (stories, descriptions, reasons)', () => {
  it('keeps line breaks, and reads CRLF as one', () => {
    expect(isSafeText('First paragraph.\n\nSecond one.', 'text')).toBe(true);
    expect(isSafeText('First paragraph.\r\n\r\nSecond one.', 'text')).toBe(true);
    expect(normaliseLineBreaks('a\r\nb\r\n\r\nc')).toBe('a\nb\n\nc');
  });

  it.each(rows(C0))('refuses every other C0 control, %s (a tab, a lone CR) included', (_, c) => {
    expect(isSafeText(`line one\n${c}line two`, 'text')).toBe(false);
  });

  it.each(rows([...DEL_AND_C1, ...BIDI, '\u200B', '\u200C', '\u2060', '\uFEFF', ...SEPARATORS]))('refuses %s', (_, c) => {
    expect(isSafeText(`line one\nline${c} two`, 'text')).toBe(false);
  });

  it('takes emoji sequences joined by a zero-width joiner, and no other joiner', () => {
    expect(isSafeText('We did it! 🎉\nThe whole family ran: 👨‍👩‍👧‍👦 🏳️‍🌈 👁️‍🗨️', 'text')).toBe(true);
    expect(isSafeText('Pay\u200Dpal', 'text')).toBe(false);
  });
});

describe('the words of a refusal', () => {
  it('name the field, and say line breaks are fine where they are', () => {
    expect(unsafeTextMessage('First name', 'line')).toBe("First name can't contain invisible or control characters");
    expect(unsafeTextMessage('message', 'message')).toBe("message can't contain invisible or control characters");
    expect(unsafeTextMessage('Story', 'text')).toBe("Story can't contain invisible or control characters (line breaks are fine)");
  });
});

describe('toSafeLine (what the app writes where no refusal can be answered: a mail subject)', () => {
  it('turns every refused character into one space and trims the ends', () => {
    expect(toSafeLine('News\r\nBcc: everyone@example.org')).toBe('News Bcc: everyone@example.org');
    expect(toSafeLine('\u202Egnp.exe\u2028 update\t')).toBe('gnp.exe update');
    expect(toSafeLine('Kia ora — Māori 🎉')).toBe('Kia ora — Māori 🎉');
  });
});
