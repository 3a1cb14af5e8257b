// "Safe text": the one rule for every field a person types (docs/decisions/152). No zod here, so
// code that must stay light (gifts.ts, the mail layer) can use it; schemas/common.ts builds the
// zod fields on it.

/**
 * What a field may hold:
 * - `line`: one line, such as a name, a subject or a reference;
 * - `message`: one line written to people (a friend's gift message), which may hold emoji;
 * - `text`: several lines (a story, a description, a reason): '\n' only, CRLF read as '\n'.
 * `message` and `text` accept a zero-width joiner inside an emoji sequence (👩‍💻, 🏳️‍🌈), and only there.
 */
export type TextKind = 'line' | 'message' | 'text';

/**
 * Characters that show as nothing, or change how the text around them shows, refused in every kind
 * (`text` keeps '\n'): C0 controls (CR, LF and TAB among them), DEL and C1 controls; the Arabic
 * letter mark U+061C; zero-width space, non-joiner and joiner, and the left-to-right / right-to-left
 * marks (U+200B–U+200F); the line and paragraph separators and the bidi embeddings and overrides
 * (U+2028–U+202E); the word joiner, invisible operators, bidi isolates and deprecated format
 * characters (U+2060–U+206F); the zero-width no-break space / byte-order mark U+FEFF.
 */
function isRefused(code: number, keepNewline: boolean): boolean {
  if (code <= 0x1f) return !(keepNewline && code === 0x0a);
  return (
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x061c ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x2028 && code <= 0x202e) ||
    (code >= 0x2060 && code <= 0x206f) ||
    code === 0xfeff
  );
}

const holdsRefused = (text: string, keepNewline: boolean) => {
  // Every refused character is in the Basic Multilingual Plane, so UTF-16 units suffice.
  for (let i = 0; i < text.length; i += 1) if (isRefused(text.charCodeAt(i), keepNewline)) return true;
  return false;
};

/** A zero-width joiner between two pictographs (after an optional emoji presentation selector or skin tone). */
const EMOJI_JOINER = /(\p{Extended_Pictographic}(?:\uFE0F|[\u{1F3FB}-\u{1F3FF}])?)\u200D(?=\p{Extended_Pictographic})/gu;

/** Multi-line text as it is kept: CRLF read as '\n' (a lone CR stays, and is refused). */
export function normaliseLineBreaks(text: string): string {
  return text.replace(/\r\n/g, '\n');
}

/** True when `text` holds nothing its kind refuses (multi-line text is checked as normalised). */
export function isSafeText(text: string, kind: TextKind): boolean {
  const checked = kind === 'line' ? text : text.replace(EMOJI_JOINER, '$1');
  return kind === 'text' ? !holdsRefused(normaliseLineBreaks(checked), true) : !holdsRefused(checked, false);
}

/** The refusal, naming the field: "First name can't contain invisible or control characters". */
export function unsafeTextMessage(field: string, kind: TextKind): string {
  return `${field} can't contain invisible or control characters${kind === 'text' ? ' (line breaks are fine)' : ''}`;
}

/**
 * One line made safe by removing, not refusing: every refused character (a line break, a tab,
 * an override…) becomes a space, runs of spaces become one, and the ends are trimmed. For text
 * the app puts where a refusal cannot be answered, such as a mail's subject.
 */
export function toSafeLine(text: string): string {
  let line = '';
  for (let i = 0; i < text.length; i += 1) line += isRefused(text.charCodeAt(i), false) ? ' ' : text[i];
  return line.replace(/ {2,}/g, ' ').trim();
}
