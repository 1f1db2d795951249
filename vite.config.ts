import { reactRouter } from "@react-router/dev/vite";
import { cloudflare } from "@cloudflare/vite-plugin";
import { defineConfig } from "vite";

export default defineConfig(({ command }) => ({
  define: {
    // Part of every edge-cache key (workers/cache.ts): a deploy never serves pages rendered by
    // the previous build (they name its hashed scripts). Empty under the dev server, which
    // turns the edge cache off there, so a code change shows on the next reload.
    __BUILD_ID__: JSON.stringify(command === "build" ? `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}` : ""),
  },
  // Tenancy is by Host header, so the local servers must accept any host (journal-b.localhost,
  // a test's made-up host, an unknown one that should get the 404 page).
  server: { port: Number(process.env.PORT) || 5173, strictPort: true, allowedHosts: true },
  preview: { port: Number(process.env.PORT) || 5173, strictPort: true, allowedHosts: true },
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      // Browser tests and benchmarks run against their own throw-away local D1/R2.
      persistState: process.env.JOURNAL_STATE_DIR ? { path: process.env.JOURNAL_STATE_DIR } : true,
    }),
    reactRouter(),
  ],
}));
