/**
 * Every script draws right (issue "every name prints right"): for each script sample
 * (test/fixtures/scripts.ts) an author's certificate (the sample in the author's name where the
 * spec's author rule admits it, else as the title), an editor's certificate (the editor's
 * name) and the index page (the article's title) are rendered by Poppler, and each line holding
 * the sample is compared with Chromium's drawing of the same text in the same font files
 * (test/drawn-text.ts) — what is drawn, not the text layer, which reads right even when the
 * page shows "????". Chromium shapes with HarfBuzz and resolves bidi and font fallback itself.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { unzipSync } from "fflate";
import type { Browser, Page } from "playwright-core";
import { fetchOnHost, launchBrowser, screenshot, startApp, type App } from "./harness.ts";
import { savePdf } from "../pdf-text.ts";
import { encodeRgbPng } from "../../app/lib/png.ts";
import { browserDrawing, likeness, renderLine, textBoxes, type FontManifestLike } from "../drawn-text.ts";
import { SCRIPT_SAMPLES, type ScriptSample } from "../fixtures/scripts.ts";
import { addArticle, addEditor, addIssue } from "./data.ts";

const HOST = "drawn.localhost";
const BASE_REF = 740100;
const work = mkdtempSync(path.join(tmpdir(), "drawn-scripts-"));
let app: App;
let browser: Browser;
let page: Page;
let manifest: FontManifestLike;
const editorIds = new Map<string, number>();

const refOf = (i: number) => String(BASE_REF + i);
const CJK_FIRST: Record<string, string> = { "chinese-traditional": "tc", japanese: "jp", korean: "kr" };

before(async () => {
  app = await startApp(
    [{ slug: "drawn", name: "Journal of Drawn Names", hosts: [HOST], settings: { websitename: "Journal of Drawn Names", issn: "2583-7001" }, admin: { username: "chief", password: "drawn-names-1" } }],
    async (env, [jid]) => {
      const issue = await addIssue(env, jid, { year: 2025, volume: 7, issue: 2, frequency: "Apr-Jun" });
      for (const [i, s] of SCRIPT_SAMPLES.entries()) {
        const first = i * 4 + 1;
        await addArticle(env, jid, issue, { refnumber: refOf(i), title: s.text, authorname: s.author ? s.text : "Anjali Sharma", abstract: "<p>x</p>", keywords: "x", pagenumber: `${first}-${first + 3}`, publishdate: "2025-05-02" });
        editorIds.set(s.script, (await addEditor(env, jid, { name: s.text, category: "associate editor", post: "Professor", content: "University" })).id);
      }
      await addEditor(env, jid, { name: "Prof. Ramesh Verma", category: "chief editor", post: "Professor", content: "University" });
    },
  );
  browser = await launchBrowser();
  page = await browser.newPage();
  manifest = (await (await fetchOnHost(app, HOST, "/fonts/manifest.json")).json()) as FontManifestLike;
});

after(async () => {
  await browser?.close();
  await app?.stop();
  rmSync(work, { recursive: true, force: true });
});

const get = (p: string, init: RequestInit = {}) => fetchOnHost(app, HOST, p, init);

async function token(): Promise<string> {
  const res = await get("/auth/login/", {
    method: "POST",
    headers: { "content-type": "application/json", origin: `http://${HOST}:${app.port}` },
    body: JSON.stringify({ username: "chief", password: "drawn-names-1" }),
  });
  assert.equal(res.status, 200);
  return ((await res.json()) as { token: string }).token;
}

interface Check {
  doc: string;
  file: string;
  page: number;
  line: string;
  style: "regular" | "bold";
  dpi: number;
  sample: ScriptSample;
}

/**
 * Compares the PDF's drawing of `line` with Chromium's. The thresholds were set on the
 * renderings of this branch (every script: proportions within 2%, overall ≥ 0.95, worst strip
 * ≥ 0.82) with a margin for antialiasing, and fail for "?" in place of letters, a box, a
 * missing mark or reversed / unjoined Arabic.
 */
async function drawnRight(c: Check): Promise<string | null> {
  const boxes = textBoxes(c.file, c.page);
  const box = boxes.find((b) => b.text === c.line.normalize("NFC"));
  if (!box) return `${c.doc}: no line reading "${c.line}" (lines: ${boxes.map((b) => b.text).join(" | ")})`;
  const pdf = renderLine(c.file, box, { page: c.page, dpi: c.dpi });
  const chrome = await browserDrawing(page, `http://${HOST}:${app.port}/fonts/`, manifest, c.line, c.style, CJK_FIRST[c.sample.script] ?? "sc");
  const l = likeness(pdf, chrome);
  if (process.env.DRAWN_DEBUG_DIR) {
    const name = c.doc.replace(/[^a-z0-9]+/gi, "-");
    for (const [suffix, g] of [["pdf", pdf], ["chromium", chrome]] as const) {
      const rgb = new Uint8Array(g.width * g.height * 3);
      g.pixels.forEach((v, k) => rgb.fill(v, k * 3, k * 3 + 3));
      writeFileSync(path.join(process.env.DRAWN_DEBUG_DIR, `${name}-${suffix}.png`), encodeRgbPng(g.width, g.height, rgb));
    }
  }
  const ok = Math.abs(l.aspect - 1) <= 0.08 && l.overall >= 0.9 && l.worstStrip >= 0.65;
  return ok ? null : `${c.doc} "${c.line}": proportions ${l.aspect.toFixed(3)}, overall ${l.overall.toFixed(3)}, worst strip ${l.worstStrip.toFixed(3)} at ${(l.worstStripAt * 100).toFixed(0)}%`;
}

test("every script draws fully on the author's certificate, the editor's certificate and the index page, as Chromium draws it", async () => {
  const auth = { authorization: `Bearer ${await token()}`, "content-type": "application/json" };
  const editorZip = unzipSync(new Uint8Array(await (await get("/api/pdf/editorscertificate", { method: "POST", headers: auth, body: JSON.stringify({ ids: [...editorIds.values()] }) })).arrayBuffer()));
  const index = await get("/api/pdf/indexpage", { method: "POST", headers: auth, body: JSON.stringify({ refnumbers: SCRIPT_SAMPLES.map((_, i) => refOf(i)) }) });
  assert.equal(index.status, 200);
  const indexFile = savePdf(work, "index.pdf", await index.arrayBuffer());
  const pageCount = Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [indexFile], { encoding: "utf8" }))?.[1] ?? 1);
  const indexPages = Array.from({ length: pageCount }, (_, k) => k + 1);
  const failures: string[] = [];
  const seen: string[] = [];
  for (const [i, s] of SCRIPT_SAMPLES.entries()) {
    const cert = await get(`/api/pdf/certificate/${refOf(i)}/1`);
    assert.equal(cert.status, 200, s.script);
    const certFile = savePdf(work, `cert-${s.script}.pdf`, await cert.arrayBuffer());
    const [editorName, editorBytes] = Object.entries(editorZip).find(([name]) => name.startsWith(`editor-${editorIds.get(s.script)}-`))!;
    const editorFile = savePdf(work, editorName, editorBytes);
    const checks: Check[] = [
      s.author
        ? { doc: `${s.script} author's certificate (name)`, file: certFile, page: 1, line: s.text, style: "bold", dpi: 300, sample: s }
        : { doc: `${s.script} author's certificate (title)`, file: certFile, page: 1, line: `“${s.text}”`, style: "regular", dpi: 400, sample: s },
      { doc: `${s.script} editor's certificate`, file: editorFile, page: 1, line: s.text, style: "bold", dpi: 300, sample: s },
    ];
    const indexPage = indexPages.find((p) => textBoxes(indexFile, p).some((b) => b.text === s.text)) ?? 1;
    checks.push({ doc: `${s.script} index page (title)`, file: indexFile, page: indexPage, line: s.text, style: "regular", dpi: 600, sample: s });
    for (const c of checks) {
      const problem = await drawnRight(c);
      if (problem) failures.push(problem);
      seen.push(c.doc);
    }
  }
  assert.equal(seen.length, SCRIPT_SAMPLES.length * 3);
  assert.deepEqual(failures, [], `drawn differently from Chromium:\n${failures.join("\n")}`);
});

test("the issue page shows every script legibly: the script faces are linked (CJK only where a page has CJK) and load", async () => {
  const web = await browser.newPage();
  try {
    await web.goto(`http://${HOST}:${app.port}/archives/2025/vol7/issue2`);
    await web.evaluate(async () => {
      await document.fonts.ready;
    });
    const links = await web.$$eval('link[rel="stylesheet"]', (els) => els.map((e) => e.getAttribute("href")));
    assert.ok(links.includes("/fonts/scripts.css"), links.join(" "));
    // Chinese without traditional-only characters and with kana elsewhere on the page: the Japanese rules.
    assert.ok(links.some((l) => /^\/fonts\/cjk-(sc|tc|jp|kr)\.css$/.test(l ?? "")), links.join(" "));
    const loaded = await web.evaluate(() => [...document.fonts].filter((f) => f.family.replace(/"/g, "") === "Journal Scripts" && f.status === "loaded").length);
    // Arabic, Hebrew, Thai, Cyrillic, Greek, seven Indic scripts and CJK slices at least.
    assert.ok(loaded >= 12, `${loaded} "Journal Scripts" faces loaded`);
    await screenshot(web, "scripts-issue-page");
    // A page without CJK text links no CJK rules.
    await web.goto(`http://${HOST}:${app.port}/instructions`);
    const plain = await web.$$eval('link[rel="stylesheet"]', (els) => els.map((e) => e.getAttribute("href")));
    assert.ok(!plain.some((l) => /cjk-/.test(l ?? "")), plain.join(" "));
  } finally {
    await web.close();
  }
});
