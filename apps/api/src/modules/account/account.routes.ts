import {
  accountSchema,
  calendarFileSchema,
  consentsUpdateSchema,
  csvFileSchema,
  dataExportSchema,
  emailChangeConfirmSchema,
  emailChangeRequestSchema,
  eraseRequestSchema,
  mailPreferenceParamSchema,
  mailPreferenceUpdateSchema,
  passwordChangeSchema,
  pdfFileSchema,
  profileUpdateSchema,
} from '@uplift/core/schemas/account';
import { accessTokenResponseSchema } from '@uplift/core/schemas/auth';
import { idParamSchema } from '@uplift/core/schemas/common';
import { errorResponses, messageResponseSchema } from '@uplift/core/schemas/error';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import { noteSubject, perIpLimit, recordRequestDevice, refreshCookieName, refreshCookieOptions } from '../auth/index.ts';
import {
  changePassword,
  confirmEmailChange,
  correctProfile,
  eraseAccount,
  exportAccountData,
  exportPaymentsCsv,
  getAccount,
  pledgeCalendar,
  pledgeReceipt,
  requestEmailChange,
  updateConsents,
  type AccountDeps,
} from './account.service.ts';
import { accountErrors } from './account.errors.ts';
import { setMailPreference } from './mail-preferences.service.ts';

const tags = ['account'];
const BODY_ERRORS = [400, 413, 415] as const;

// The donor's own account area (decision 083): /api/account/*. Every route but the email-change
// confirmation (whose token proves who it is; a token, if sent, only says which sign-in to keep)
// needs the donor signed in.
const routes: FastifyPluginAsyncZod = async (app) => {
  const deps: AccountDeps = {
    db: app.db,
    clock: app.clock,
    mailer: app.mailer,
    payments: app.payments,
    config: app.config,
    log: app.log,
    signAccessToken: app.signAccessToken,
  };
  // Routes that check a password count against a per-IP limit, as login does.
  const passwordLimit = { rateLimit: perIpLimit(20, app.config.isProduction) };
  // onRequest: a request without a valid token is refused before its input is even validated.
  const auth = { onRequest: app.authenticate };
  const sendFile = (reply: FastifyReply, file: { filename: string; contentType: string; body: Buffer | string }) =>
    reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'no-store')
      .send(file.body);

  app.get(
    '/api/account',
    { ...auth, schema: { tags, summary: "The donor's details, consents and receipts", response: { 200: accountSchema, ...errorResponses(401) } } },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await getAccount(deps, currentUser(request).id)),
  );

  app.patch(
    '/api/account/profile',
    {
      ...auth,
      schema: { tags, summary: 'Correct name and address', body: profileUpdateSchema, response: { 200: messageResponseSchema, ...errorResponses(...BODY_ERRORS, 401) } },
    },
    async (request, reply) => {
      await correctProfile(deps, currentUser(request).id, request.body);
      return reply.send({ message: 'Your details have been saved.' });
    },
  );

  app.post(
    '/api/account/email',
    {
      ...auth,
      config: passwordLimit,
      schema: {
        tags,
        summary: 'Mail a confirmation link to a new email address (nothing changes until it is used)',
        body: emailChangeRequestSchema,
        response: { 202: messageResponseSchema, ...errorResponses(...BODY_ERRORS, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      await requestEmailChange(deps, currentUser(request).id, request.body);
      return reply.status(202).send({ message: 'We have sent a confirmation link to your new email address. Your email changes when you use it.' });
    },
  );

  app.post(
    '/api/account/email/confirm',
    {
      config: passwordLimit,
      schema: {
        tags,
        summary: 'Change the email address with the token mailed to the new address',
        body: emailChangeConfirmSchema,
        response: { 200: messageResponseSchema, ...errorResponses(...BODY_ERRORS, 409, 429) },
      },
    },
    async (request, reply) => {
      // No sign-in needed; a signed-in browser of the account itself stays signed in.
      const caller = await app.identify(request);
      noteSubject(request, await confirmEmailChange(deps, request.body.token, caller ? { userId: caller.id, session: caller.session } : undefined));
      return reply.send({ message: 'Your email address has been changed.' });
    },
  );

  app.post(
    '/api/account/password',
    {
      ...auth,
      config: passwordLimit,
      schema: {
        tags,
        summary: 'Change the password with the current one; every other session ends',
        body: passwordChangeSchema,
        response: { 200: accessTokenResponseSchema, ...errorResponses(...BODY_ERRORS, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { id } = currentUser(request);
      const session = await changePassword(deps, id, request.body);
      // The new sign-in's device, for the list of signed-in devices (docs/decisions/130).
      await recordRequestDevice(app.db, request, { family: session.family, userId: id }, app.clock.now());
      reply.setCookie(refreshCookieName(app.config), session.refreshToken, refreshCookieOptions(app.config)).header('cache-control', 'no-store');
      return reply.send({ access_token: session.accessToken });
    },
  );

  app.put(
    '/api/account/consents',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Give or withdraw the two opt-ins (each change is recorded as a consent event)',
        body: consentsUpdateSchema,
        response: { 200: accountSchema, ...errorResponses(...BODY_ERRORS, 401) },
      },
    },
    async (request, reply) => {
      const { id } = currentUser(request);
      await updateConsents(deps, id, request.body);
      return reply.send(await getAccount(deps, id));
    },
  );

  app.put(
    '/api/account/mail-preferences/:kind',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Switch one optional mail on or off (progress, milestones, news: docs/decisions/136); recorded as a consent event',
        params: mailPreferenceParamSchema,
        body: mailPreferenceUpdateSchema,
        response: { 200: accountSchema, ...errorResponses(...BODY_ERRORS, 401) },
      },
    },
    async (request, reply) => {
      const { id } = currentUser(request);
      const { found } = await setMailPreference(deps, id, request.params.kind, request.body.given, 'account');
      if (!found) throw accountErrors.sessionEnded();
      return reply.header('cache-control', 'no-store').send(await getAccount(deps, id));
    },
  );

  app.get(
    '/api/account/pledges/:id/receipt.pdf',
    {
      ...auth,
      schema: {
        tags,
        summary: "The PDF receipt of one of the donor's pledges (every payment received, with its receipt number)",
        params: idParamSchema,
        response: { 200: pdfFileSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => sendFile(reply, await pledgeReceipt(deps, currentUser(request).id, request.params.id)),
  );

  app.get(
    '/api/account/pledges/:id/calendar.ics',
    {
      ...auth,
      schema: {
        tags,
        summary: 'The remaining payments of a pledge as an iCalendar file (one all-day event each)',
        params: idParamSchema,
        response: { 200: calendarFileSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => sendFile(reply, await pledgeCalendar(deps, currentUser(request).id, request.params.id)),
  );

  app.get(
    '/api/account/export',
    { ...auth, schema: { tags, summary: "Download the donor's data as JSON (docs/account-data-export.md)", response: { 200: dataExportSchema, ...errorResponses(401) } } },
    async (request, reply) =>
      reply
        .header('content-disposition', 'attachment; filename="uplift-my-data.json"')
        .header('cache-control', 'no-store')
        .send(await exportAccountData(deps, currentUser(request).id)),
  );

  app.get(
    '/api/account/export/payments.csv',
    { ...auth, schema: { tags, summary: "The donor's payments as CSV", response: { 200: csvFileSchema, ...errorResponses(401) } } },
    async (request, reply) => sendFile(reply, await exportPaymentsCsv(deps, currentUser(request).id)),
  );

  app.post(
    '/api/account/erase',
    {
      ...auth,
      config: passwordLimit,
      schema: {
        tags,
        summary: 'Delete the account: cancel remaining payments, erase the person, keep the financial record',
        body: eraseRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses(...BODY_ERRORS, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      await eraseAccount(deps, currentUser(request).id, request.body.password);
      reply.clearCookie(refreshCookieName(app.config), { ...refreshCookieOptions(app.config), maxAge: undefined });
      return reply.send({ message: 'Your account has been deleted.' });
    },
  );
};

export default routes;
