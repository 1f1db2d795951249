/**
 * The bench's verdicts (scripts/bench/report.ts), on a made-up run: every case has a budget,
 * a figure over its budget fails the run, and a case measured without a budget fails it too.
 * Plain Node (no browser, no build): `node --test test/e2e/bench-budgets.test.ts`.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Figures } from "../../scripts/bench/load.ts";
import { renderReport, type Report } from "../../scripts/bench/report.ts";

const SIZES = ["1k", "10k", "100k"];
const PAGES = ["home", "issue", "article", "search"];

function fig(medianMs: number, extra: Partial<Figures> = {}): Figures {
  const n = extra.n ?? 60;
  return { n, medianMs, p90Ms: medianMs * 1.3, rps: 1000 / medianMs, d1Ms: 2, cpuMs: medianMs, trips: 1, meanTrips: 1, statuses: `200×${n}`, edge: `null×${n}`, bytes: 20_000, ...extra };
}

function goodRun(): Report {
  const latency: Record<string, Figures> = {};
  const throughput: Record<string, Figures> = {};
  for (const page of PAGES) {
    for (const size of SIZES) latency[`${page}@${size}`] = fig(8);
    latency[`static:${page}`] = fig(5, { cpuMs: 2 });
    latency[`cached:${page}`] = fig(6, { edge: "HIT×60" });
    for (const k of [`${page}@100k`, `static:${page}`, `cached:${page}`]) throughput[k] = fig(latency[k].medianMs);
  }
  latency["static:admin-archives"] = fig(5, { cpuMs: 2 });
  // D1's share: the replayed reads of each page, and the same request without them.
  latency["d1:none"] = fig(3, { cpuMs: 2 });
  for (const page of [...PAGES, "admin-archives", "issue-first"]) latency[`d1:${page}`] = fig(4, { cpuMs: 3.5 });
  latency["issue-first@10k"] = fig(10, { cpuMs: 9 });
  for (const size of SIZES) {
    latency[`api-search@${size}`] = fig(10, { d1Ms: 8 });
    latency[`search-first@${size}`] = fig(12, { d1Ms: 8 });
    latency[`oai@${size}`] = fig(18);
    for (const admin of ["admin-archives", "admin-search", "admin-search-rare"]) latency[`${admin}@${size}`] = fig(15, { cpuMs: 9 });
  }
  for (const size of ["1k", "100k"]) {
    latency[`search-rare@${size}`] = fig(9);
    latency[`api-search-rare@${size}`] = fig(6);
  }
  const sqlSet = Object.fromEntries(
    SIZES.map((s) => [s, { fts: { sqlMs: 6, wallMs: 12, rows: 20 }, like: { sqlMs: 18, wallMs: 30, rows: 50 }, instr: { sqlMs: 26, wallMs: 36, rows: 51 } }]),
  );
  const doc = (name: string, budgetMs: number, cpuMs: number, wallMs: number) => ({ name, budgetMs, state: "ok", n: 30, wallMs, d1Ms: 2, cpuMs, bytes: 60_000, detail: "" });
  const probe = (name: string, status = 200, html = 20_000) => ({
    name,
    path: "/",
    status,
    trips: 2,
    d1ms: 2,
    html: status === 200 ? html : null,
    htmlGzip: status === 200 ? 5_000 : null,
    js: { files: 5, raw: 300_000, gzip: 110_000 },
    etag: status === 200 ? 'W/"p1"' : null,
    revalidated: status === 200 ? 304 : null,
  });
  return {
    date: "2026-11-25T18:00:00.000Z",
    loadavgEnd: "1.00 1.00 1.00",
    source: { commit: "abc1234", dirty: false, fromHead: false },
    machine: { nproc: "2", memory: "8 GiB", cpu: "test", node: "v22", workerd: "1", os: "Linux", loadavg: "1.00 1.00 1.00" },
    quick: false,
    runSeconds: 300,
    seed: { ms: 1000, rows: Object.fromEntries(SIZES.map((s) => [s, { articles: 1000, fts: 1000, hits: 5, ms: 100, issues: 10 }])) },
    sizes: SIZES.map((label) => ({ label, size: 1000, host: `bench-${label}.localhost`, issues: 10, perIssue: 100 })),
    query: "drought tolerance",
    rareQuery: "quinoa bioreactor",
    pages: PAGES,
    latency,
    throughput,
    probes: [probe("home"), probe("issue", 200, 115_000), probe("article"), probe("archives (redirect)", 302), probe("verify (invalid code)", 404), probe("not found", 404)],
    bare: { js: { files: 4, raw: 290_000, gzip: 108_000 }, html: 1000, htmlGzip: 500 },
    sql: { query: sqlSet, rare: sqlSet } as Report["sql"],
    docs: {
      floorMs: 4,
      floorCpuMs: 3,
      workerCpuMs: 4.5,
      figures: [
        doc("certificate, Latin name", 10, 7, 9),
        doc("certificate, Devanagari name", 100, 10, 11),
        doc("cover page", 20, 8, 9),
        doc("editorial board (200 editors)", 300, 48, 43),
        doc("index page (200 articles)", 300, 41, 40),
        doc("Certificates.zip (100 articles × 5 authors)", 5000, 1200, 1160),
      ],
    },
    lighthouse: null,
    startup: {
      activeMs: 30,
      runs: [28, 30, 33],
      cpuMs: 20,
      startup: { files: 3, raw: 1_500_000, gzip: 500_000, largest: [{ file: "index.js", raw: 1_200_000, gzip: 400_000 }] },
      upload: { files: 8, raw: 4_000_000, gzip: 1_500_000 },
    },
    assets: [
      { file: "app-abcdefgh.css", status: 200, cacheControl: "public, max-age=31536000, immutable" },
      { file: "entry-abcdefgh.js", status: 200, cacheControl: "public, max-age=31536000, immutable" },
      { file: "font-abcdefgh.woff2", status: 200, cacheControl: "public, max-age=31536000, immutable" },
    ],
    load: { latency: { perTarget: 60, rounds: 12, warmup: 5 }, rare: { perTarget: 15, rounds: 3, warmup: 2 }, throughput: { perTarget: 200, rounds: 4, warmup: 20 }, sqlRuns: 11 },
  };
}

const missedBy = (change: (r: Report) => void) => {
  const r = goodRun();
  change(r);
  return renderReport(r).missed;
};

test("a run within every budget passes, and every measured case is judged", () => {
  const { missed, markdown } = renderReport(goodRun());
  assert.deepEqual(missed, []);
  assert.match(markdown, /\| Every measured case has a budget \| \d+ cases judged \| all \| ✅ met \|/);
  assert.match(markdown, /\| cover page \(CPU: workerd CPU − static-file CPU\) \| 5\.0 ms/);
});

test("the cover page has a budget", () => {
  assert.match(missedBy((r) => (r.docs.figures[2].cpuMs = 30)).join("\n"), /^cover page \(CPU/m);
});

test("pages against the same bytes as a static file: a slow render fails", () => {
  assert.match(missedBy((r) => (r.latency["article@100k"] = fig(40))).join("\n"), /article page at 100k: median latency ÷ the same bytes as a static file/);
  assert.match(missedBy((r) => (r.latency["issue@100k"] = fig(16))).join("\n"), /issue page at 100k: median latency ÷ the same bytes as a static file: 3\.20×/);
  assert.match(missedBy((r) => (r.throughput["search@100k"] = fig(20))).join("\n"), /search page at 100k: throughput \(8 in flight\) ÷ the same bytes as a static file: 0\.25×/);
});

test("rendering CPU: workerd CPU less the static file's and D1's over 8 ms fails, for each reader page and the admin issue list", () => {
  // 12 − 2 − (3.5 − 2) = 8.5 ms
  assert.match(missedBy((r) => (r.latency["home@100k"] = fig(8, { cpuMs: 12 }))).join("\n"), /home page at 100k: rendering CPU per request \(workerd CPU − static-file CPU − D1 CPU\): 8\.5 ms/);
  assert.match(missedBy((r) => (r.latency["admin-archives@100k"] = fig(15, { cpuMs: 12 }))).join("\n"), /admin issue list \(\/admin\/archives\) at 100k: rendering CPU/);
  // D1's CPU is taken off: the same CPU with 3 ms of D1 (replayed reads 5 ms, none 2 ms) is within budget.
  assert.deepEqual(missedBy((r) => ((r.latency["home@100k"] = fig(8, { cpuMs: 12 })), (r.latency["d1:home"] = fig(4, { cpuMs: 5 })))), []);
  // Without workerd's CPU figure, or without the replay, there is no verdict but a miss.
  assert.match(missedBy((r) => (r.latency["search@100k"] = fig(8, { cpuMs: null }))).join("\n"), /search page at 100k: rendering CPU per request \(workerd CPU − static-file CPU − D1 CPU\): not measured/);
  assert.match(missedBy((r) => delete r.latency["d1:issue"]).join("\n"), /issue page at 100k: rendering CPU per request/);
});

test("an issue page rendered for the first time in the isolate over 8 ms of rendering CPU fails", () => {
  // 11 − 2 − 1.5 = 7.5 ms is within; 12 − 2 − 1.5 = 8.5 ms is not.
  assert.match(missedBy((r) => (r.latency["issue-first@10k"] = fig(10, { cpuMs: 12 }))).join("\n"), /rendered for the first time in the isolate.*: 8\.5 ms/);
});

test("the 100-article issue page over 120 KiB of HTML fails", () => {
  assert.match(missedBy((r) => (r.probes[1].html = 130_000)).join("\n"), /HTML of the 100-article issue page at 100k: 127\.0 KiB/);
});

test("a reader page without an ETag, or not answering 304 for it, fails; so does a hashed file cached for less than good", () => {
  assert.match(missedBy((r) => (r.probes[0].etag = null)).join("\n"), /Reader HTML: an ETag, and 304 for If-None-Match \(from the edge cache\): home: no ETag/);
  assert.match(missedBy((r) => (r.probes[2].revalidated = 200)).join("\n"), /article: answered 200/);
  assert.match(missedBy((r) => (r.assets[2].cacheControl = "public, max-age=0, must-revalidate")).join("\n"), /font-abcdefgh\.woff2: 200 public, max-age=0, must-revalidate/);
});

test("a slow Worker start, or too much evaluated at startup, fails", () => {
  assert.match(missedBy((r) => (r.startup.cpuMs = 51)).join("\n"), /Worker startup \(a fresh start .*median: workerd CPU\): 51\.0 ms/);
  // Without Linux's CPU figure, the profile's active time is judged.
  assert.match(missedBy((r) => ((r.startup.cpuMs = null), (r.startup.activeMs = 51))).join("\n"), /median: profile's active time\): 51\.0 ms/);
  assert.match(missedBy((r) => (r.startup.startup.gzip = 800_000)).join("\n"), /Modules evaluated at startup/);
});

test("Lighthouse, when run: Performance under 98 on a page fails, and so does anything under 100 elsewhere", () => {
  const scores = (performance: number, accessibility = 100) => ({ performance, accessibility, "best-practices": 100, seo: 100 });
  const lighthouse = (pages: Record<string, ReturnType<typeof scores>>) => (r: Report) => (r.lighthouse = { version: "13.5.0", pages });
  assert.deepEqual(missedBy(lighthouse({ home: scores(99), issue: scores(98), article: scores(100) })), []);
  assert.match(missedBy(lighthouse({ home: scores(99), issue: scores(97), article: scores(100) })).join("\n"), /Lighthouse Performance, issue \(mobile\): 97/);
  assert.match(missedBy(lighthouse({ home: scores(99, 96), issue: scores(98), article: scores(100) })).join("\n"), /Lighthouse Accessibility, Best Practices, SEO, home \(mobile\): 96, 100, 100/);
});

test("edge cache: a HIT no faster than a MISS, a MISS among the cached answers, or D1 work on a HIT fails", () => {
  assert.match(missedBy((r) => (r.latency["cached:home"] = fig(11, { edge: "HIT×60" }))).join("\n"), /home page at 100k: edge-cache HIT/);
  assert.match(missedBy((r) => (r.latency["cached:issue"] = fig(6, { edge: "HIT×59 MISS×1" }))).join("\n"), /issue page at 100k: edge-cache HIT/);
  assert.match(missedBy((r) => (r.latency["cached:search"] = fig(6, { edge: "HIT×60", trips: 2 }))).join("\n"), /search page at 100k: edge-cache HIT/);
});

test("edge cache: a HIT close to a render that is itself near the static file passes; one well above the static file does not", () => {
  const cachedIssue = (hit: number) =>
    missedBy((r) => {
      r.latency["issue@100k"] = fig(4.8);
      r.latency["static:issue"] = fig(3.2, { cpuMs: 2 });
      r.latency["cached:issue"] = fig(hit, { edge: "HIT×60" });
    }).filter((m) => m.startsWith("issue page at 100k: edge-cache HIT"));
  assert.deepEqual(cachedIssue(3.9), []); // 0.81× of the render, 1.22× of the static file
  assert.equal(cachedIssue(4.5).length, 1); // 0.94× of the render, 1.41× of the static file
});

test("a search asked for the first time (not from the page's memory) with slow D1 fails", () => {
  assert.match(missedBy((r) => (r.latency["search-first@100k"] = fig(30, { d1Ms: 25 }))).join("\n"), /\/search page at 100k, .*asked for the first time \(0\.5 % match\): server \(D1\) time median: 25\.0 ms/);
});

test("search D1 scaling is judged on means: a 2 ms median against 1 ms passes when the means are close, and fails when they double", () => {
  const quantised = (big: number, small: number) =>
    missedBy((r) => {
      r.latency["api-search-rare@100k"] = { ...r.latency["api-search-rare@100k"], d1Ms: 2, d1MeanMs: big };
      r.latency["api-search-rare@1k"] = { ...r.latency["api-search-rare@1k"], d1Ms: 1, d1MeanMs: small };
    }).filter((m) => m.includes("quinoa bioreactor") && m.includes("at 100k ÷ at 1k"));
  assert.deepEqual(quantised(1.55, 1.45), []);
  assert.equal(quantised(2.0, 1.0).length, 1);
});

test("search SQL: FTS5 slower than a LIKE scan at the largest size fails", () => {
  assert.match(missedBy((r) => (r.sql.rare["100k"].fts.wallMs = 40)).join("\n"), /Search SQL at 100k, "quinoa bioreactor"/);
});

test("a reader page answering the wrong status fails", () => {
  assert.match(missedBy((r) => (r.probes[2].status = 500)).join("\n"), /article: 500/);
});

test("a case measured without a budget fails the run, and so does a document without one", () => {
  assert.match(missedBy((r) => (r.latency["feed@100k"] = fig(5))).join("\n"), /Every measured case has a budget: none for feed@100k/);
  assert.match(missedBy((r) => (r.docs.figures[2].budgetMs = Number.NaN)).join("\n"), /cover page: has a budget/);
});

test("the bench's copy of the app holds every local file the build configuration imports", async () => {
  const { readFileSync } = await import("node:fs");
  const path = await import("node:path");
  const { APP_FILES } = await import("../../scripts/bench/server.ts");
  const root = path.resolve(import.meta.dirname, "../..");
  const covered = (file: string) => APP_FILES.some((f) => file === f || file.startsWith(`${f}/`));
  const missing: string[] = [];
  for (const config of ["vite.config.ts", "react-router.config.ts"]) {
    assert.ok(covered(config), config);
    for (const m of readFileSync(path.join(root, config), "utf8").matchAll(/^import [^"]*"(\.{1,2}\/[^"]+)"/gm)) {
      const file = path.relative(root, path.resolve(root, m[1]));
      const candidates = [file, `${file}.ts`, `${file}.mjs`, `${file}.js`];
      if (!candidates.some(covered)) missing.push(`${config} imports ${m[1]}`);
    }
  }
  assert.deepEqual(missing, []);
});
