/**
 * The benchmark's own Worker entry (scripts/bench/server.ts makes it the main module of the
 * benchmark's copy of the app; the app itself never has it): the app, plus one route that makes
 * a page's D1 reads and nothing else — `/__bench/d1/{page}` — so the benchmark can time D1's
 * share of workerd's CPU with the same clock as the page's (CPU, not wall time, which a loaded
 * machine inflates). Locally D1's SQLite and plumbing run in workerd's thread; on Cloudflare
 * they do not, so the rendering figure leaves them out. `/__bench/d1/none` is the same request
 * without reads: the difference is D1's.
 */
import { getDb } from "../../app/db/client.server";
import { requestD1, runWithD1Stats, type D1Stats } from "../../app/http/d1-stats.server";
import { hostFromHeader } from "../../app/lib/hosts";
import { readIssueList } from "../../app/models/issues.server";
import { readArticlePage, readHomePage, readIssuePage } from "../../app/models/pages.server";
import { searchRanked } from "../../app/models/search.server";
import { sessionUserRow } from "../../app/models/sessions.server";
import worker from "../../workers/app";
import { journalCacheMs, journalForHost } from "../../workers/journal-cache";

const PREFIX = "/__bench/d1/";

export default {
  async fetch(request, env, ctx) {
    if (!request.url.includes(PREFIX)) return worker.fetch(request, env, ctx);
    const stats: D1Stats = { trips: 0, ms: 0 };
    return runWithD1Stats(stats, () => replay(request, env, stats));
  },
} satisfies ExportedHandler<Env>;

async function replay(request: Request, env: Env, stats: D1Stats): Promise<Response> {
  const url = new URL(request.url);
  // As the app reaches D1: through the same counting wrapper and drizzle instance.
  const db = getDb(requestD1(env.DB));
  const journal = await journalForHost(db, hostFromHeader(request.headers.get("host") ?? url.host) ?? "", journalCacheMs(env), env);
  if (!journal) return new Response("no journal", { status: 404 });
  const q = url.searchParams;
  const n = (name: string) => Number(q.get(name));
  switch (url.pathname.slice(PREFIX.length)) {
    case "none":
      break;
    case "home":
      await readHomePage(db, journal.id);
      break;
    case "issue":
      await readIssuePage(db, journal.id, { year: n("year"), volume: n("volume"), issue: n("issue") });
      break;
    case "article":
      await readArticlePage(db, journal.id, q.get("ref") ?? "");
      break;
    case "search":
      await searchRanked(db, journal.id, { q: q.get("keyword") ?? "", page: 1, refLookup: true });
      break;
    case "admin-archives": {
      // The admin page's two reads: its session (named by the token, read without checking
      // its signature, which is the page's CPU, not D1's) and the list's batch.
      const token = (request.headers.get("authorization") ?? "").replace(/^Bearer /, "");
      const claims = JSON.parse(atob(token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/"))) as { sub: string; sid: string };
      await sessionUserRow(db, journal.id, claims.sid, Number(claims.sub));
      await readIssueList(db, journal.id, { page: 1 });
      break;
    }
    default:
      return new Response("unknown page", { status: 404 });
  }
  return new Response("ok", { headers: { "server-timing": `d1;desc="${stats.trips} round trips";dur=${stats.ms.toFixed(1)}` } });
}
