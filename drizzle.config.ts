import { defineConfig } from "drizzle-kit";

// Generates append-only SQL migrations into migrations/, which wrangler applies
// (`npm run db:migrate`) and the workerd tests apply to their own D1.
export default defineConfig({
  dialect: "sqlite",
  schema: "./app/db/schema/index.ts",
  out: "./migrations",
});
