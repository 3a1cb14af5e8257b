// npm run openapi: writes docs/openapi.json from the route schemas (a test fails when it is stale).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { serializeDocument } from '../plugins/openapi.ts';
import { generateOpenApiDocument, OPENAPI_FILE } from './openapi-document.ts';

const doc = await generateOpenApiDocument();
await writeFile(OPENAPI_FILE, serializeDocument(doc));
process.stdout.write(`wrote ${path.relative(process.cwd(), OPENAPI_FILE)} (${Object.keys(doc.paths).length} paths)\n`);
