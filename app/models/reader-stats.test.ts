import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { fetchWorker, makeArticle, makeIssue, makeJournal } from "../../test/factories";
import { ARTICLE_VIEW_HEADER, isReaderView } from "./reader-stats.server";

const BROWSER = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36" };
const settle = () => new Promise((r) => setTimeout(r, 60));

async function views(articleId: number): Promise<number> {
  const row = await env.DB.prepare("select views from article_stats where article_id = ?").bind(articleId).first<{ views: number }>();
  return row?.views ?? 0;
}

describe("reader counts: one rule, recorded by the article page or after an edge-cache hit", () => {
  it("a view is a reader's GET: not HEAD, not a bot, not a tool", () => {
    const url = "https://j.example/archives/2025/1/1/100";
    expect(isReaderView(new Request(url, { headers: BROWSER }))).toBe(true);
    expect(isReaderView(new Request(url, { method: "HEAD", headers: BROWSER }))).toBe(false);
    expect(isReaderView(new Request(url, { headers: { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" } }))).toBe(false);
    expect(isReaderView(new Request(url, { headers: { "user-agent": "curl/8.5" } }))).toBe(false);
    expect(isReaderView(new Request(url))).toBe(false);
  });

  it("counts the rendered page and its cached copies for readers only, and never shows the mark to browsers", async () => {
    const j = await makeJournal();
    const issue = await makeIssue(j.id, { year: 2025, volume: 2, issue: 4 });
    const a = await makeArticle(j.id, issue, { pagenumber: "1-9" });
    const page = j.url(`/archives/2025/2/4/${a.refnumber}`);

    // Rendered (edge-cache MISS): counted inside the page's batch, so the page already shows it.
    const first = await fetchWorker(page, { headers: BROWSER });
    const html = (await first.text()).replace(/<!-- -->/g, "");
    expect(first.headers.get("x-edge-cache")).toBe("MISS");
    expect(first.headers.has(ARTICLE_VIEW_HEADER)).toBe(false);
    expect(html).toContain("1 view · 0 downloads");
    await settle();

    // From the edge cache (HIT): the loader does not run; the reader's view is counted after.
    const hit = await fetchWorker(page, { headers: BROWSER });
    await hit.arrayBuffer();
    expect(hit.headers.get("x-edge-cache")).toBe("HIT");
    expect(hit.headers.has(ARTICLE_VIEW_HEADER)).toBe(false);
    await settle();
    expect(await views(a.id)).toBe(2);

    // A bot's hit, a HEAD and a client-side navigation's data request by a bot count nothing.
    await (await fetchWorker(page, { headers: { "user-agent": "Googlebot/2.1" } })).arrayBuffer();
    await (await fetchWorker(page, { method: "HEAD", headers: BROWSER })).arrayBuffer();
    await (await fetchWorker(`${page}.data`, { headers: { "user-agent": "bingbot/2.0" } })).arrayBuffer();
    await settle();
    expect(await views(a.id)).toBe(2);

    // A reader's data request (client-side navigation) is a view too; its answer carries no mark.
    const data = await fetchWorker(`${page}.data`, { headers: BROWSER });
    await data.arrayBuffer();
    expect(data.headers.has(ARTICLE_VIEW_HEADER)).toBe(false);
    await settle();
    expect(await views(a.id)).toBe(3);

    // Past the edge cache (a request with credentials is never cached): counted by the page.
    const uncached = await fetchWorker(page, { headers: { ...BROWSER, authorization: "Bearer not-a-token" } });
    expect((await uncached.text()).replace(/<!-- -->/g, "")).toContain("4 views · 0 downloads");
    expect(uncached.headers.has("x-edge-cache")).toBe(false);
    expect(uncached.headers.has(ARTICLE_VIEW_HEADER)).toBe(false);
  });

  it("a URL naming the wrong issue (a redirect) or an unknown article counts nothing", async () => {
    const j = await makeJournal();
    const issue = await makeIssue(j.id, { year: 2025, volume: 2, issue: 4 });
    const a = await makeArticle(j.id, issue, { pagenumber: "1-9" });
    const wrong = await fetchWorker(j.url(`/archives/2024/1/1/${a.refnumber}`), { headers: BROWSER, redirect: "manual" });
    expect(wrong.status).toBe(301);
    const missing = await fetchWorker(j.url("/archives/2025/2/4/999999999"), { headers: BROWSER });
    expect(missing.status).toBe(404);
    expect(missing.headers.has(ARTICLE_VIEW_HEADER)).toBe(false);
    await settle();
    expect(await views(a.id)).toBe(0);
  });
});

describe("reader counts when the isolate keeps the abstract page (the journal cache on, as in production)", () => {
  it("counts every reader view once and shows it at once; crawlers get counts up to a minute old; a wrong-issue URL counts nothing", async () => {
    const { app } = await import("../../workers/app");
    const { createExecutionContext, waitOnExecutionContext } = await import("cloudflare:test");
    const j = await makeJournal();
    const issue = await makeIssue(j.id, { year: 2025, volume: 3, issue: 5 });
    const a = await makeArticle(j.id, issue, { pagenumber: "1-9" });
    const cached = { ...env, JOURNAL_CACHE_MS: "60000" };
    // Credentials keep the edge cache out of it: every answer is rendered by this isolate.
    const call = async (path: string, headers: Record<string, string>) => {
      const ctx = createExecutionContext();
      const res = await app.fetch(new Request(j.url(path), { headers: { authorization: "Bearer no-session", ...headers }, redirect: "manual" }), cached, ctx);
      const body = (await res.text()).replace(/<!-- -->/g, "");
      await waitOnExecutionContext(ctx);
      return { status: res.status, body, trips: Number(/"(\d+) round trips"/.exec(res.headers.get("server-timing") ?? "")?.[1]) };
    };
    const page = `/archives/2025/3/5/${a.refnumber}`;
    // First render: the page is made and kept; its batch counts the view.
    expect((await call(page, BROWSER)).body).toContain("1 view · 0 downloads");
    // Kept page: the reader's view and the counts are one batch, the rest is not read again.
    const second = await call(page, BROWSER);
    expect(second.body).toContain("2 views · 0 downloads");
    expect(second.trips).toBe(1);
    expect(await views(a.id)).toBe(2);
    // A crawler counts nothing and reads the counts once a minute at most.
    const bot = { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" };
    expect((await call(page, bot)).body).toContain("2 views · 0 downloads");
    await env.DB.prepare("update article_stats set views = views + 10 where article_id = ?").bind(a.id).run();
    const kept = await call(page, bot);
    expect(kept.body).toContain("2 views · 0 downloads");
    expect(kept.trips).toBe(0);
    // A reader always sees the counts as they are, with the view just counted.
    expect((await call(page, BROWSER)).body).toContain("13 views · 0 downloads");
    // The wrong issue in the URL: sent to the right one, no view counted.
    const wrong = await call(`/archives/2025/3/4/${a.refnumber}`, BROWSER);
    expect(wrong.status).toBe(301);
    expect(await views(a.id)).toBe(13);
  });
});
