import { BRAND } from '@uplift/core/brand';
import { toSafeLine } from '@uplift/core/safe-text';

export type MailContent = {
  /**
   * One line. Built only from safe one-line text (docs/decisions/152); as a second net, a line
   * break, tab or invisible character that still gets here becomes a space, so no text can add a
   * header or a second line to the Subject.
   */
  subject: string;
  /** Opening line, e.g. "Kia ora Sam," */
  greeting: string;
  paragraphs: string[];
  /** A value the reader must copy (a token), shown on its own line. */
  code?: string;
  action?: { label: string; url: string };
  /** A second, lighter invitation under the action: a line and its link (the confirmed pledge's "make your page", docs/decisions/167). */
  invite?: { text: string; label: string; url: string };
  /** Rows of a small table (label, value), e.g. a payment schedule. */
  rows?: [string, string][];
  /**
   * An optional mail, or a mail with an optional part, carries its one-click unsubscribe link
   * (docs/decisions/136): shown above the footer, naming what it stops.
   */
  unsubscribe?: { label: string; url: string };
  /**
   * A wholly optional mail's RFC 8058 one-click target (`{APP_URL}/api/unsubscribe?token=…`): sent as
   * List-Unsubscribe with List-Unsubscribe-Post. Never on a transactional mail.
   */
  listUnsubscribe?: string;
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Renders one mail as plain text and HTML with the trust's name and footer. */
export function renderMail(content: MailContent): { subject: string; text: string; html: string } {
  const footer = `${BRAND.operator} · ${BRAND.contactEmail}`;
  const text = [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.code ? [content.code, ''] : []),
    ...(content.rows ? [...content.rows.map(([k, v]) => `${k}: ${v}`), ''] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.invite ? [content.invite.text, `${content.invite.label}: ${content.invite.url}`, ''] : []),
    ...(content.unsubscribe ? [`${content.unsubscribe.label}: ${content.unsubscribe.url}`, ''] : []),
    '—',
    footer,
  ].join('\n');

  // Fluid up to 560 px (most donors read mail on a phone; e2e/specs/mail-layout.spec.ts checks 360 px);
  // Outlook for Windows ignores max-width, so it gets a fixed 560 px table of its own.
  const html = `<!doctype html><html lang="en"><body style="margin:0;background:#f6f4ef;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:16px 8px">
<!--[if mso]><table role="presentation" width="560" cellpadding="0" cellspacing="0"><tr><td><![endif]-->
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;padding:24px">
<tr><td><p style="font-size:22px;font-weight:bold;color:#0b5d4b;margin:0 0 24px">${escapeHtml(BRAND.product)}</p>
<p>${escapeHtml(content.greeting)}</p>
${content.paragraphs.map((p) => `<p style="line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
${content.code ? `<p style="font-family:monospace;font-size:18px;background:#f0f4f8;padding:12px;word-break:break-all">${escapeHtml(content.code)}</p>` : ''}
${
  content.rows
    ? `<table role="presentation" cellpadding="6" style="border-collapse:collapse">${content.rows
        .map(([k, v]) => `<tr><td style="color:#52606d">${escapeHtml(k)}</td><td><strong>${escapeHtml(v)}</strong></td></tr>`)
        .join('')}</table>`
    : ''
}
${
  content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#0b5d4b;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(content.action.label)}</a></p>`
    : ''
}
${
  content.invite
    ? `<p style="line-height:1.5">${escapeHtml(content.invite.text)}</p>\n<p><a href="${escapeHtml(content.invite.url)}" style="color:#0b5d4b;font-weight:bold">${escapeHtml(content.invite.label)}</a></p>`
    : ''
}
<hr style="border:none;border-top:1px solid #e4e7eb;margin:24px 0">${
  content.unsubscribe
    ? `<p style="font-size:12px;color:#52606d"><a href="${escapeHtml(content.unsubscribe.url)}" style="color:#0b5d4b">${escapeHtml(content.unsubscribe.label)}</a></p>`
    : ''
}<p style="font-size:12px;color:#52606d">${escapeHtml(footer)}</p>
</td></tr></table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr></table></body></html>`;
  return { subject: toSafeLine(content.subject), text, html };
}

/** The subject and plain text only (an admin's preview of a mail). */
export function renderMailText(content: MailContent): { subject: string; text: string } {
  const { subject, text } = renderMail(content);
  return { subject, text };
}
