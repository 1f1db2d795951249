import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vitest/config";
import { prepareFonts } from "./scripts/fonts/prepare.mjs";

// All workerd tests run as ONE project inside the real Workers runtime (miniflare): the real
// migrations/ are applied to a real local D1 and files go to a real local R2.
export default defineConfig(async () => {
  // The documents read their fonts through the ASSETS binding (wrangler.toml: ./public).
  prepareFonts();
  const migrations = await readD1Migrations("./migrations");
  return {
    // The edge cache is on in the workerd tests, as in a production build (see vite.config.ts).
    define: { __BUILD_ID__: JSON.stringify("test") },
    plugins: [
      cloudflareTest({
        main: "./workers/app.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            JWT_SECRET: "test-secret-for-workerd-tests-0123456789abcdef",
            // Tests change journals directly in D1 and expect the next request to see it.
            JOURNAL_CACHE_MS: "0",
          },
        },
      }),
      // Supplies virtual:react-router/server-build so SELF.fetch renders real pages.
      reactRouter(),
    ],
    test: {
      include: ["app/**/*.test.{ts,tsx}", "workers/**/*.test.ts", "test/workers/**/*.test.ts"],
      setupFiles: ["./test/setup.ts"],
      // One isolate serves many test files, two files at a time (the default on 2 cores would be one
      // file at a time, each in a fresh isolate that imports the whole app again): 350 s → about
      // 60 s. Tests make their own journals (test/factories.ts keeps values unique per file), and
      // module state the app keeps per isolate is keyed by journal and version, as in production.
      isolate: false,
      maxWorkers: 2,
      testTimeout: 60_000,
      hookTimeout: 60_000,
    },
  };
});
