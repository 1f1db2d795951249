/**
 * Renders one sample of every document into a folder (default test-results/documents) for
 * looking at them: `node scripts/documents/samples.ts [outDir]`, then e.g.
 * `pdftoppm -png -r 60 test-results/documents/certificate-latin.pdf out`.
 * Runs the real builders through Vite (for the `?inline` font imports) in Node.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { readFile } from "node:fs/promises";
import { createServer } from "vite";
import { prepareFonts } from "../fonts/prepare.mjs";

const outDir = path.resolve(process.argv[2] ?? "test-results/documents");
mkdirSync(outDir, { recursive: true });

const vite = await createServer({
  configFile: false,
  logLevel: "error",
  server: { middlewareMode: true, hmr: false, ws: false },
  appType: "custom",
  optimizeDeps: { noDiscovery: true, include: [] },
});
try {
  // The documents read their fonts from public/fonts/ (the Worker's static assets) — here from disk.
  const fonts = prepareFonts();
  const { setFontSource } = await vite.ssrLoadModule("/app/documents/font-files.server.ts");
  setFontSource(async (file: string) => new Uint8Array(await readFile(path.join(fonts, file))));
  const { sampleDocuments, scriptSampleDocuments } = await vite.ssrLoadModule("/scripts/documents/sample-data.ts");
  const docs: { name: string; bytes: Uint8Array; ms: number }[] = [...(await sampleDocuments()), ...(await scriptSampleDocuments())];
  for (const d of docs) {
    writeFileSync(path.join(outDir, d.name), d.bytes);
    console.log(`${d.name.padEnd(40)} ${String(d.bytes.length).padStart(8)} bytes  ${d.ms.toFixed(1)} ms`);
  }
} finally {
  await vite.close();
}
