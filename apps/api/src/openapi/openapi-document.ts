import path from 'node:path';
import pino from 'pino';
import { buildApp } from '../app.ts';
import { fixedClock } from '../clock.ts';
import { loadConfig } from '../config.ts';
import { createDb } from '../db/client.ts';
import { errorCatalogue } from '../errors.ts';
import { normalizeDocument, type OpenApiDocument } from '../plugins/openapi.ts';

/** Where the committed description lives (`npm run openapi` writes it). */
export const OPENAPI_FILE = path.resolve(import.meta.dirname, '../../../../docs/openapi.json');

/**
 * The description the app serves at /api/openapi.json, built without a server or a database:
 * registering the routes queries nothing, so the pool is never connected. The configuration is
 * the tests' (the test payment provider, no Stripe keys), so it does not depend on the machine.
 */
export async function generateOpenApiDocument(): Promise<OpenApiDocument> {
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'openapi-generator-secret-that-signs-nothing',
    DATABASE_URL: 'postgres://openapi@127.0.0.1:1/never-connected',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
  });
  const db = createDb(config.databaseUrl!, { max: 1 });
  const app = await buildApp({ config, db, clock: fixedClock('2026-11-23T09:00:00.000Z'), logger: pino({ level: 'silent' }) });
  try {
    await app.ready();
    return normalizeDocument(app.swagger(), errorCatalogue());
  } finally {
    await app.close();
    await db.$client.end();
  }
}
