import { defineConfig } from 'drizzle-kit';

// Run from the repository root: `npm run db:generate` (drizzle-kit resolves these paths from the cwd).
export default defineConfig({
  dialect: 'postgresql',
  schema: './packages/server/src/db/schema/index.ts',
  out: './packages/server/src/db/migrations',
});
