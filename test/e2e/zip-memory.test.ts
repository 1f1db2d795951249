/**
 * A 200-article Certificates.zip with mixed scripts (Vietnamese, Devanagari and Latin authors;
 * titles in Chinese, Japanese, Korean, Arabic, Persian, Hebrew, Thai, Tamil, Bengali…) stays
 * within the production isolate's 128 MB:
 * - measured exactly where garbage collection can be forced: the Worker's own builder, fonts
 *   and streaming zip run in Node (scripts/documents/memory.ts), the live heap and ArrayBuffers
 *   read after a collection every 25 entries;
 * - and end to end in local workerd through the real endpoint, read slowly, with workerd's
 *   resident memory sampled (printed: it also counts garbage not yet collected, which local
 *   workerd, without the production limit, lets pile up).
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { after, before, test } from "node:test";
import { unzipSync } from "fflate";
import { fetchOnHost, startApp, workerdRss, type App } from "./harness.ts";
import { SCRIPT_SAMPLES } from "../fixtures/scripts.ts";
import { addEditor, addIssue, insertArticleRows } from "./data.ts";

const HOST = "zipmem.localhost";
const ARTICLES = 200;
let app: App;
const refs: string[] = [];

before(async () => {
  app = await startApp(
    [{ slug: "zipmem", name: "Journal of Many Scripts", hosts: [HOST], settings: { websitename: "Journal of Many Scripts", issn: "2583-7002" }, admin: { username: "chief", password: "many-scripts-1" } }],
    async (env, [jid]) => {
      const issue = await addIssue(env, jid, { year: 2025, volume: 9, issue: 1, frequency: "Jan-Mar" });
      const authors = SCRIPT_SAMPLES.filter((s) => s.author).map((s) => s.text);
      const titles = SCRIPT_SAMPLES.filter((s) => !s.author).map((s) => s.text);
      const rows = [];
      for (let i = 0; i < ARTICLES; i++) {
        const ref = String(750000 + i);
        refs.push(ref);
        const title = process.env.LATIN_ONLY ? `A study of rice yields ${i + 1}` : `${titles[i % titles.length]} ${titles[(i * 7 + 3) % titles.length]} (${i + 1})`;
        const byline = process.env.LATIN_ONLY ? "Asha Rao, Bela Sen, Anjali Sharma" : [authors[i % authors.length], authors[(i + 2) % authors.length], "Anjali Sharma"].join(", ");
        const first = i * 5 + 1;
        rows.push({ refnumber: ref, title, authorname: byline, abstract: "<p>x</p>", keywords: "x", pagenumber: `${first}-${first + 4}`, publishdate: "2025-02-02" });
      }
      // Volume: 200 rows in one batch (the use-case, one call per article, would take a minute).
      await insertArticleRows(env, jid, issue, rows);
      await addEditor(env, jid, { name: "Prof. Ramesh Verma", category: "chief editor", post: "Professor", content: "University" });
    },
  );
});

after(async () => {
  await app?.stop();
});

test("a 200-article mixed-script Certificates.zip through the endpoint: 600 PDFs, workerd's memory sampled", async () => {
  const login = await fetchOnHost(app, HOST, "/auth/login/", {
    method: "POST",
    headers: { "content-type": "application/json", origin: `http://${HOST}:${app.port}` },
    body: JSON.stringify({ username: "chief", password: "many-scripts-1" }),
  });
  const { token } = (await login.json()) as { token: string };
  // Warm the isolate (fonts of a Latin certificate, the code paths) so the baseline is a running Worker.
  await (await fetchOnHost(app, HOST, `/api/pdf/certificate/${refs[0]}/3`)).arrayBuffer();
  const baseline = workerdRss(app.pid);
  let peak = baseline;
  // Sampled until the zip is read, or the test fails: a sampler left running would keep this file's
  // process alive, and the suite would wait for it for ever instead of reporting the failure.
  const timer = setInterval(() => (peak = Math.max(peak, workerdRss(app.pid))), 250);
  const started = Date.now();
  const chunks: Uint8Array[] = [];
  try {
    const res = await fetchOnHost(app, HOST, "/api/pdf/bulkcertificates", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ refnumbers: refs }),
    });
    assert.equal(res.status, 200);
    const reader = res.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      // A slow client: the zip is built only as fast as it is read.
      await new Promise((r) => setTimeout(r, 2));
    }
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, workerdRss(app.pid));
  const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let o = 0;
  for (const c of chunks) (bytes.set(c, o), (o += c.length));
  const entries = Object.entries(unzipSync(bytes));
  assert.equal(entries.length, ARTICLES * 3);
  for (const [name, data] of entries) assert.equal(new TextDecoder().decode(data.subarray(0, 5)), "%PDF-", name);
  const growth = peak - baseline;
  console.log(`Certificates.zip: ${entries.length} certificates, ${(bytes.length / 1048576).toFixed(1)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s; workerd RSS ${baseline} MB before, peak ${peak} MB (+${growth} MB, garbage included)`);
  assert.ok(Number.isFinite(growth), "workerd's memory could be read");
});

test("the same zip's live memory (Node, garbage collected) grows by less than 128 MB", () => {
  const run = spawnSync("node", ["--expose-gc", "scripts/documents/memory.ts"], { encoding: "utf8", timeout: 300_000 });
  assert.equal(run.status, 0, run.stderr);
  const result = JSON.parse(run.stdout.trim().split("\n").pop()!) as { entries: number; bytes: number; baselineMb: number; peakMb: number; growthMb: number };
  console.log(`live memory while building ${result.entries} certificates (${(result.bytes / 1048576).toFixed(1)} MB of zip): +${result.growthMb} MB (peak ${result.peakMb} MB over a ${result.baselineMb} MB baseline)`);
  assert.equal(result.entries, 600);
  assert.ok(result.growthMb < 128, `the zip kept ${result.growthMb} MB alive`);
});
