/**
 * Bounded load test on loopback, to show the site holds up under concurrent readers: the production build in local workerd, 50 concurrent
 * connections for 30 s on reader pages — half of it on the usual URLs (mostly edge-cache hits),
 * half rendered and queried every time (over every article and varied searches)
 * — then 15 s of sign-ins. Reports requests/s, latency percentiles, errors and the workerd
 * processes' memory round by round; exits 1 on any error or on memory that keeps climbing.
 * Only ever talks to 127.0.0.1; every loop is bounded in time.
 *
 *   npm run load                   (builds first)
 *   npm run load -- --seconds 10   shorter run
 *   npm run load -- --help         the options
 */
import { execSync, spawnSync } from "node:child_process";
import http from "node:http";

const HELP = `Bounded load test on loopback: builds the production bundle, serves it in local workerd with a
throw-away journal (60 articles, 50 staff accounts) and keeps 50 connections busy — reader pages
for the given time (half on the usual URLs the edge cache answers, half rendered and queried
every time), then half as long on sign-ins. Prints requests/s and latency percentiles per phase
and workerd's memory round by round; exits 1 on any error or on memory that keeps climbing.
Only ever talks to 127.0.0.1. About 1 minute plus the build.

usage: npm run load [-- options]

  --seconds N    seconds of reader load (default 30; sign-ins run N/2)
  --no-build     use the existing build/ instead of building first
  --help         this text`;

const args = process.argv.slice(2);
if (args.includes("--help") || args.includes("-h")) {
  console.log(HELP);
  process.exit(0);
}
const secondsArg = args.indexOf("--seconds");
const SECONDS = secondsArg !== -1 ? Number(args[secondsArg + 1]) : 30;
const unknown = args.find((a, i) => !["--seconds", "--no-build"].includes(a) && !(i === secondsArg + 1 && secondsArg !== -1));
if (unknown || !(SECONDS > 0 && SECONDS <= 3600)) {
  console.error(`${unknown ? `Unknown option ${unknown}.` : "--seconds takes a number of seconds (1–3600)."}\n\n${HELP}`);
  process.exit(2);
}
// The heavy modules (pdf-lib, the browser-test harness and wrangler) after the arguments are known.
const { PDFDocument } = await import("pdf-lib");
const { startApp, workerdRss } = await import("../test/e2e/harness.ts");
const CONCURRENCY = 50;
const HOST = "load.localhost";

if (!args.includes("--no-build")) {
  const build = spawnSync("npx", ["react-router", "build"], { stdio: "inherit", env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false" } });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const pdf = await (async () => {
  const doc = await PDFDocument.create();
  doc.addPage().drawText("Load test article");
  return doc.save();
})();

const app = await startApp(
  [{ slug: "load", name: "Load Test Journal", hosts: [HOST], admin: { username: "loadadmin", password: "load-test-password-1" } }],
  async (env, [jid]) => {
    // One staff account per connection: the sign-in throttle counts attempts in flight, so 50
    // parallel sign-ins to ONE account would (rightly) be throttled; staff don't do that.
    const { upsertAdmin } = await import("./lib/local.ts");
    for (let u = 0; u < CONCURRENCY; u++) await upsertAdmin(env.DB, jid, { username: `staff${u}`, password: "load-test-password-1" });
    const issue = await env.DB.prepare("insert into issues (journal_id, year, volume, issue, frequency) values (?, 2025, 3, 1, 'Jan-Mar') returning id")
      .bind(jid)
      .first<{ id: number }>();
    const stmts = [];
    for (let i = 0; i < 60; i++) {
      const ref = String(70000 + i);
      stmts.push(
        env.DB.prepare(
          `insert into articles (journal_id, issue_id, refnumber, title, authorname, abstract, keywords, pagenumber, first_page, last_page, txnid, publishdate, year, volume, issue, frequency, file, search_title, search_abstract)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '2025-02-01', 2025, 3, 1, 'Jan-Mar', ?, ?, ?)`,
        ).bind(
          jid, issue!.id, ref, `Yield response of wheat variety ${i} to irrigation`, "Dr. Anjali Sharma, Rahul Verma",
          `<p>Field trial ${i} on wheat irrigation and nitrogen.</p>`, "wheat, irrigation", `${i * 5 + 1}-${i * 5 + 5}`, i * 5 + 1, i * 5 + 5,
          `TXN${ref}`, `${ref}.pdf`, `Yield response of wheat variety ${i} to irrigation`, `Field trial ${i} on wheat irrigation and nitrogen.`,
        ),
      );
      await env.FILES.put(`journals/${jid}/archives/2025/vol3issue1/${ref}.pdf`, pdf);
    }
    await env.DB.batch(stmts);
  },
);

/** Resident memory (MB) of the workerd processes under our own `vite preview` server. */
const workerdRssMb = () => workerdRss(app.pid);

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** An HTTP request to 127.0.0.1 with the journal's Host header (fetch can't set Host). */
function request(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port: app.port, path, method: init.method ?? "GET", headers: init.headers, agent },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0 }));
        res.on("error", reject);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error("timeout")));
    req.on("error", reject);
    if (init.body) req.write(init.body);
    req.end();
  });
}

interface Result {
  name: string;
  requests: number;
  errors: number;
  statuses: Record<string, number>;
  latencies: number[];
  seconds: number;
}

async function run(name: string, seconds: number, makeRequest: (i: number) => Promise<{ status: number }>, ok: (status: number) => boolean): Promise<Result> {
  const deadline = Date.now() + seconds * 1000;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  let n = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < deadline) {
        const i = n++;
        const t0 = performance.now();
        try {
          const res = await makeRequest(i);
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (!ok(res.status)) errors++;
        } catch {
          errors++;
          statuses.network = (statuses.network ?? 0) + 1;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { name, requests: latencies.length, errors, statuses, latencies, seconds: (Date.now() - started) / 1000 };
}

function pct(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

const hostArg = args.indexOf("--host");
const headers = { host: `${hostArg !== -1 ? args[hostArg + 1] : HOST}:${app.port}`, "user-agent": "Mozilla/5.0 (load test) Chrome/156" };
const onlyArg = args.indexOf("--only");
const pages = onlyArg !== -1 ? [args[onlyArg + 1]] : ["/", "/archives/2025/vol3/issue1", "/archives/2025/3/1/70007", "/search?keyword=wheat+irrigation", "/assets/archives/2025/vol3issue1/70011.pdf", "/board", "/api/archives/"];

try {
  const rssBefore = workerdRssMb();
  // Warm up (first renders, caches).
  for (const p of pages) {
    const { status } = await request(p, { headers });
    if (status !== 200 && !args.includes("--any-status")) throw new Error(`warm-up ${p} answered ${status}`);
  }
  const rssWarm = workerdRssMb();
  // Three equal rounds: memory that keeps climbing round after round is a leak; memory that
  // settles after the first is the runtime's heap and caches warming up.
  const okStatus = (s: number) => s === 200 || args.includes("--any-status");
  // Rendered every time: requests with an Authorization header are never answered from (or
  // stored in) the edge cache, so each one is rendered and queried, over all 60 articles and
  // several searches. (Query strings no page reads are not part of the cache key.)
  const renderHeaders = { ...headers, authorization: "Bearer load-test-no-cache" };
  const words = ["wheat", "irrigation", "nitrogen", "yield response", "variety 1", "field trial", "wheat nitrogen"];
  const uncached = (i: number) => {
    const ref = 70000 + (i % 60);
    const pick = [
      `/archives/2025/3/1/${ref}?u=${i}`,
      `/search?keyword=${encodeURIComponent(words[i % words.length])}&u=${i}`,
      `/archives/2025/vol3/issue1?u=${i}`,
      `/?u=${i}`,
      `/api/search?keyword=${encodeURIComponent(words[i % words.length])}&u=${i}`,
    ];
    return pick[i % pick.length];
  };
  const rounds: Result[] = [];
  const rssRounds: number[] = [];
  // Six rounds: the first half warms the runtime up (V8's heap grows to its working size);
  // memory that still climbs through the second half is a leak.
  const ROUNDS = 6;
  for (let r = 0; r < ROUNDS; r++) {
    rounds.push(await run("reader pages (cacheable URLs)", SECONDS / (2 * ROUNDS), (i) => request(pages[i % pages.length], { headers }), okStatus));
    rounds.push(await run("reader pages (rendered)", SECONDS / (2 * ROUNDS), (i) => request(uncached(i), { headers: renderHeaders }), okStatus));
    rssRounds.push(workerdRssMb());
  }
  const merge = (name: string, parts: Result[]): Result => ({
    name,
    requests: parts.reduce((n, r) => n + r.requests, 0),
    errors: parts.reduce((n, r) => n + r.errors, 0),
    statuses: parts.reduce((acc, r) => {
      for (const [k, v] of Object.entries(r.statuses)) acc[k] = (acc[k] ?? 0) + v;
      return acc;
    }, {} as Record<string, number>),
    latencies: parts.flatMap((r) => r.latencies),
    seconds: parts.reduce((n, r) => n + r.seconds, 0),
  });
  const cachedPhase = merge("reader pages, cacheable URLs", rounds.filter((_, i) => i % 2 === 0));
  const renderedPhase = merge("reader pages, rendered every time", rounds.filter((_, i) => i % 2 === 1));
  const login = await run(
    "sign-in",
    Math.max(5, Math.round(SECONDS / 2)),
    (i) =>
      request("/auth/login/", {
        method: "POST",
        headers: { ...headers, "content-type": "application/json", "cf-connecting-ip": `10.9.${(i >> 8) & 255}.${i & 255}` },
        body: JSON.stringify({ username: `staff${i % CONCURRENCY}`, password: "load-test-password-1" }),
      }),
    (s) => s === 200,
  );
  const rssAfter = workerdRssMb();

  const rows = [cachedPhase, renderedPhase, login].map(
    (r) =>
      `| ${r.name} | ${r.requests} | ${(r.requests / r.seconds).toFixed(0)} | ${pct(r.latencies, 50).toFixed(1)} | ${pct(r.latencies, 95).toFixed(1)} | ${pct(r.latencies, 99).toFixed(1)} | ${r.errors} | ${Object.entries(r.statuses).map(([k, v]) => `${k}: ${v}`).join(", ")} |`,
  );
  console.log(`\nLoad test, ${CONCURRENCY} concurrent connections, ${SECONDS} s reader pages + ${Math.max(5, Math.round(SECONDS / 2))} s sign-ins, loopback only\n`);
  console.log("| phase | requests | req/s | p50 ms | p95 ms | p99 ms | errors | statuses |");
  console.log("|---|---|---|---|---|---|---|---|");
  for (const r of rows) console.log(r);
  console.log(`\nworkerd RSS: ${rssBefore} MB at start, ${rssWarm} MB warm, ${rssRounds.join(" → ")} MB after each reader round, ${rssAfter} MB after sign-ins`);
  // Leak check against the runtime itself: local workerd (vite preview / miniflare) keeps
  // about 50 MB per 1,000 requests even for a static file our Worker never sees, so absolute
  // growth says nothing. Alternate blocks of 2,000 static-file requests (the control) and
  // 2,000 rendered pages, and compare MB per 1,000 requests; ours growing clearly faster than
  // the runtime's own is a leak.
  const block = async (make: (i: number) => Promise<{ status: number }>) => {
    const before = workerdRssMb();
    let i = 0;
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => { while (i < 2000) await make(i++); }));
    return (workerdRssMb() - before) / 2;
  };
  const control: number[] = [];
  const ours: number[] = [];
  for (let r = 0; r < 2; r++) {
    control.push(await block(() => request("/favicon.svg", { headers })));
    ours.push(await block((i) => request(uncached(i), { headers: renderHeaders })));
  }
  const median = (v: number[]) => [...v].sort((x, y) => x - y)[Math.floor(v.length / 2)];
  const leaking = median(ours) > median(control) * 1.5 + 10;
  console.log(
    `memory per 1,000 requests: rendered pages ${ours.map((v) => v.toFixed(0)).join(", ")} MB vs a static file (the runtime alone) ${control.map((v) => v.toFixed(0)).join(", ")} MB`,
  );
  if (leaking) console.log(`✖ rendered pages grow memory clearly faster than the runtime does on its own: a leak`);
  const failed = cachedPhase.errors + renderedPhase.errors + login.errors;
  if (failed) console.log(`✖ ${failed} errors`);
  process.exitCode = failed === 0 && !leaking ? 0 : 1;
} finally {
  await app.stop();
}
