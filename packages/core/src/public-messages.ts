// The one message the public pages' first script shows (navbar, landing countdown), in its own
// module so that script need not carry every message of messages.ts (which re-exports it).
// See docs/decisions/024-initial-js-budget.md.

export const CAMPAIGN_COMING_SOON = 'Campaign Coming Soon!';
