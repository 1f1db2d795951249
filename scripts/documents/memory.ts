/**
 * Live memory of a 200-article, mixed-script Certificates.zip built by the Worker's own code
 * (certificate builder, fonts from public/fonts/, the streaming zip), measured in Node where
 * the garbage collector can be asked to run: `node --expose-gc scripts/documents/memory.ts`.
 * After every 25 entries it collects garbage and reads the heap plus ArrayBuffer memory; prints
 * one JSON line {entries, bytes, baselineMb, peakMb, growthMb}. The growth holds everything the
 * zip keeps alive — fonts read and parsed, shaping memos, the entry being built — which is what
 * the Worker's 128 MB isolate must hold. Used by test/e2e/zip-memory.test.ts.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { createServer } from "vite";
import { prepareFonts } from "../fonts/prepare.mjs";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc");
const live = () => {
  gc();
  const m = process.memoryUsage();
  return (m.heapUsed + m.external) / 1048576;
};

const vite = await createServer({
  configFile: false,
  logLevel: "error",
  server: { middlewareMode: true, hmr: false, ws: false },
  appType: "custom",
  optimizeDeps: { noDiscovery: true, include: [] },
});
try {
  const fonts = prepareFonts();
  const { setFontSource } = await vite.ssrLoadModule("/app/documents/font-files.server.ts");
  setFontSource(async (file: string) => new Uint8Array(await readFile(path.join(fonts, file))));
  const { buildCertificate } = await vite.ssrLoadModule("/app/documents/certificate.server.ts");
  const { zipStream } = await vite.ssrLoadModule("/app/documents/zip.server.ts");
  const { journal, article } = await vite.ssrLoadModule("/scripts/documents/sample-data.ts");
  const { SCRIPT_SAMPLES } = await vite.ssrLoadModule("/test/fixtures/scripts.ts");
  const authors: string[] = SCRIPT_SAMPLES.filter((s: { author: boolean }) => s.author).map((s: { text: string }) => s.text);
  const titles: string[] = SCRIPT_SAMPLES.filter((s: { author: boolean }) => !s.author).map((s: { text: string }) => s.text);
  const tasks = Array.from({ length: 200 }, (_, i) => [authors[i % authors.length], authors[(i + 2) % authors.length], "Anjali Sharma"].map((author, k) => ({
    article: { ...article, refnumber: String(750000 + i), title: `${titles[i % titles.length]} ${titles[(i * 7 + 3) % titles.length]} (${i + 1})` },
    author,
    position: k + 1,
  }))).flat();
  const baseline = live();
  let peak = baseline;
  let index = 0;
  const stream: ReadableStream<Uint8Array> = zipStream(async () => {
    const task = tasks[index++];
    if (!task) return null;
    if (index % 25 === 0) peak = Math.max(peak, live());
    const code = `${task.article.refnumber}-${task.position}-K7QH3M9XWA`;
    const data = await buildCertificate({ journal, ...task, editorInChief: "Prof. Ramesh Verma", verifyUrl: `https://ijals.example/verify/${code}`, code });
    return { name: `${code}.pdf`, data };
  }, new Date(Date.UTC(2025, 1, 2)));
  let bytes = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
  }
  peak = Math.max(peak, live());
  console.log(JSON.stringify({ entries: tasks.length, bytes, baselineMb: Math.round(baseline), peakMb: Math.round(peak), growthMb: Math.round(peak - baseline) }));
} finally {
  await vite.close();
}
