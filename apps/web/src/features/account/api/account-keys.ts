// Query keys of the account page's own reads.
export const accountKeys = { all: ['account'] as const, sessions: ['account', 'sessions'] as const };
