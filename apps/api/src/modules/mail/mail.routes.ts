import { errorResponses } from '@uplift/core/schemas/error';
import { devMailListSchema, devMailPageSchema, type DevMail } from '@uplift/core/schemas/mail';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { httpErrors } from '../../errors.ts';
import { isLoopback } from '../../plugins/security.ts';
import { writeSecurityEvent } from '../../security-log.ts';
import { listNewestMails, type MailRow } from './mail.repository.ts';

/** How many mails the dev outbox shows. */
const OUTBOX_SIZE = 100;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function toDevMail(m: MailRow): DevMail {
  return { id: m.id, to: m.to_address, kind: m.kind, subject: m.subject, text: m.text_body, created_at: m.created_at.toISOString() };
}

/** Dev outbox: every mail, newest first. Registered only when no SMTP server is configured (never in production). */
const devMailRoutes: FastifyPluginAsyncZod = async (app) => {
  // It shows every activation and reset token: only a client on this machine may read it (a
  // request through a trusted proxy counts as its real client's address).
  app.addHook('onRequest', async (request) => {
    if (!isLoopback(request.ip)) {
      writeSecurityEvent(request.log, 'dev_outbox_refused', { userId: null, ip: request.ip, requestId: request.id, status: 404 });
      throw httpErrors.notFound();
    }
  });

  // Not part of the contract (registered only without SMTP, never in production), so hidden
  // from the OpenAPI description, which must not depend on the configuration.
  const hide = true;
  const tags = ['dev'];
  // The 200 is an HTML page: a string sent as text/html skips the JSON serializer, so its
  // schema only describes it.
  const pageSchema = { hide, tags, summary: 'The dev outbox as a page', response: { 200: devMailPageSchema, ...errorResponses() } };
  app.get('/dev/mail', { schema: pageSchema }, async (_request, reply) => {
    const rows = await listNewestMails(app.db, OUTBOX_SIZE);
    const items = rows
      .map(
        (m) => `<article><h2>${escapeHtml(m.subject)}</h2>
<p><strong>To:</strong> ${escapeHtml(m.to_address)} · <strong>Kind:</strong> ${escapeHtml(m.kind)} · ${m.created_at.toISOString()}</p>
<pre>${escapeHtml(m.text_body)}</pre></article>`,
      )
      .join('\n');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev outbox · Uplift</title>` +
          `<style>body{font-family:system-ui,sans-serif;max-width:800px;margin:2rem auto;padding:0 1rem;color:#1f2933}` +
          `article{border:1px solid #cbd2d9;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap;background:#f5f7fa;padding:1rem}</style></head>` +
          `<body><h1>Dev outbox</h1><p>Mail is kept here because SMTP_URL is not set.</p>${items || '<p>No mail yet.</p>'}</body></html>`,
      );
  });

  app.get(
    '/api/dev/mail',
    { schema: { hide, tags, summary: 'The dev outbox: the newest 100 mails', response: { 200: devMailListSchema, ...errorResponses() } } },
    async () => {
      const rows = await listNewestMails(app.db, OUTBOX_SIZE);
      return rows.map(toDevMail);
    },
  );
};

export default devMailRoutes;
