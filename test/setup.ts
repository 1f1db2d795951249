import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { useFontAssets } from "../app/documents/font-files.server";

// Apply the real migrations/ folder to the test D1 before any test runs (idempotent).
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// Documents built directly by tests (not through a request) read fonts from the same static assets.
useFontAssets(env.ASSETS);
