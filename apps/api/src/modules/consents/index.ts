// The consents module's public face: what other modules, app.ts, jobs and the CLI may use (docs/architecture.md).
export { CONSENT_WORDING_VERSION, listConsentEvents, mailPreferencesOf, recordConsentEvents, recordRegistrationConsents, wantsMail } from './consents.service.ts';
