import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { appContext } from "../../app/context";
import * as archives from "../../app/routes/public/archives";
import * as article from "../../app/routes/public/article";
import * as board from "../../app/routes/public/board";
import * as certificate from "../../app/routes/public/certificate";
import * as contact from "../../app/routes/public/contact";
import * as home from "../../app/routes/public/home";
import * as indexing from "../../app/routes/public/indexing";
import * as instructions from "../../app/routes/public/instructions";
import * as issue from "../../app/routes/public/issue";
import * as layout from "../../app/routes/public/layout";
import * as privacy from "../../app/routes/public/privacy-policy";
import * as search from "../../app/routes/public/search";
import * as terms from "../../app/routes/public/terms-and-conditions";
import { fetchWorker, makeArticle, makeEditor, makeIssue, makeJournal, makePartner } from "../factories";

/**
 * A D1 binding that counts round trips: every batch() is one, and so is every single
 * statement run (all/raw/first/run). Statements are the real ones, so batch() still works.
 */
function countingD1(real: D1Database) {
  let trips = 0;
  const originals = new WeakMap<object, D1PreparedStatement>();
  const wrap = (stmt: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(stmt, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target);
        if (prop === "bind") return (...args: unknown[]) => wrap(target.bind(...args));
        if (prop === "all" || prop === "raw" || prop === "first" || prop === "run") {
          return (...args: unknown[]) => {
            trips += 1;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    originals.set(proxy, stmt);
    return proxy;
  };
  const db = {
    prepare: (query: string) => wrap(real.prepare(query)),
    batch: (stmts: D1PreparedStatement[]) => {
      trips += 1;
      return real.batch(stmts.map((s) => originals.get(s) ?? s));
    },
    exec: (query: string) => {
      trips += 1;
      return real.exec(query);
    },
    withSession: () => db,
    dump: () => real.dump(),
  } as unknown as D1Database;
  return { db, trips: () => trips };
}

type AnyLoader = (args: never) => unknown;

async function runLoader(loader: AnyLoader, host: string, path: string, params: Record<string, string> = {}) {
  const { resolveJournalByHost } = await import("../../app/models/journals.server");
  const { getDb } = await import("../../app/db/client.server");
  const journal = (await resolveJournalByHost(getDb(env.DB), host))!;
  const counter = countingD1(env.DB);
  const context = new RouterContextProvider();
  context.set(appContext, {
    env: { ...env, DB: counter.db },
    ctx: {} as ExecutionContext,
    journal,
    nonce: "test",
    requestId: "test",
    state: { staffUserId: null },
  });
  const request = new Request(`https://${host}${path}`);
  let outcome: unknown;
  try {
    outcome = await (loader as (a: unknown) => unknown)({ request, params, context, unstable_pattern: path });
  } catch (thrown) {
    outcome = thrown; // redirects and 404s are thrown
  }
  return { outcome, trips: counter.trips() };
}

describe("D1 budget of reader pages", () => {
  it("every public loader makes at most one D1 round trip (the journal lookup is the other)", async () => {
    const j = await makeJournal({ settings: { show_editor_contacts: true } });
    const iss = await makeIssue(j.id, { year: 2025, volume: 3, issue: 1 });
    const iss2 = await makeIssue(j.id, { year: 2024, volume: 2, issue: 4 });
    const a = await makeArticle(j.id, iss, { pagenumber: "1-5" });
    for (let i = 0; i < 6; i++) await makeArticle(j.id, i % 2 ? iss : iss2, { pagenumber: `${10 + i * 10}-${15 + i * 10}` });
    for (const category of ["chief editor", "associate editor", "assistant editor", "associate editor"]) await makeEditor(j.id, { category });
    await makePartner(j.id);
    await makePartner(j.id, { link: "" });

    const cases: [string, AnyLoader, string, Record<string, string>?][] = [
      ["layout", layout.loader, "/"],
      ["home", home.loader, "/"],
      ["board", board.loader, "/board"],
      ["indexing", indexing.loader, "/indexing"],
      ["archives", archives.loader, "/archives"],
      ["issue", issue.loader, "/archives/2025/vol3/issue1", { year: "2025", volume: "vol3", issue: "issue1" }],
      ["issue (plain numbers)", issue.loader, "/archives/2025/3/1", { year: "2025", volume: "3", issue: "1" }],
      ["article", article.loader, `/archives/2025/3/1/${a.refnumber}`, { year: "2025", volume: "3", issue: "1", ref: a.refnumber }],
      ["article not found", article.loader, "/archives/2025/3/1/1", { year: "2025", volume: "3", issue: "1", ref: "1" }],
      ["search", search.loader, "/search?keyword=oryza"],
      ["certificate", certificate.loader, `/pdf?refno=${a.refnumber}`],
      ["instructions", instructions.loader, "/instructions"],
      ["contact", contact.loader, "/contact"],
      ["privacy", privacy.loader, "/privacy-policy"],
      ["terms", terms.loader, "/terms-and-conditions"],
    ];
    const trips: Record<string, number> = {};
    for (const [name, loader, path, params] of cases) {
      const result = await runLoader(loader, j.host, path, params);
      if (result.outcome instanceof Error) throw result.outcome;
      if (result.outcome instanceof Response) expect(result.outcome.status, name).toBe(302); // only /archives redirects
      trips[name] = result.trips;
    }
    for (const [name, n] of Object.entries(trips)) expect(n, name).toBeLessThanOrEqual(1);
    // Pages that only show settings need no query at all.
    expect(trips.layout + trips.instructions + trips.contact + trips.privacy + trips.terms).toBe(0);
    // The counter really counts: the data pages did query.
    expect(trips.home + trips.board + trips.issue + trips.article + trips.search).toBe(5);
  });
});

describe("D1 budget of whole reader requests", () => {
  it("every public page costs at most 2 D1 round trips end to end (Server-Timing)", async () => {
    const j = await makeJournal();
    const iss = await makeIssue(j.id, { year: 2025, volume: 3, issue: 1 });
    const a = await makeArticle(j.id, iss, { pagenumber: "1-5" });
    for (let i = 0; i < 4; i++) await makeArticle(j.id, iss, { pagenumber: `${10 + i * 10}-${15 + i * 10}` });
    for (const category of ["chief editor", "associate editor", "assistant editor"]) await makeEditor(j.id, { category });
    await makePartner(j.id);
    const paths = [
      "/",
      "/board",
      "/indexing",
      "/archives",
      "/archives/2025/vol3/issue1",
      "/archives/2025/3/1",
      `/archives/2025/3/1/${a.refnumber}`,
      "/archives/2025/3/1/1",
      "/search?keyword=oryza",
      "/search?keyword=%25%22%27",
      `/pdf?refno=${a.refnumber}`,
      "/instructions",
      "/contact",
      "/privacy-policy",
      "/terms-and-conditions",
      "/no/such/page",
    ];
    // As a reader's browser (a request without a user agent counts as a bot and skips the
    // view count), twice: rendered, then from the edge cache.
    const reader = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36" };
    for (const round of ["rendered", "cached"]) {
      for (const path of paths) {
        const res = await fetchWorker(j.url(path), { redirect: "manual", headers: reader });
        await res.arrayBuffer();
        const timing = res.headers.get("server-timing") ?? "";
        const trips = Number(/d1;desc="(\d+) round trips"/.exec(timing)?.[1] ?? NaN);
        expect(trips, `${round} ${path}: ${timing}`).toBeLessThanOrEqual(2);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    // Both article requests were counted (one inside the loader's batch, one after the cache hit).
    const stats = await env.DB.prepare("SELECT views FROM article_stats WHERE article_id = ?").bind(a.id).first<{ views: number }>();
    expect(stats?.views).toBe(2);
  });
});
