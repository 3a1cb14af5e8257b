// The whole database schema, for Drizzle's typed queries.
export * from './schema/users.table.ts';
export * from './schema/campaigns.table.ts';
export * from './schema/challenges.table.ts';
export * from './schema/recipients.table.ts';
export * from './schema/pledges.table.ts';
export * from './schema/payment-methods.table.ts';
export * from './schema/payments.table.ts';
export * from './schema/mail.table.ts';
export * from './schema/auth-attempts.table.ts';
export * from './schema/test-provider.table.ts';
export * from './schema/account.table.ts';
export * from './schema/payouts.table.ts';
export * from './schema/rate-limits.table.ts';
export * from './schema/admin-audit.table.ts';
export * from './schema/backups.table.ts';
export * from './schema/session-devices.table.ts';
export * from './schema/passkeys.table.ts';
