// The mail module's public face: what other modules, app.ts, jobs and the CLI may use (docs/architecture.md).
export { renderMailText, type MailContent } from './mail.layout.ts';
export { default as devMailRoutes } from './mail.routes.ts';
export { unsubscribeLinks, type UnsubscribeLinks } from './unsubscribe-links.ts';
export { SEND_MAIL_JOB, createMailer, listMailsTo, mailFacts, purgeMails, scrubMails, type AttachmentToDraw, type DrawAttachment, type MailAttachment, type Mailer } from './mail.service.ts';
