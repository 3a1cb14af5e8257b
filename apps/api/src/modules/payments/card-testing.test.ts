import { MSG } from '@uplift/core/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { CARD_SETUPS_PER_DAY, CARD_SETUPS_PER_IP_HOUR } from './card-testing.ts';
import { createUser } from './payments.test-support.ts';

const TOO_MANY_CARDS = 'You have tried to add a card too many times today. Please try again tomorrow, or write to us and we will help.';

// Card-testing protection (decision 047): GET /api/payment_method/secret and POST /api/payment_method
// at most 10 a day per user (in PostgreSQL) and 30 an hour per IP; 429 with a message.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const secret = (token: string, remoteAddress = '127.0.0.1') =>
  ctx.app.inject({ method: 'GET', url: '/api/payment_method/secret', headers: { authorization: `Bearer ${token}` }, remoteAddress });

describe('card-testing limits', () => {
  it(`allows ${CARD_SETUPS_PER_DAY} card forms a day per user, then 429; other users are not affected; a day later it is allowed again`, async () => {
    const user = await createUser(ctx);
    for (let i = 0; i < CARD_SETUPS_PER_DAY; i += 1) expect((await secret(user.token)).statusCode).toBe(200);
    const refused = await secret(user.token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'card.rate_limited', message: TOO_MANY_CARDS });
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/payment_method',
      headers: { authorization: `Bearer ${user.token}` },
      payload: { stripe_payment_method_id: 'pm_unknown' },
    });
    expect(saved.statusCode).toBe(403); // saving is counted separately, and this card is not theirs
    const other = await createUser(ctx);
    expect((await secret(other.token)).statusCode).toBe(200);
    ctx.clock.set('2026-11-24T09:01:00Z');
    try {
      expect((await secret(user.token)).statusCode).toBe(200);
    } finally {
      ctx.clock.set('2026-11-23T09:00:00Z');
    }
  });

  it(`allows ${CARD_SETUPS_PER_IP_HOUR} an hour from one IP address (not loopback), then 429`, async () => {
    const users = await Promise.all([1, 2, 3, 4].map(() => createUser(ctx)));
    const ip = '203.0.113.7';
    for (let i = 0; i < CARD_SETUPS_PER_IP_HOUR; i += 1) expect((await secret(users[i % 4]!.token, ip)).statusCode).toBe(200);
    const refused = await secret(users[3]!.token, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(MSG.tooManyRequests);
    expect((await secret(users[3]!.token, '203.0.113.8')).statusCode).toBe(200);
  });
});
