import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { captureLogs, registration, seedOpenCampaign } from './auth.test-support.ts';

// Without SMTP_URL (outside production) mail stays in the dev outbox and the token is logged,
// so a developer can activate or reset without a mail server.
describe('dev outbox', () => {
  let ctx: TestContext;
  const logs = captureLogs();
  beforeAll(async () => {
    ctx = await createTestContext({ logger: logs.logger });
  });
  afterAll(async () => ctx.close());

  it('keeps the activation and reset mails at /api/dev/mail and logs their tokens', async () => {
    expect(ctx.config.devOutbox).toBe(true);
    const open = await seedOpenCampaign(ctx.db, ctx.clock.now());
    const body = registration(open.pledge);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: body })).statusCode).toBe(201);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot', payload: { email: body.email } })).statusCode).toBe(200);

    const outbox = (await ctx.app.inject({ method: 'GET', url: '/api/dev/mail' })).json<{ kind: string; to: string; text: string }[]>();
    const tokenOf = (kind: string) => {
      const mail = outbox.find((m) => m.kind === kind && m.to === body.email)!;
      return mail.text.split('\n').find((l) => /^[\w-]{43}$/.test(l))!;
    };
    const activation = tokenOf('activation');
    const reset = tokenOf('password-reset');
    const all = logs.lines.join('\n');
    expect(all).toContain(`activation token for ${body.email}: ${activation}`);
    expect(all).toContain(`password reset token for ${body.email}: ${reset}`);
    // The password never appears, even here.
    expect(all).not.toContain(body.password);
  });

  it('answers a client on another machine as if it did not exist, and logs the refusal as a security event', async () => {
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/dev/mail', remoteAddress: '198.51.100.9' });
    expect(refused.statusCode).toBe(404);
    const events = logs.lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.event === 'security.dev_outbox_refused');
    expect(events).toEqual([expect.objectContaining({ level: 40, userId: null, ip: '198.51.100.9', requestId: expect.stringMatching(/\S/), status: 404 })]);
  });
});
