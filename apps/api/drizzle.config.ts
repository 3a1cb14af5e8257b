import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/api/src/db/schema/*.table.ts',
  out: './apps/api/drizzle',
  casing: 'snake_case',
});
