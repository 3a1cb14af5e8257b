import type { CountryCode } from '@uplift/core/countries';

/** What /p and /t hand their share panel. */
export type PublicShareProps = { kind: 'page' | 'team'; slug: string; country: CountryCode; name: string; message?: string };
