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
