import { describe, expect, it } from 'vitest';
import { clockFor, systemClock } from './clock.ts';
import { ConfigError, isPrivateRange, loadConfig, trustedProxyCheck } from './config.ts';
import { redactUrl } from './logger.ts';

const prodBase = {
  NODE_ENV: 'production',
  JWT_SECRET: 'a-production-secret-of-at-least-thirty-two-chars',
  SMTP_URL: 'smtp://mail.example.org:587',
  APP_URL: 'https://uplift.example.org',
  SECRETS_KEY: 'cHJvZHVjdGlvbi1zZWNyZXRzLWtleS0zMi1ieXRlcyE=',
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
  RECEIPT_IRD_NUMBER: '123-456-789',
  RECEIPT_CHARITIES_NUMBER: 'CC12345',
  RECEIPT_SIGNATORY_NAME: 'Jane Smith',
  RECEIPT_SIGNATORY_TITLE: 'Chair of Trustees',
  STRIPE_WEBHOOK_SECRET: 'whsec_live_x',
  BACKUP_PASSPHRASE: 'a production backup passphrase',
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
}

describe('loadConfig', () => {
  it('puts backups next to the data folder, daily at 02:00 UTC, unencrypted, unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: '/srv/uplift/data' }).backup).toEqual({ dir: '/srv/uplift/data-backups', passphrase: undefined, schedule: '0 2 * * *' });
    expect(loadConfig({ BACKUP_DIR: '/mnt/backups', BACKUP_PASSPHRASE: 'a long passphrase', BACKUP_SCHEDULE: '30 3 * * *' }).backup).toEqual({
      dir: '/mnt/backups',
      passphrase: 'a long passphrase',
      schedule: '30 3 * * *',
    });
    expect(loadConfig({ BACKUP_PASSPHRASE: '' }).backup.passphrase).toBeUndefined();
  });

  it('refuses a short backup passphrase and a schedule that is not cron, naming the variable', () => {
    expect(problemsOf({ BACKUP_PASSPHRASE: 'short' })).toEqual(['BACKUP_PASSPHRASE: BACKUP_PASSPHRASE must be at least 12 characters']);
    expect(problemsOf({ BACKUP_SCHEDULE: 'daily' })).toEqual(['BACKUP_SCHEDULE: BACKUP_SCHEDULE must be a cron expression of 5 fields, such as "0 2 * * *"']);
    expect(problemsOf({ BACKUP_DIR: ' ' })).toEqual(['BACKUP_DIR: BACKUP_DIR must name a folder']);
  });

  it('takes METRICS_TOKEN (unset: /metrics is off) and APP_COMMIT (unset: "unknown"), refusing bad values by name', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(24) }).metricsToken).toBe('a'.repeat(24));
    expect(problemsOf({ METRICS_TOKEN: 'short' })).toEqual([
      'METRICS_TOKEN: METRICS_TOKEN must be at least 24 characters of letters, digits or ._~+/=- (such as the output of: openssl rand -hex 24)',
    ]);
    expect(problemsOf({ METRICS_TOKEN: `${'a'.repeat(24)} b` })).toHaveLength(1);
    expect(loadConfig({}).app).toEqual({ version: '0.1.0', commit: 'unknown' });
    expect(loadConfig({ APP_COMMIT: 'f7077bb' }).app.commit).toBe('f7077bb');
    expect(problemsOf({ APP_COMMIT: 'main' })).toEqual(['APP_COMMIT: APP_COMMIT must be a git commit id (7 to 40 hex digits)']);
  });

  it('gives working defaults for development', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.devOutbox).toBe(true);
    expect(config.payments).toEqual({ provider: 'test' });
    expect(config.seedDemo).toBe(true);
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('uses DATABASE_URL instead of the embedded server when set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/uplift' }).databaseUrl).toBe('postgres://u:p@db:5432/uplift');
  });

  it('accepts a complete production config', () => {
    const config = loadConfig(prodBase);
    expect(config.isProduction).toBe(true);
    expect(config.devOutbox).toBe(false);
    expect(config.seedDemo).toBe(false);
    expect(config.payments.provider).toBe('stripe');
  });

  it('refuses production without JWT_SECRET, SMTP_URL or APP_URL, listing every problem', () => {
    const problems = problemsOf({ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true' });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('JWT_SECRET'),
        expect.stringContaining('SMTP_URL'),
        expect.stringContaining('APP_URL'),
      ]),
    );
  });

  it('refuses the test payment provider in production unless ALLOW_TEST_PAYMENTS=true', () => {
    const { STRIPE_SECRET_KEY: _s, STRIPE_PUBLISHABLE_KEY: _p, ...noStripe } = prodBase;
    expect(problemsOf(noStripe)).toEqual([expect.stringContaining('ALLOW_TEST_PAYMENTS')]);
    expect(loadConfig({ ...noStripe, ALLOW_TEST_PAYMENTS: 'true' }).payments).toEqual({ provider: 'test' });
  });

  it('refuses tax credit receipts in production without the trust details, unless RECEIPT_TAX_CREDIT=false', () => {
    const { RECEIPT_IRD_NUMBER: _i, RECEIPT_CHARITIES_NUMBER: _c, RECEIPT_SIGNATORY_NAME: _n, RECEIPT_SIGNATORY_TITLE: _t, ...bare } = prodBase;
    expect(problemsOf(bare)).toEqual([
      expect.stringContaining('RECEIPT_IRD_NUMBER'),
      expect.stringContaining('RECEIPT_CHARITIES_NUMBER'),
      expect.stringContaining('RECEIPT_SIGNATORY_NAME'),
      expect.stringContaining('RECEIPT_SIGNATORY_TITLE'),
    ]);
    expect(loadConfig({ ...bare, RECEIPT_TAX_CREDIT: 'false' }).receipt.taxCredit).toBe(false);
    expect(loadConfig(prodBase).receipt).toMatchObject({ irdNumber: '123-456-789', charitiesNumber: 'CC12345', taxCredit: true });
    expect(problemsOf({ RECEIPT_IRD_NUMBER: 'abc' })[0]).toMatch(/RECEIPT_IRD_NUMBER/);
  });

  it('refuses Stripe in production without STRIPE_WEBHOOK_SECRET (processing payments would never settle)', () => {
    const { STRIPE_WEBHOOK_SECRET: _w, ...noWebhook } = prodBase;
    expect(problemsOf(noWebhook)).toEqual([expect.stringContaining('STRIPE_WEBHOOK_SECRET')]);
  });

  it('rejects half-set pairs and bad values with clear messages', () => {
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_test_x' })).toEqual([expect.stringContaining('set both or neither')]);
    expect(problemsOf({ ADMIN_EMAIL: 'admin@example.org' })).toEqual([expect.stringContaining('ADMIN_EMAIL and ADMIN_PASSWORD')]);
    expect(problemsOf({ PORT: 'eighty' })[0]).toMatch(/^PORT:/);
    expect(problemsOf({ JWT_SECRET: 'short' })[0]).toMatch(/JWT_SECRET: JWT_SECRET must be at least 32 characters/);
  });

  it('refuses production without SECRETS_KEY, and a key that is not 32 bytes of base64; outside production a fixed development key stands in', () => {
    const { SECRETS_KEY: _, ...withoutKey } = prodBase;
    expect(problemsOf(withoutKey)).toEqual(['SECRETS_KEY: required in production (32 random bytes in base64: openssl rand -base64 32)']);
    const short = 'c2hvcnQ=';
    expect(problemsOf({ ...prodBase, SECRETS_KEY: short })).toEqual(['SECRETS_KEY: SECRETS_KEY must be 32 random bytes in base64, such as the output of: openssl rand -base64 32']);
    expect(problemsOf({ NEW_SECRETS_KEY: 'not base64 at all!' })[0]).toMatch(/^NEW_SECRETS_KEY: NEW_SECRETS_KEY must be 32 random bytes/);
    const prod = loadConfig(prodBase).secrets;
    expect(prod).toEqual({ key: Buffer.from(prodBase.SECRETS_KEY, 'base64'), development: false, newKey: undefined });
    const dev = loadConfig({}).secrets;
    expect(dev.development).toBe(true);
    expect(dev.key).toHaveLength(32);
    expect(loadConfig({}).secrets.key.equals(dev.key)).toBe(true);
  });
});

describe('redactUrl', () => {
  it('takes a test clock start outside production and refuses it in production', () => {
    expect(loadConfig({ TEST_CLOCK_START: '2026-11-23T20:00:00Z' }).testClockStart).toBe('2026-11-23T20:00:00Z');
    expect(loadConfig({}).testClockStart).toBeUndefined();
    expect(problemsOf({ ...prodBase, TEST_CLOCK_START: '2026-11-23T20:00:00Z' })).toEqual(['TEST_CLOCK_START: tests only, never allowed in production']);
    expect(clockFor({ isProduction: true, testClockStart: '2026-11-23T20:00:00Z' })).toBe(systemClock);
    const clock = clockFor({ isProduction: false, testClockStart: '2026-11-23T20:00:00Z' });
    expect(Math.abs(clock.now().getTime() - Date.parse('2026-11-23T20:00:00Z'))).toBeLessThan(5_000);
  });

  it('removes token values from logged URLs', () => {
    expect(redactUrl('/api/auth/activate?activation_token=abc123&x=1')).toBe('/api/auth/activate?activation_token=[redacted]&x=1');
    expect(redactUrl('/reset-password?token=secret')).toBe('/reset-password?token=[redacted]');
    expect(redactUrl('/api/health')).toBe('/api/health');
    expect(redactUrl('/account?email_token=abc&x=1')).toBe('/account?email_token=[redacted]&x=1');
    expect(redactUrl('/api/account/email/confirm?x=1&email_token=abc')).toBe('/api/account/email/confirm?x=1&email_token=[redacted]');
    expect(redactUrl('/a?tokens=1&token_type=x')).toBe('/a?tokens=1&token_type=x');
  });
});

describe('serializeError', () => {
  it('drops a failed query’s parameters from the message, stack and fields', async () => {
    const { serializeError } = await import('./logger.ts');
    const err = Object.assign(new Error('Failed query: insert into "mails" values ($1, $2)\nparams: me@example.org,secret-token-123'), {
      params: ['me@example.org', 'secret-token-123'],
    });
    err.stack = `Error: ${err.message}\n    at insert (mail.service.ts:59:10)`;
    const out = JSON.stringify(serializeError(err));
    expect(out).not.toContain('secret-token-123');
    expect(out).not.toContain('me@example.org');
    expect(out).toContain('insert into');
    expect(out).toContain('mail.service.ts');
  });

  it('leaves out the database client node-postgres attaches to a lost connection', async () => {
    const { serializeError } = await import('./logger.ts');
    const err = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
      client: { user: 'uplift', host: 'db.internal', connectionParameters: { user: 'uplift', port: 5432 } },
    });
    const out = serializeError(err) as Record<string, unknown>;
    expect(out).not.toHaveProperty('client');
    expect(out).toMatchObject({ message: 'terminating connection due to administrator command', code: '57P01' });
  });

  it('listens on 127.0.0.1 outside production and on every interface in production, unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig(prodBase).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ ...prodBase, HOST: '10.1.2.3' }).host).toBe('10.1.2.3');
  });

  it('takes TRUST_PROXY as a list of proxy addresses and CIDRs, never as a yes/no', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    expect(problemsOf({ TRUST_PROXY: 'true' })).toEqual([expect.stringMatching(/^TRUST_PROXY: list the proxy addresses/)]);
    expect(problemsOf({ TRUST_PROXY: '10.0.0.0/33,proxy.local' })).toEqual([
      expect.stringContaining('"10.0.0.0/33"'),
      expect.stringContaining('"proxy.local"'),
    ]);
  });

  it('reads TRUST_PROXY off as empty, false or 0, refuses true or 1 however spaced, and skips empty entries', () => {
    const managed = { DATABASE_URL: 'postgres://u:p@db:5432/uplift' };
    for (const off of ['', ' ', 'false', '0']) {
      const config = loadConfig({ ...managed, TRUST_PROXY: off });
      expect(config.trustProxy, off).toEqual([]);
      expect(config.warnings, off).toEqual([]);
    }
    for (const yes of ['true', '1', ' true ', '1 ']) {
      expect(problemsOf({ TRUST_PROXY: yes }), yes).toEqual([
        'TRUST_PROXY: list the proxy addresses or CIDRs (e.g. 10.0.0.0/8,127.0.0.1) instead of true; see docs/deploy.md',
      ]);
    }
    expect(loadConfig({ ...managed, TRUST_PROXY: ' 10.0.0.1, ,192.168.0.0/16,' }).trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16']);
  });

  it('refuses a TRUST_PROXY entry that is no address or CIDR, naming it; a prefix up to the full width is one', () => {
    const notAnAddress = (entry: string) => `TRUST_PROXY: "${entry}" is not an IP address, a CIDR (such as 10.0.0.0/8) or one of loopback, linklocal, uniquelocal`;
    // A host name, an empty, signed, exponent, over-long or too-wide prefix, and a second prefix.
    for (const entry of ['proxy.local/0', 'proxy.local/8', '10.0.0.0/', '10.0.0.0/-8', '10.0.0.0/1e1', '10.0.0.0/0008', '10.0.0.0/0000', '10.0.0.0/33', 'fd00::/129', '10.0.0.1/8/8', '::1/128/0']) {
      expect(problemsOf({ TRUST_PROXY: `10.0.0.1,${entry}` }), entry).toEqual([notAnAddress(entry)]);
    }
    const full = loadConfig({ ...prodBase, TRUST_PROXY: '10.0.0.1/32,fd00::1/128,::ffff:10.1.2.3/128' });
    expect(full.trustProxy).toEqual(['10.0.0.1/32', 'fd00::1/128', '::ffff:10.1.2.3/128']);
    expect(full.warnings).toEqual([]);
  });

  it('refuses a TRUST_PROXY range that trusts every address (start-up would otherwise crash)', () => {
    const trustAll = "would trust every address, so any client could choose its own IP with X-Forwarded-For; list your proxies' addresses or CIDRs instead";
    expect(problemsOf({ TRUST_PROXY: '0.0.0.0/0' })).toEqual([`TRUST_PROXY: "0.0.0.0/0" ${trustAll}`]);
    expect(problemsOf({ TRUST_PROXY: '10.0.0.1, ::/0' })).toEqual([`TRUST_PROXY: "::/0" ${trustAll}`]);
  });

  it('refuses an http:// APP_URL in production (a loopback one aside, for a benchmark on this machine)', () => {
    expect(problemsOf({ ...prodBase, APP_URL: 'http://uplift.example.org' })).toEqual([
      'APP_URL: must start with https:// in production (it is http://uplift.example.org); sign-ins and cookies need https',
    ]);
    expect(loadConfig({ ...prodBase, APP_URL: 'http://127.0.0.1:8080' }).appUrl).toBe('http://127.0.0.1:8080');
    expect(loadConfig({ APP_URL: 'http://uplift.example.org' }).appUrl).toBe('http://uplift.example.org');
  });

  it('refuses in production a TRUST_PROXY entry that reaches public addresses (0.0.0.0/1,128.0.0.0/1 trusts everyone); outside production it warns', () => {
    const reaches = (entry: string) =>
      `TRUST_PROXY: "${entry}" reaches public addresses, so a client there could choose its own IP and country; list only your proxies' private addresses (10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16, fc00::/7, loopback)`;
    expect(problemsOf({ ...prodBase, TRUST_PROXY: '0.0.0.0/1,128.0.0.0/1' })).toEqual([reaches('0.0.0.0/1'), reaches('128.0.0.0/1')]);
    for (const entry of ['8.8.8.0/24', '203.0.113.5', '10.0.0.0/7', '172.16.0.0/11', '2001:db8::/32', '::ffff:0:0/96', '::/1', 'fc00::/6']) {
      expect(problemsOf({ ...prodBase, TRUST_PROXY: `10.0.0.1,${entry}` }), entry).toEqual([reaches(entry)]);
    }
    const privateOnly = '10.0.0.0/8,172.16.0.0/12,192.168.1.0/24,127.0.0.1,::1,fc00::/7,fd12:3456::/32,fe80::/10,169.254.0.0/16,::ffff:10.0.0.0/104,loopback,linklocal,uniquelocal';
    expect(loadConfig({ ...prodBase, TRUST_PROXY: privateOnly }).trustProxy).toHaveLength(13);
    expect(loadConfig({ ...prodBase, TRUST_PROXY: privateOnly }).warnings).toEqual([]);
    // Development and tests start, with the same line as a warning.
    const dev = loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/uplift', TRUST_PROXY: '0.0.0.0/1,10.0.0.0/8' });
    expect(dev.trustProxy).toEqual(['0.0.0.0/1', '10.0.0.0/8']);
    expect(dev.warnings).toEqual([reaches('0.0.0.0/1')]);
  });

  it('tells private ranges from public ones, IPv4 inside IPv6 included', () => {
    expect(isPrivateRange('192.168.0.0/16')).toBe(true);
    expect(isPrivateRange('192.168.0.0/15')).toBe(false);
    expect(isPrivateRange('172.31.255.255')).toBe(true);
    expect(isPrivateRange('172.32.0.0')).toBe(false);
    expect(isPrivateRange('::ffff:127.0.0.1')).toBe(true);
    expect(isPrivateRange('::ffff:8.8.8.8')).toBe(false);
    expect(isPrivateRange('fdff:ffff::1')).toBe(true);
    expect(isPrivateRange('fe80::1%eth0')).toBe(true);
    expect(isPrivateRange('2606:4700::/32')).toBe(false);
    // An IPv4 tail of several digits in each part, and the full IPv6 form (no "::").
    expect(isPrivateRange('::ffff:192.168.1.254')).toBe(true);
    expect(isPrivateRange('::ffff:8.8.8.80')).toBe(false);
    expect(isPrivateRange('::ffff:172.16.10.1')).toBe(true);
    // Groups on both sides of "::": a documentation address is public, not read as ::1.
    expect(isPrivateRange('2001:db8::1')).toBe(false);
    expect(isPrivateRange('fe80:0:0:1::1')).toBe(true);
    expect(isPrivateRange('::ffff:c0a8:1fe')).toBe(true);
    expect(isPrivateRange('fd00:0:0:0:0:0:0:1')).toBe(true);
    expect(isPrivateRange('2001:db8:0:0:0:0:0:1')).toBe(false);
    // An IPv4-mapped range is the IPv4 range it maps: ::ffff:10.0.0.0/103 is 10.0.0.0/7, public.
    expect(isPrivateRange('::ffff:10.0.0.0/104')).toBe(true);
    expect(isPrivateRange('::ffff:10.0.0.0/103')).toBe(false);
    expect(isPrivateRange('::ffff:0:0/96')).toBe(false);
    // Exactly a private range is inside it; one bit wider is not.
    expect(isPrivateRange('10.0.0.0/8')).toBe(true);
    expect(isPrivateRange('fc00::/7')).toBe(true);
    expect(isPrivateRange('fe80::/9')).toBe(false);
    expect(isPrivateRange('proxy.local')).toBe(false);
    // An IPv6 range is never read as an IPv4 one: a00::/16 starts with the same 8 bits as 10.0.0.0/8.
    expect(isPrivateRange('a00::/16')).toBe(false);
  });

  it('knows whether a socket address is one of the trusted proxies', () => {
    const trusted = trustedProxyCheck(['10.0.0.0/8', '127.0.0.1', 'uniquelocal']);
    expect(trusted('10.200.0.1')).toBe(true);
    expect(trusted('::ffff:10.200.0.1')).toBe(true);
    expect(trusted('127.0.0.1')).toBe(true);
    expect(trusted('127.0.0.2')).toBe(false);
    expect(trusted('fd00::5')).toBe(true);
    expect(trusted('192.168.3.4')).toBe(true);
    expect(trusted('203.0.113.9')).toBe(false);
    expect(trusted(undefined)).toBe(false);
    expect(trustedProxyCheck([])('127.0.0.1')).toBe(false);
    // A single IPv6 address is its own /128, not a wider range; a socket address that is no address is never trusted.
    const six = trustedProxyCheck(['::1', 'fd00::/64', 'linklocal']);
    expect(six('::1')).toBe(true);
    expect(six('::2')).toBe(false);
    expect(six('fd00::1234')).toBe(true);
    expect(six('fd00:0:0:1::1')).toBe(false);
    expect(six('169.254.1.1')).toBe(true);
    expect(six('fe80::1')).toBe(true);
    expect(six('10.0.0.1')).toBe(false);
    expect(six('not-an-address')).toBe(false);
    expect(trusted('')).toBe(false);
  });

  it('refuses unencrypted backups of the embedded database in production (BACKUP_PASSPHRASE); outside production it warns', () => {
    const { BACKUP_PASSPHRASE: _b, ...clear } = prodBase;
    const line =
      "BACKUP_PASSPHRASE: backups of the embedded database would be written unencrypted (they hold its password and donors' emails); set BACKUP_PASSPHRASE to a passphrase of at least 12 characters";
    expect(problemsOf(clear)).toEqual([line]);
    expect(problemsOf({ ...clear, BACKUP_PASSPHRASE: '' })).toEqual([line]);
    // A managed database is backed up by its provider, not by the app.
    expect(loadConfig({ ...clear, DATABASE_URL: 'postgres://u:p@db:5432/uplift' }).backup.passphrase).toBeUndefined();
    expect(loadConfig({}).warnings).toEqual([line]);
    expect(loadConfig({ BACKUP_PASSPHRASE: 'a long passphrase' }).warnings).toEqual([]);
  });
});
