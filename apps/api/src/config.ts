import { createHash, createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { BlockList, isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** A key of 32 random bytes in base64, as `openssl rand -base64 32` prints it. */
const secretsKey = (name: string) =>
  z
    .string()
    .trim()
    .refine((v) => /^[A-Za-z0-9+/]+={0,2}$/.test(v) && Buffer.from(v, 'base64').length === 32, {
      error: `${name} must be 32 random bytes in base64, such as the output of: openssl rand -base64 32`,
    })
    .transform((v) => Buffer.from(v, 'base64'));

/**
 * Outside production, without SECRETS_KEY, TOTP secrets are sealed with this fixed key (and the
 * app logs a warning): development data stays readable across restarts (docs/decisions/131).
 */
const DEVELOPMENT_SECRETS_KEY = createHash('sha256').update('uplift development secrets key: never used in production').digest();

/** The API's version, from its package.json. */
const APP_VERSION: string = (JSON.parse(readFileSync(path.join(import.meta.dirname, '../package.json'), 'utf8')) as { version: string }).version;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().optional(),
  APP_URL: z.url().optional(),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('.data'),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(5433),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Uplift <hello@uplift.org.nz>'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  ALLOW_TEST_PAYMENTS: bool,
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional(),
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().optional(),
  BILLING_SCHEDULE: z.string().default('0 */3 * * *'),
  WEB_DIST: z.string().optional(),
  RECEIPT_TRUST_NAME: z.string().trim().min(1).default('Uplift Charitable Trust'),
  RECEIPT_IRD_NUMBER: z.string().trim().regex(/^\d{2,3}-?\d{3}-?\d{3}$/, 'RECEIPT_IRD_NUMBER must be an IRD number such as 123-456-789').optional(),
  RECEIPT_CHARITIES_NUMBER: z.string().trim().regex(/^CC\d{5,6}$/, 'RECEIPT_CHARITIES_NUMBER must be a Charities Services number such as CC12345').optional(),
  RECEIPT_SIGNATORY_NAME: z.string().trim().min(1).optional(),
  RECEIPT_SIGNATORY_TITLE: z.string().trim().min(1).optional(),
  RECEIPT_TAX_CREDIT: z.enum(['true', 'false']).default('true'),
  TEST_CLOCK_START: z.iso.datetime({ offset: true }).optional(),
  SECRETS_KEY: secretsKey('SECRETS_KEY').optional(),
  NEW_SECRETS_KEY: secretsKey('NEW_SECRETS_KEY').optional(),
  MAIL_LINK_KEY: secretsKey('MAIL_LINK_KEY').optional(),
  BACKUP_DIR: z.string().trim().min(1, 'BACKUP_DIR must name a folder').optional(),
  BACKUP_PASSPHRASE: z.union([z.literal(''), z.string().min(12, 'BACKUP_PASSPHRASE must be at least 12 characters')]).optional(),
  BACKUP_SCHEDULE: z
    .string()
    .trim()
    .regex(/^\S+(\s+\S+){4}$/, 'BACKUP_SCHEDULE must be a cron expression of 5 fields, such as "0 2 * * *"')
    .default('0 2 * * *'),
  METRICS_TOKEN: z
    .union([
      z.literal(''),
      z.string().regex(/^[A-Za-z0-9._~+/=-]{24,}$/, 'METRICS_TOKEN must be at least 24 characters of letters, digits or ._~+/=- (such as the output of: openssl rand -hex 24)'),
    ])
    .optional(),
  APP_COMMIT: z.union([z.literal(''), z.string().regex(/^[0-9a-f]{7,40}$/i, 'APP_COMMIT must be a git commit id (7 to 40 hex digits)')]).optional(),
});

export type Env = z.infer<typeof envSchema>;

export type Config = {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  appUrl: string;
  /** Connection string of an external server; undefined means "start the embedded one". */
  databaseUrl: string | undefined;
  dataDir: string;
  embeddedPgPort: number;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Keep mail in the database outbox shown at /dev/mail (never in production). */
  devOutbox: boolean;
  payments:
    | { provider: 'stripe'; secretKey: string; publishableKey: string; webhookSecret: string | undefined }
    | { provider: 'test' };
  admin: { email: string; password: string } | undefined;
  seedDemo: boolean;
  logLevel: Env['LOG_LEVEL'];
  /** Addresses/CIDRs of the proxies in front of the app (docs/decisions/071); empty: the socket address is the client. */
  trustProxy: string[];
  billingSchedule: string;
  webDist: string;
  /** The trust's details printed on receipts; `taxCredit` adds NZ donation tax credit wording (docs/decisions/081). */
  receipt: ReceiptConfig;
  /** Tests only (TEST_CLOCK_START): the instant the app's clock starts from; refused in production. */
  testClockStart: string | undefined;
  /**
   * Backups (docs/decisions/127-backups.md, docs/operations.md): the folder (BACKUP_DIR, default the
   * data folder's sibling `<DATA_DIR>-backups`), the passphrase that encrypts them, and when the app
   * takes its daily backup of the embedded database (cron, UTC).
   */
  backup: { dir: string; passphrase: string | undefined; schedule: string };
  /**
   * The key TOTP secrets are encrypted with (SECRETS_KEY; `development`: the fixed development key,
   * never in production) and, for `npm run rotate-secrets` only, the key to re-encrypt them with
   * (NEW_SECRETS_KEY). docs/decisions/131-passkeys-and-secrets-at-rest.md.
   */
  secrets: { key: Buffer; development: boolean; newKey: Buffer | undefined };
  /** The bearer token Prometheus sends to GET /metrics (METRICS_TOKEN); unset: /metrics answers 404 (docs/decisions/133). */
  metricsToken: string | undefined;
  /** What the system page shows: package.json's version and the git commit (APP_COMMIT, else "unknown"). */
  app: { version: string; commit: string };
  /**
   * The key that signs mailed one-click links (unsubscribe; docs/decisions/136): MAIL_LINK_KEY, else
   * derived from the secrets key, so production needs nothing new. Changing it ends every link mailed
   * before (the page then says so and points to /account).
   */
  mailLinks: { key: Buffer };
  /**
   * What is allowed outside production but would be refused in it (a public TRUST_PROXY range,
   * unencrypted backups): one line each, logged as a warning at start (docs/decisions/153).
   */
  warnings: string[];
};

export type ReceiptConfig = {
  trustName: string;
  irdNumber: string;
  charitiesNumber: string;
  signatoryName: string;
  signatoryTitle: string;
  taxCredit: boolean;
};

/** Outside production, receipts carry these marked examples so the wording can be seen. */
const EXAMPLE_RECEIPT = {
  irdNumber: '000-000-000 (example)',
  charitiesNumber: 'CC00000 (example)',
  signatoryName: 'A. Trustee (example)',
  signatoryTitle: 'Chair of Trustees',
};

export class ConfigError extends Error {
  problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

/** Reads and validates the environment once. Nothing else in the API reads process.env. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  const problems: string[] = [];

  if (isProduction && !env.JWT_SECRET) problems.push('JWT_SECRET: required in production');
  if (isProduction && !env.SMTP_URL) problems.push('SMTP_URL: required in production (the dev outbox is not allowed)');
  if (isProduction && !env.APP_URL) problems.push('APP_URL: required in production');
  // Over plain http the sign-in cookie would travel in the clear; only a loopback address (a benchmark on this machine) may.
  if (isProduction && env.APP_URL && !env.APP_URL.startsWith('https://') && !isLoopbackUrl(env.APP_URL)) {
    problems.push(`APP_URL: must start with https:// in production (it is ${env.APP_URL}); sign-ins and cookies need https`);
  }
  if (isProduction && !env.SECRETS_KEY) problems.push('SECRETS_KEY: required in production (32 random bytes in base64: openssl rand -base64 32)');

  const hasStripe = Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY);
  if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_PUBLISHABLE_KEY)) {
    problems.push('STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY: set both or neither');
  }
  // Without it a charge Stripe was still processing would never be settled (docs/decisions/045).
  if (isProduction && hasStripe && !env.STRIPE_WEBHOOK_SECRET) problems.push('STRIPE_WEBHOOK_SECRET: required in production with Stripe');
  if (isProduction && !hasStripe && !env.ALLOW_TEST_PAYMENTS) {
    problems.push('STRIPE_SECRET_KEY: required in production (or set ALLOW_TEST_PAYMENTS=true to use the test provider)');
  }
  if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
    problems.push('ADMIN_EMAIL and ADMIN_PASSWORD: set both or neither');
  }
  const taxCredit = env.RECEIPT_TAX_CREDIT === 'true';
  if (isProduction && taxCredit) {
    for (const name of ['RECEIPT_IRD_NUMBER', 'RECEIPT_CHARITIES_NUMBER', 'RECEIPT_SIGNATORY_NAME', 'RECEIPT_SIGNATORY_TITLE'] as const) {
      if (!env[name]) problems.push(`${name}: required in production for tax credit receipts (or set RECEIPT_TAX_CREDIT=false)`);
    }
  }
  if (isProduction && env.TEST_CLOCK_START) problems.push('TEST_CLOCK_START: tests only, never allowed in production');
  // Refused in production, a warning elsewhere (docs/decisions/153).
  const unsafe: string[] = [];
  const trustProxy = parseTrustProxy(env.TRUST_PROXY, problems, unsafe);
  // The embedded database's backup holds its password and every donor's email: never in clear.
  if (!env.DATABASE_URL && !env.BACKUP_PASSPHRASE) {
    unsafe.push(
      'BACKUP_PASSPHRASE: backups of the embedded database would be written unencrypted (they hold its password and donors\' emails); set BACKUP_PASSPHRASE to a passphrase of at least 12 characters',
    );
  }
  if (isProduction) problems.push(...unsafe);
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    // Outside production only this machine can reach the app (and its dev outbox) unless HOST says otherwise.
    host: env.HOST || (isProduction ? '0.0.0.0' : '127.0.0.1'),
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR),
    embeddedPgPort: env.EMBEDDED_PG_PORT,
    // Outside production a missing secret gets a random one: sessions end on restart, nothing leaks.
    jwtSecret: env.JWT_SECRET ?? randomBytes(48).toString('base64url'),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM,
    devOutbox: !env.SMTP_URL && !isProduction,
    payments: hasStripe
      ? {
          provider: 'stripe',
          secretKey: env.STRIPE_SECRET_KEY!,
          publishableKey: env.STRIPE_PUBLISHABLE_KEY!,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET,
        }
      : { provider: 'test' },
    admin: env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : undefined,
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO === 'true' : !isProduction,
    logLevel: env.LOG_LEVEL,
    trustProxy,
    billingSchedule: env.BILLING_SCHEDULE,
    webDist: path.resolve(env.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    receipt: {
      trustName: env.RECEIPT_TRUST_NAME,
      irdNumber: env.RECEIPT_IRD_NUMBER ?? EXAMPLE_RECEIPT.irdNumber,
      charitiesNumber: env.RECEIPT_CHARITIES_NUMBER ?? EXAMPLE_RECEIPT.charitiesNumber,
      signatoryName: env.RECEIPT_SIGNATORY_NAME ?? EXAMPLE_RECEIPT.signatoryName,
      signatoryTitle: env.RECEIPT_SIGNATORY_TITLE ?? EXAMPLE_RECEIPT.signatoryTitle,
      taxCredit,
    },
    testClockStart: env.TEST_CLOCK_START,
    backup: {
      dir: path.resolve(env.BACKUP_DIR ?? `${path.resolve(env.DATA_DIR)}-backups`),
      passphrase: env.BACKUP_PASSPHRASE || undefined,
      schedule: env.BACKUP_SCHEDULE,
    },
    secrets: { key: env.SECRETS_KEY ?? DEVELOPMENT_SECRETS_KEY, development: !env.SECRETS_KEY, newKey: env.NEW_SECRETS_KEY },
    metricsToken: env.METRICS_TOKEN || undefined,
    app: { version: APP_VERSION, commit: env.APP_COMMIT || 'unknown' },
    mailLinks: { key: env.MAIL_LINK_KEY ?? createHmac('sha256', env.SECRETS_KEY ?? DEVELOPMENT_SECRETS_KEY).update('uplift mail links').digest() },
    warnings: isProduction ? [] : unsafe,
  };
}

/** http://localhost, http://127.0.0.1 (any 127.x) or http://[::1], with any port. */
function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** proxy-addr's names for address ranges, accepted besides addresses and CIDRs: each a set of private ranges. */
const PROXY_RANGE_NAMES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** The ranges no client on the internet can come from: loopback, link-local, private (RFC 1918) and unique local. */
const PRIVATE_RANGES = Object.values(PROXY_RANGE_NAMES).flat();

type Range = { version: 4 | 6; first: bigint; bits: number };

/** An IPv4 or IPv6 address as a number (IPv6: 128 bits, an embedded IPv4 tail included). */
function addressValue(address: string): { version: 4 | 6; value: bigint } | undefined {
  const version = isIP(address);
  if (version === 4) return { version, value: address.split('.').reduce((n, part) => (n << 8n) | BigInt(part), 0n) };
  if (version !== 6) return undefined;
  let text = address.replace(/%.*$/, '');
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (v4) {
    const n = addressValue(v4)!.value;
    text = text.slice(0, -v4.length) + `${(n >> 16n).toString(16)}:${(n & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const missing = 8 - groups(head).length - groups(tail ?? '').length;
  const all = tail === undefined ? groups(head) : [...groups(head), ...Array<string>(missing).fill('0'), ...groups(tail)];
  return { version, value: all.reduce((n, group) => (n << 16n) | BigInt(`0x${group}`), 0n) };
}

/** "10.0.0.0/8" or an address (its own /32 or /128); an IPv4-mapped IPv6 range is read as the IPv4 range it maps. */
function rangeOf(cidr: string): Range | undefined {
  const [address = '', bitsText] = cidr.split('/');
  const parsed = addressValue(address);
  if (!parsed) return undefined;
  const width = parsed.version === 4 ? 32 : 128;
  const bits = bitsText === undefined ? width : Number(bitsText);
  const mask = ((1n << BigInt(width)) - 1n) ^ ((1n << BigInt(width - bits)) - 1n);
  const range: Range = { version: parsed.version, first: parsed.value & mask, bits };
  if (range.version === 6 && bits >= 96 && range.first >> 32n === 0xffffn) return { version: 4, first: range.first & 0xffffffffn, bits: bits - 96 };
  return range;
}

/** Whether every address of `inner` lies in `outer`. */
const within = (inner: Range, outer: Range) =>
  inner.version === outer.version && inner.bits >= outer.bits && inner.first >> BigInt((inner.version === 4 ? 32 : 128) - outer.bits) === outer.first >> BigInt((outer.version === 4 ? 32 : 128) - outer.bits);

const privateRanges = PRIVATE_RANGES.map((r) => rangeOf(r)!);
/** True when the address or CIDR reaches no public address (it lies inside loopback, link-local, private or unique local space). */
export const isPrivateRange = (cidr: string): boolean => {
  const range = rangeOf(cidr);
  return range !== undefined && privateRanges.some((p) => within(range, p));
};

/**
 * TRUST_PROXY: a comma-separated list of the proxies' addresses or CIDRs. A yes/no is refused:
 * "trust everyone" would let a client's own X-Forwarded-For entries choose its IP. An entry that
 * reaches public addresses (a /1, a provider's whole range) lets anyone there do the same: it is
 * `unsafe` (refused in production, a warning elsewhere; docs/decisions/153).
 */
function parseTrustProxy(value: string | undefined, problems: string[], unsafe: string[]): string[] {
  const raw = (value ?? '').trim();
  if (raw === '' || raw === 'false' || raw === '0') return [];
  if (raw === 'true' || raw === '1') {
    problems.push('TRUST_PROXY: list the proxy addresses or CIDRs (e.g. 10.0.0.0/8,127.0.0.1) instead of true; see docs/deploy.md');
    return [];
  }
  const entries = raw.split(',').map((e) => e.trim()).filter(Boolean);
  for (const entry of entries) {
    if (Object.hasOwn(PROXY_RANGE_NAMES, entry)) continue;
    const [address, bits, extra] = entry.split('/');
    const version = isIP(address ?? '');
    const maxBits = version === 4 ? 32 : 128;
    const okBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
    if (version !== 0 && okBits && bits !== undefined && Number(bits) === 0) {
      problems.push(`TRUST_PROXY: "${entry}" would trust every address, so any client could choose its own IP with X-Forwarded-For; list your proxies' addresses or CIDRs instead`);
      continue;
    }
    if (version === 0 || !okBits || extra !== undefined) {
      problems.push(`TRUST_PROXY: "${entry}" is not an IP address, a CIDR (such as 10.0.0.0/8) or one of loopback, linklocal, uniquelocal`);
      continue;
    }
    if (!isPrivateRange(entry)) {
      unsafe.push(
        `TRUST_PROXY: "${entry}" reaches public addresses, so a client there could choose its own IP and country; list only your proxies' private addresses (10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16, fc00::/7, loopback)`,
      );
    }
  }
  return entries;
}

/**
 * Whether a request's socket address is one of the trusted proxies (TRUST_PROXY): only then are
 * the headers a proxy or CDN sets (the visitor's country) believed. Empty list: never.
 */
export function trustedProxyCheck(entries: string[]): (address: string | undefined) => boolean {
  if (entries.length === 0) return () => false;
  const list = new BlockList();
  for (const entry of entries.flatMap((e) => PROXY_RANGE_NAMES[e] ?? [e])) {
    const [address = '', bits] = entry.split('/');
    const type = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    list.addSubnet(address, bits === undefined ? (type === 'ipv4' ? 32 : 128) : Number(bits), type);
  }
  return (address) => {
    const version = isIP(address ?? '');
    return version !== 0 && list.check(address!, version === 4 ? 'ipv4' : 'ipv6');
  };
}
