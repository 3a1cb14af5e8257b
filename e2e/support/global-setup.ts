import { startApp } from './app.ts';

/**
 * Starts the real app (built SPA + API) on a throwaway embedded PostgreSQL, with mail going to
 * a real SMTP sink whose messages the specs read from E2E_MAIL_DIR.
 */
export default async function globalSetup() {
  const app = await startApp();

  process.env.E2E_BASE_URL = app.baseUrl;
  process.env.E2E_MAIL_DIR = app.mailDir;
  // For specs that run a command-line tool against the same database and mail sink (npm run billing).
  process.env.E2E_DATA_DIR = app.dataDir;
  process.env.E2E_PG_PORT = String(app.pgPort);
  process.env.E2E_SMTP_URL = app.smtpUrl;
  process.env.E2E_ADMIN_EMAIL = 'admin@uplift.test';
  process.env.E2E_ADMIN_PASSWORD = 'admin-password-123';

  return app.stop;
}
