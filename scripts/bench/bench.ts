/**
 * `npm run bench`: builds the production bundle (in a temp copy), seeds a benchmark
 * journal at 1k, 10k and 100k articles into a throw-away local D1, serves the build in local
 * workerd (`vite preview`) and measures reader pages, search, documents, JavaScript bytes and
 * the edge cache. Every figure that matters is a ratio measured in the same run (the machine is
 * shared and noisy), with absolute medians for reference. Prints the table, writes it to
 * docs/bench/results.md, and exits 1 when a budget is missed.
 *
 *   npm run bench                     full run (a few minutes)
 *   npm run bench -- --quick          fewer requests (a smoke run; figures are rougher)
 *   npm run bench -- --lighthouse     also Lighthouse scores (needs Chromium and npx access to lighthouse)
 *   npm run bench -- --head           measure the last commit's app instead of the working tree
 *   npm run bench -- --keep           keep the temp folder (build, state) for inspection
 *   npm run bench -- --no-write       print only; leave docs/bench/results.md alone
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { getPlatformProxy } from "wrangler";
import { bareApp, gzipSize, jsBytes } from "./bundle.ts";
import { ADMIN, checkBenchJournal, RARE_QUERY, seedBenchJournal, SEARCH_QUERY, T1, T2, type BenchJournal } from "./data.ts";
import { runLighthouse, type LighthouseScores } from "./lighthouse.ts";
import { Client, interleaved, summarise, type Figures, type Sample, type Target } from "./load.ts";
import { machineInfo, renderReport, type DocFigure, type Report } from "./report.ts";
import { buildCopy, migrate, root, sourceInfo, startPreview, workerdVersion, type Server } from "./server.ts";
import { measureStartup } from "./startup.ts";
import { measureSearchSql } from "./sql.ts";
import { median } from "./stats.ts";

const args = new Set(process.argv.slice(2));
const QUICK = args.has("--quick");
const started = Date.now();
const SIZES = [
  ["1k", 1_000],
  ["10k", 10_000],
  ["100k", 100_000],
] as const;
type Size = (typeof SIZES)[number][0];
const PAGES = ["home", "issue", "article", "search"] as const;
type Page = (typeof PAGES)[number];

const LOAD = QUICK
  ? { latency: { perTarget: 20, rounds: 2, warmup: 3 }, rare: { perTarget: 6, rounds: 2, warmup: 1 }, throughput: { perTarget: 48, rounds: 2, warmup: 8 }, sqlRuns: 5, docs: 0.4 }
  : { latency: { perTarget: 60, rounds: 12, warmup: 5 }, rare: { perTarget: 15, rounds: 3, warmup: 2 }, throughput: { perTarget: 200, rounds: 4, warmup: 20 }, sqlRuns: 11, docs: 1 };

function log(msg: string) {
  const s = ((Date.now() - started) / 1000).toFixed(0).padStart(4);
  console.log(`[${s} s] ${msg}`);
}

const tmp = mkdtempSync(path.join(tmpdir(), "journal-bench-"));
const appDir = path.join(tmp, "app");
const stateDir = path.join(tmp, "state");
let server: Server | null = null;

async function main(): Promise<number> {
  const machine = machineInfo(workerdVersion());
  const source = sourceInfo(args.has("--head"));
  log(`temp folder ${tmp}`);

  const { bare, startup } = await buildApps(source);
  const { journals, seeded, sql } = await seedJournals();
  const site = sitePages(journals);
  const { j100, issuePath, pagePath } = site;
  const { probes, assets } = await probeRun(site);

  // ---- Server 2: the measurements. --------------------------------------------------------------
  log("starting vite preview (measurement run) …");
  server = await startPreview(appDir, stateDir, j100.host);
  const client = new Client(server.origin, server.cpuMs);
  const targets = await measurementTargets(client, journals, site);
  const { latency, throughput } = await loadRuns(client, targets, journals, site);

  log("documents (PDF endpoints) …");
  const docs = await measureDocuments(client, j100, LOAD.docs);

  let lighthouse: LighthouseScores | null = null;
  if (args.has("--lighthouse")) {
    log("Lighthouse (mobile) on home, issue and article …");
    lighthouse = await runLighthouse(server.origin, j100.host, { home: "/", issue: issuePath, article: pagePath("article", j100) }, tmp);
  }
  await server.stop();
  server = null;

  const report: Report = {
    date: new Date().toISOString(),
    loadavgEnd: loadavg().map((l) => l.toFixed(2)).join(" "),
    source,
    machine,
    quick: QUICK,
    runSeconds: Math.round((Date.now() - started) / 1000),
    seed: seeded,
    sizes: SIZES.map(([label, size]) => ({ label, size, host: journals[label].host, issues: journals[label].otherIssues + 1, perIssue: journals[label].perIssue })),
    query: SEARCH_QUERY,
    rareQuery: RARE_QUERY,
    pages: PAGES as unknown as string[],
    latency,
    throughput,
    probes,
    bare,
    sql,
    docs,
    lighthouse,
    startup,
    assets,
    load: LOAD,
  };
  return publish(report);
}

/** The production bundle of the app measured, the bare yardstick app, and the Worker's start. */
async function buildApps(source: Report["source"]) {
  log(`building the production bundle (copy of ${source.fromHead ? `commit ${source.commit}` : "the working tree"}) …`);
  buildCopy(appDir, source.fromHead);
  log("building a bare React Router app for the JavaScript yardstick …");
  const bare = await bareApp(path.join(tmp, "bare"));
  log(`profiling the Worker's start (${QUICK ? 3 : 7} fresh starts, as wrangler check startup does) …`);
  const startup = await measureStartup(path.join(appDir, "build/server"), QUICK ? 3 : 7);
  return { bare, startup };
}

/** A fresh local D1 with the 1k, 10k and 100k journals, checked, and the search SQL timed on it. */
async function seedJournals() {
  log("migrating a fresh local D1 and seeding 1k / 10k / 100k article journals …");
  migrate(appDir, stateDir);
  const seedStart = Date.now();
  const proxy = await getPlatformProxy<Env>({ configPath: path.join(appDir, "wrangler.toml"), persist: { path: `${stateDir}/v3` } });
  const journals = {} as Record<Size, BenchJournal>;
  const seeded: Report["seed"] = { ms: 0, rows: {} };
  let sql: Report["sql"];
  try {
    for (const [i, [label, size]] of SIZES.entries()) {
      const t = Date.now();
      journals[label] = await seedBenchJournal(proxy.env.DB, label, size, i, proxy.env.FILES);
      const check = await checkBenchJournal(proxy.env.DB, journals[label]);
      seeded.rows[label] = { ...check, ms: Date.now() - t, issues: journals[label].otherIssues + 1 };
      log(`  bench-${label}: ${check.articles} articles, ${check.hits} match "${SEARCH_QUERY}" (${Date.now() - t} ms)`);
    }
    seeded.ms = Date.now() - seedStart;
    log("search SQL through the platform proxy: FTS5 vs LIKE vs instr scans …");
    const list = SIZES.map(([label]) => ({ label, id: journals[label].id }));
    sql = {
      query: await measureSearchSql(proxy.env.DB, list, SEARCH_QUERY, LOAD.sqlRuns),
      rare: await measureSearchSql(proxy.env.DB, list, RARE_QUERY, LOAD.sqlRuns),
    };
  } finally {
    await proxy.dispose();
  }
  return { journals, seeded, sql: sql! };
}

/** The newest issue of the largest journal, and the path of each reader page at any size. */
function sitePages(journals: Record<Size, BenchJournal>) {
  const big: Size = "100k";
  const j100 = journals[big];
  const { year, volume, issue } = j100.newestIssue;
  const issuePath = `/archives/${year}/vol${volume}/issue${issue}`;
  const pagePath = (page: Page, j: BenchJournal): string => {
    switch (page) {
      case "home":
        return "/";
      case "issue":
        return issuePath;
      case "article":
        return `/archives/${year}/${volume}/${issue}/${j.issueRefs[42]}`;
      case "search":
        return `/search?keyword=${encodeURIComponent(SEARCH_QUERY).replace(/%20/g, "+")}`;
    }
  };
  const bust = (p: string) => `${p}${p.includes("?") ? "&" : "?"}b={b}`;
  return { big, j100, year, volume, issue, issuePath, pagePath, bust };
}

type Site = ReturnType<typeof sitePages>;

/**
 * Server 1: every reader page probed (D1 round trips, bytes, JS), how the hashed assets are
 * cached, and each page's HTML written as the static-file baseline's copy.
 */
async function probeRun(site: Site) {
  const { j100, issuePath, pagePath, bust } = site;
  log("starting vite preview (probe run) …");
  server = await startPreview(appDir, stateDir, j100.host);
  const client = new Client(server.origin);
  const readerPages: [string, string][] = [
    ["home", "/"],
    ["issue", issuePath],
    ["article", pagePath("article", j100)],
    ["article (bot user agent: no view count)", pagePath("article", j100)],
    ["search", pagePath("search", j100)],
    ["search (empty)", "/search"],
    ["archives (redirect)", "/archives"],
    ["board", "/board"],
    ["indexing", "/indexing"],
    ["certificate page", `/pdf?refno=${j100.issueRefs[0]}`],
    ["verify (invalid code)", "/verify/NOT-A-CODE"],
    ["instructions", "/instructions"],
    ["contact", "/contact"],
    ["privacy-policy", "/privacy-policy"],
    ["terms-and-conditions", "/terms-and-conditions"],
    ["not found", "/no-such-page"],
  ];
  const probes: Report["probes"] = [];
  const staticHtml = {} as Record<Page | "admin-archives", Uint8Array>;
  for (const [name, p] of readerPages) {
    const headers: Record<string, string> = name.includes("bot") ? { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" } : {};
    const r = await client.request({ host: j100.host, path: bust(p), headers });
    const html = new TextDecoder().decode(r.body);
    const isHtml = (r.headers.get("content-type") ?? "").includes("text/html");
    // A browser revalidating the page it has: the same request with its ETag (served from the
    // edge cache, which the first plain request has filled; the bench's cache bypass aside).
    const etag = r.headers.get("etag");
    let revalidated: number | null = null;
    if (isHtml && r.status === 200 && etag) {
      await client.request({ host: j100.host, path: p, headers });
      await new Promise((done) => setTimeout(done, 100));
      revalidated = (await client.request({ host: j100.host, path: p, headers: { ...headers, "if-none-match": etag } })).status;
    }
    probes.push({
      name,
      path: p,
      status: r.status,
      trips: r.trips,
      d1ms: r.d1ms,
      html: isHtml ? r.bytes : null,
      htmlGzip: isHtml ? gzipSize(r.body) : null,
      js: isHtml && r.status < 300 ? jsBytes(html, path.join(appDir, "build/client")) : null,
      etag,
      revalidated,
    });
    if ((PAGES as readonly string[]).includes(name)) {
      if (r.status !== 200) throw new Error(`${name} page answered ${r.status}: ${html.slice(0, 500)}`);
      staticHtml[name as Page] = r.body;
    }
  }
  // The admin issue list as a signed-in reader of it gets it (its static-file twin, below).
  {
    const login = await client.request({ host: j100.host, path: "/auth/login/", method: "POST", body: JSON.stringify(ADMIN) });
    const token = login.status === 200 ? ((JSON.parse(new TextDecoder().decode(login.body)) as { token?: string }).token ?? "") : "";
    const r = await client.request({ host: j100.host, path: "/admin/archives?b={b}", headers: { authorization: `Bearer ${token}` } });
    if (r.status !== 200) throw new Error(`admin issue list answered ${r.status}`);
    staticHtml["admin-archives"] = r.body;
  }
  // How the static files the pages load are cached: one of each kind the build names by content.
  const assets: Report["assets"] = [];
  for (const file of hashedAssets(path.join(appDir, "build/client/assets"))) {
    const r = await client.request({ host: j100.host, path: `/assets/${file}` });
    assets.push({ file, status: r.status, cacheControl: r.headers.get("cache-control") });
  }
  await server.stop();
  server = null;

  // The platform's limit: the same bytes as a file, served by the same workerd's asset server.
  for (const page of [...PAGES, "admin-archives"] as const) writeFileSync(path.join(appDir, "build/client", `bench-static-${page}.html`), staticHtml[page]);
  return { probes, assets };
}

/** Server 2's targets: every page at every size, its static copy and cached twin, the API, OAI, staff pages and D1 replays. */
async function measurementTargets(client: Client, journals: Record<Size, BenchJournal>, site: Site) {
  const { big, j100, year, volume, issue, pagePath, bust } = site;
  const targets: Record<string, Target> = {};
  for (const page of PAGES) {
    for (const [label] of SIZES) targets[`${page}@${label}`] = { host: journals[label].host, path: bust(pagePath(page, journals[label])) };
  }
  // The asset server answers /name for name.html (and redirects /name.html there).
  for (const page of [...PAGES, "admin-archives"]) targets[`static:${page}`] = { host: j100.host, path: `/bench-static-${page}` };
  for (const page of PAGES) targets[`cached:${page}`] = { host: j100.host, path: pagePath(page, j100) };
  // A search the isolate has not answered before (the page keeps a repeated search until the
  // journal's next staff write): the other two-word title queries, each as selective as
  // SEARCH_QUERY (1 row in 200), in turn. The search pages' D1 budgets are judged on these.
  const firstSearches = T1.flatMap((a) => T2.map((b) => bust(`/search?keyword=${`${a} ${b}`.toLowerCase().replace(/ /g, "+")}`)));
  for (const [label] of SIZES) targets[`search-first@${label}`] = { host: journals[label].host, path: firstSearches[0], rotate: firstSearches };
  for (const [label] of SIZES) {
    targets[`api-search@${label}`] = { host: journals[label].host, path: `/api/search?keyword=${encodeURIComponent(SEARCH_QUERY)}&b={b}` };
    // OAI-PMH is never edge-cached, and refuses arguments it does not know (no `b=` here).
    targets[`oai@${label}`] = { host: journals[label].host, path: "/oai?verb=ListRecords&metadataPrefix=oai_dc" };
  }
  // Staff work on years of issues too: the admin issue list and admin search, signed in (a real token: it overrides the
  // cache-bypass bearer), at every size. Admin pages are never edge-cached.
  for (const [label] of SIZES) {
    const j = journals[label];
    const login = await client.request({ host: j.host, path: "/auth/login/", method: "POST", body: JSON.stringify(ADMIN) });
    const token = login.status === 200 ? ((JSON.parse(new TextDecoder().decode(login.body)) as { token?: string }).token ?? "") : "";
    if (!token) throw new Error(`admin sign-in at ${label} answered ${login.status}`);
    const headers = { authorization: `Bearer ${token}` };
    targets[`admin-archives@${label}`] = { host: j.host, path: "/admin/archives?b={b}", headers };
    targets[`admin-search@${label}`] = { host: j.host, path: `/admin/search?q=${encodeURIComponent(SEARCH_QUERY)}&b={b}`, headers };
    targets[`admin-search-rare@${label}`] = { host: j.host, path: `/admin/search?q=${encodeURIComponent(RARE_QUERY)}&b={b}`, headers };
    for (const key of [`admin-archives@${label}`, `admin-search@${label}`, `admin-search-rare@${label}`]) {
      const r = await client.request(targets[key]);
      if (r.status !== 200) throw new Error(`${key} answered ${r.status}: ${new TextDecoder().decode(r.body).slice(0, 300)}`);
    }
  }
  // An issue page this isolate has not rendered before (the issue page reuses what it made until
  // the journal's next staff write): the 10k journal's 100 issues of 100 articles, in turn.
  {
    const j10 = journals["10k"];
    const paths = Array.from({ length: j10.otherIssues + 1 }, (_, k) => {
      const y = j10.newestIssue.year - Math.floor(k / 12);
      return bust(`/archives/${y}/vol${y - 1999}/issue${12 - (k % 12)}`);
    });
    if (j10.perIssue !== 100) throw new Error(`the 10k journal's issues hold ${j10.perIssue} articles, not 100`);
    targets["issue-first@10k"] = { host: j10.host, path: paths[0], rotate: paths };
    const r = await client.request(targets["issue-first@10k"]);
    if (r.status !== 200) throw new Error(`issue-first answered ${r.status}`);
  }
  // D1's share of each page's CPU: the page's D1 reads alone, through the benchmark's replay
  // route (scripts/bench/replay-worker.ts), and the same request without reads.
  const adminToken = (targets[`admin-archives@${big}`].headers?.authorization ?? "").replace(/^Bearer /, "");
  const j10 = journals["10k"];
  const replay: Record<string, [BenchJournal, string]> = {
    none: [j100, ""],
    home: [j100, ""],
    issue: [j100, `?year=${year}&volume=${volume}&issue=${issue}`],
    "issue-first": [j10, `?year=${j10.newestIssue.year}&volume=${j10.newestIssue.volume}&issue=${j10.newestIssue.issue}`],
    article: [j100, `?ref=${j100.issueRefs[42]}`],
    search: [j100, `?keyword=${encodeURIComponent(SEARCH_QUERY)}`],
    "admin-archives": [j100, ""],
  };
  for (const [page, [j, query]] of Object.entries(replay)) {
    targets[`d1:${page}`] = { host: j.host, path: `/__bench/d1/${page === "issue-first" ? "issue" : page}${query}`, headers: page === "admin-archives" ? { authorization: `Bearer ${adminToken}` } : {} };
    const r = await client.request(targets[`d1:${page}`]);
    if (r.status !== 200) throw new Error(`D1 replay of ${page} answered ${r.status}: ${new TextDecoder().decode(r.body).slice(0, 300)}`);
  }
  // Make sure the cached targets are in the edge cache before anything is timed.
  for (const page of PAGES) {
    await client.request(targets[`cached:${page}`]);
    await new Promise((r) => setTimeout(r, 200));
  }
  return targets;
}

/** The timed runs: latency one at a time (and the rare query), then throughput 8 in flight. */
async function loadRuns(client: Client, targets: Record<string, Target>, journals: Record<Size, BenchJournal>, site: Site) {
  const { big } = site;
  log(`latency run: ${Object.keys(targets).length} targets × ${LOAD.latency.perTarget} requests, one at a time, interleaved …`);
  const latency = await interleaved(client, targets, { ...LOAD.latency, concurrency: 1 });
  // The rare query (one match: a substring scan reads every row) at the smallest and largest size.
  const rareTargets: Record<string, Target> = {};
  for (const label of [SIZES[0][0], big]) {
    const q = encodeURIComponent(RARE_QUERY);
    // The same words in other letter cases: the same FTS5 query, but a search the page has not answered before.
    const spellings = Array.from({ length: 64 }, (_, n) => `/search?keyword=${[...RARE_QUERY].map((ch, i) => ((n >> i % 6) & 1 ? ch.toUpperCase() : ch)).join("").replace(/ /g, "+")}&b={b}`);
    rareTargets[`search-rare@${label}`] = { host: journals[label].host, path: spellings[0], rotate: spellings };
    rareTargets[`api-search-rare@${label}`] = { host: journals[label].host, path: `/api/search?keyword=${q}&b={b}` };
  }
  log(`rare-query run: ${Object.keys(rareTargets).length} targets × ${LOAD.rare.perTarget} requests, one at a time …`);
  Object.assign(latency, await interleaved(client, rareTargets, { ...LOAD.rare, concurrency: 1 }));
  // Throughput where it is compared: the pages at the largest size, their static copies, cached.
  const heavy = Object.fromEntries(Object.entries(targets).filter(([k]) => !k.includes("admin-") && !k.startsWith("d1:") && !k.startsWith("search-first") && (!k.includes("@") || k.endsWith(`@${big}`))));
  log(`throughput run: ${Object.keys(heavy).length} targets × ${LOAD.throughput.perTarget} requests, 8 in flight, interleaved …`);
  const throughput = await interleaved(client, heavy, { ...LOAD.throughput, concurrency: 8 });
  return { latency, throughput };
}

/** Prints the report, writes docs/bench/results.md (unless --no-write), and answers the exit code. */
function publish(report: Report): number {
  const { markdown, missed } = renderReport(report);
  console.log(`\n${markdown}`);
  if (!args.has("--no-write")) {
    mkdirSync(path.join(root, "docs/bench"), { recursive: true });
    writeFileSync(path.join(root, "docs/bench/results.md"), markdown);
    log("wrote docs/bench/results.md");
  }
  if (missed.length) {
    console.error(`\n✖ ${missed.length} budget(s) missed:\n${missed.map((m) => `  - ${m}`).join("\n")}`);
    return 1;
  }
  console.log("\n✔ every budget met");
  return 0;
}

// ---- Documents ------------------------------------------------------------------------------------

async function measureDocuments(
  client: Client,
  j: BenchJournal,
  scale: number,
): Promise<{ floorMs: number; floorCpuMs: number | null; workerCpuMs: number | null; figures: DocFigure[] }> {
  const runs = (n: number) => Math.max(2, Math.round(n * scale));

  let token = "";
  const login = await client.request({ host: j.host, path: "/auth/login/", method: "POST", body: JSON.stringify(ADMIN) });
  if (login.status === 200) token = (JSON.parse(new TextDecoder().decode(login.body)) as { token?: string }).token ?? "";
  const admin: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};

  const cases: { name: string; budgetMs: number; runs: number; target: Target; expect: string; slow?: boolean; check?: (body: Uint8Array) => string }[] = [
    {
      name: "certificate, Latin name",
      budgetMs: 10,
      // Many runs: CPU is read from /proc in 10 ms ticks, so per-request CPU is a mean over many.
      runs: runs(60),
      target: { host: j.host, path: `/api/pdf/certificate/${j.issueRefs[0]}/1?b={b}` },
      expect: "application/pdf",
    },
    {
      name: "certificate, Devanagari name",
      budgetMs: 100,
      runs: runs(40),
      target: { host: j.host, path: `/api/pdf/certificate/${j.devanagariRef}/1?b={b}` },
      expect: "application/pdf",
    },
    { name: "cover page", budgetMs: 20, runs: runs(30), target: { host: j.host, path: `/api/pdf/coverpage/${j.articleId}?b={b}` }, expect: "application/pdf" },
    { name: "editorial board (200 editors)", budgetMs: 300, runs: runs(10), target: { host: j.host, path: "/api/pdf/editorialboard?b={b}" }, expect: "application/pdf" },
    {
      name: "index page (200 articles)",
      budgetMs: 300,
      runs: runs(10),
      target: { host: j.host, path: "/api/pdf/indexpage", method: "POST", body: JSON.stringify({ refnumbers: [...j.issueRefs, ...j.previousRefs] }), headers: admin },
      expect: "application/pdf",
    },
    {
      name: "Certificates.zip (100 articles × 5 authors)",
      budgetMs: 5000,
      runs: Math.max(2, Math.round(3 * scale)),
      target: { host: j.host, path: "/api/pdf/bulkcertificates", method: "POST", body: JSON.stringify({ refnumbers: j.issueRefs }), headers: admin },
      expect: "application/zip",
      slow: true,
      check: (body) => {
        const entries = zipEntries(body);
        return entries === 500 ? "" : `zip holds ${entries} entries, expected 500`;
      },
    },
  ];
  // First request of each: is the endpoint there, and is its answer right?
  const live: typeof cases = [];
  const figures = new Map<string, DocFigure>();
  const problems = new Map<string, string>();
  for (const c of cases) {
    const first = await client.request(c.target);
    const type = first.headers.get("content-type") ?? "";
    if (!type.includes(c.expect)) {
      const missing = first.status === 404 || first.status === 405 || (first.status === 401 && !token);
      figures.set(c.name, {
        name: c.name,
        budgetMs: c.budgetMs,
        state: missing ? "not available" : `error ${first.status}`,
        n: 0,
        wallMs: null,
        d1Ms: null,
        cpuMs: null,
        bytes: null,
        detail: new TextDecoder().decode(first.body).slice(0, 120).replace(/\s+/g, " "),
      });
      continue;
    }
    problems.set(c.name, c.check?.(first.body) ?? "");
    live.push(c);
  }
  // Then round-robin (one request of each per round, the transport floor too), so bursts of
  // load from other processes fall on all of them alike; the zip (seconds each) runs last.
  const samples = new Map<string, Sample[]>(live.map((c) => [c.name, []]));
  const cpu = new Map<string, number>(live.map((c) => [c.name, 0]));
  const floor: number[] = [];
  let floorCpu = 0;
  let workerCpu = 0;
  const timed = async (t: Target): Promise<[Sample, number]> => {
    const before = client.cpu?.() ?? 0;
    const { body: _b, headers: _h, ...s } = await client.request(t);
    return [s, (client.cpu?.() ?? 0) - before];
  };
  const quick = live.filter((c) => !c.slow);
  const rounds = Math.max(0, ...quick.map((c) => c.runs));
  for (let r = 0; r < rounds; r++) {
    const [f, fc] = await timed({ host: j.host, path: "/favicon.svg" });
    floor.push(f.ms);
    floorCpu += fc;
    // The cheapest Worker request with D1: journal lookup + one small query, a little JSON.
    workerCpu += (await timed({ host: j.host, path: "/api/indexing?b={b}" }))[1];
    for (const c of quick) {
      if (samples.get(c.name)!.length >= c.runs) continue;
      const [s, sc] = await timed(c.target);
      samples.get(c.name)!.push(s);
      cpu.set(c.name, cpu.get(c.name)! + sc);
    }
  }
  for (const c of live.filter((c) => !quick.includes(c))) {
    for (let i = 0; i < c.runs; i++) {
      const [s, sc] = await timed(c.target);
      samples.get(c.name)!.push(s);
      cpu.set(c.name, cpu.get(c.name)! + sc);
    }
  }
  for (const c of live) {
    const f: Figures = summarise(samples.get(c.name)!, 0, client.cpu ? cpu.get(c.name)! : null);
    const problem = problems.get(c.name) ?? "";
    figures.set(c.name, {
      name: c.name,
      budgetMs: c.budgetMs,
      state: problem ? `error: ${problem}` : "ok",
      n: f.n,
      wallMs: f.medianMs,
      d1Ms: f.d1Ms,
      cpuMs: f.cpuMs,
      bytes: f.bytes,
      detail: problem,
    });
  }
  const floorMs = floor.length ? median(floor) : Number.NaN;
  const floorCpuMs = client.cpu && floor.length ? floorCpu / floor.length : null;
  const workerCpuMs = client.cpu && floor.length ? workerCpu / floor.length : null;
  return { floorMs, floorCpuMs, workerCpuMs, figures: cases.map((c) => figures.get(c.name)!) };
}

/** One content-hashed file of each kind in build/client/assets (name-{8 characters}.ext). */
function hashedAssets(dir: string): string[] {
  const byKind = new Map<string, string>();
  for (const f of readdirSync(dir).sort()) {
    const kind = /-[A-Za-z0-9_-]{8}\.([a-z0-9]+)$/.exec(f)?.[1];
    if (kind && !byKind.has(kind)) byKind.set(kind, f);
  }
  return [...byKind.values()];
}

/** Number of entries from a zip's end-of-central-directory record. */
function zipEntries(zip: Uint8Array): number {
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65_557); i--) {
    if (zip[i] === 0x50 && zip[i + 1] === 0x4b && zip[i + 2] === 0x05 && zip[i + 3] === 0x06) return zip[i + 10] | (zip[i + 11] << 8);
  }
  return -1;
}

// ---- Run, always cleaning up ----------------------------------------------------------------

async function cleanup() {
  if (server) await server.stop().catch(() => {});
  server = null;
  if (!args.has("--keep")) rmSync(tmp, { recursive: true, force: true });
  else console.log(`kept ${tmp}`);
}

for (const sig of ["SIGINT", "SIGTERM"] as const) {
  process.on(sig, () => {
    void cleanup().finally(() => process.exit(130));
  });
}

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error("\n✖ benchmark failed:", error);
  code = 2;
} finally {
  await cleanup();
  log(`done in ${Math.round((Date.now() - started) / 1000)} s`);
}
process.exit(code);
