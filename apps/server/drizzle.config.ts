// drizzle-kit reads this to generate SQL migrations from src/db/schema.ts into ./drizzle.
// Migrations are applied at start-up by src/db/migrate.ts (never by `drizzle-kit migrate`,
// which fails silently on PGlite). Generate from apps/server: `npm run db:generate -- --name <what>`.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
  strict: true,
  verbose: true,
});
