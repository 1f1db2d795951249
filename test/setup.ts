import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// Apply the real migrations/ folder to the test D1 before any test runs (idempotent).
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
