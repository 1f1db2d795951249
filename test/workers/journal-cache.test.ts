import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../../app/db/client.server";
import { countingD1, type D1Stats } from "../../app/http/d1-stats.server";
import { forgetJournal, journalCacheMs, journalForHost } from "../../workers/journal-cache";
import { makeAdminSession, makeArticle, makeIssue, makeJournal } from "../factories";

describe("host → journal cache in the isolate", () => {
  it("answers repeat requests without D1, and sees a staff change at once after forgetJournal", async () => {
    const j = await makeJournal({ settings: { websitename: "Before" } });
    const stats: D1Stats = { trips: 0, ms: 0 };
    const db = getDb(countingD1(env.DB, stats));
    expect((await journalForHost(db, j.host, 5000, {}))?.settings.websitename).toBe("Before");
    expect((await journalForHost(db, j.host, 5000, {}))?.settings.websitename).toBe("Before");
    expect(stats.trips).toBe(1);
    await env.DB.prepare("UPDATE settings SET websitename = 'After' WHERE journal_id = ?").bind(j.id).run();
    // Another isolate's write: this one keeps the old settings until the entry expires…
    expect((await journalForHost(db, j.host, 5000, {}))?.settings.websitename).toBe("Before");
    // …while a write in this isolate forgets the journal at once.
    forgetJournal(j.id);
    expect((await journalForHost(db, j.host, 5000, {}))?.settings.websitename).toBe("After");
    expect(stats.trips).toBe(2);
  });

  it("remembers unknown hosts too (random Host headers cannot make every request a query), and 0 turns it off", async () => {
    const stats: D1Stats = { trips: 0, ms: 0 };
    const db = getDb(countingD1(env.DB, stats));
    expect(await journalForHost(db, "nobody-here.invalid", 5000, {})).toBeNull();
    expect(await journalForHost(db, "nobody-here.invalid", 5000, {})).toBeNull();
    expect(stats.trips).toBe(1);
    await journalForHost(db, "nobody-else.invalid", 0, {});
    await journalForHost(db, "nobody-else.invalid", 0, {});
    expect(stats.trips).toBe(3);
    expect(journalCacheMs({})).toBe(2000);
    expect(journalCacheMs({ JOURNAL_CACHE_MS: "0" })).toBe(0);
    expect(journalCacheMs({ JOURNAL_CACHE_MS: "999999" })).toBe(60_000);
  });
});

/**
 * Calls the Worker as production runs it: the workerd tests run with the journal cache off
 * (JOURNAL_CACHE_MS=0), this keeps it a minute. The body, and the D1 round trips Server-Timing reports.
 */
async function cachedCall(url: string, init?: RequestInit): Promise<{ body: string; trips: number }> {
  const { app } = await import("../../workers/app");
  const { createExecutionContext, waitOnExecutionContext } = await import("cloudflare:test");
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(url, init), { ...env, JOURNAL_CACHE_MS: "60000" }, ctx);
  const body = await res.text();
  await waitOnExecutionContext(ctx);
  return { body, trips: Number(/"(\d+) round trips"/.exec(res.headers.get("server-timing") ?? "")?.[1]) };
}

describe("journal cache on, as in production", () => {
  it("a staff write shows on the next request of the isolate that made it, long before the cache time runs out", async () => {
    const s = await makeAdminSession({ settings: { websitename: "Before the write" } });
    const call = async (path: string, init?: RequestInit) => (await cachedCall(s.url(path), init)).body;
    expect(await call("/")).toContain("Before the write");
    expect(await call("/")).toContain("Before the write");
    const saved = await call("/api/settings", {
      method: "POST",
      headers: { ...s.auth, "content-type": "application/json" },
      body: JSON.stringify({ websitename: "After the write" }),
    });
    expect(saved).toContain("After the write");
    const page = await call("/");
    expect(page).toContain("After the write");
    expect(page).not.toContain("Before the write");
  });

  it("an issue page reuses what it made of the issue while the journal's version stands, and shows a staff write at once", async () => {
    const s = await makeAdminSession({ settings: { websitename: "Memo Before" } });
    const issue = await makeIssue(s.id, { year: 2025, volume: 7, issue: 3 });
    await makeArticle(s.id, issue, { pagenumber: "1-8", title: "Reused table article" });
    const call = (path: string, init?: RequestInit) => cachedCall(s.url(path), init);
    // Signed in, so the edge cache stays out of it: every answer is rendered.
    const page = () => call("/archives/2025/vol7/issue3", { headers: s.auth });
    const first = await page();
    expect(first.body).toContain("Memo Before. 2025;7(3):1-8.");
    // The journal lookup and the issue's one batch…
    expect(first.trips).toBe(2);
    // …then neither: the journal and what the page made of the issue are kept, and it is the same page.
    const again = await page();
    expect(again.trips).toBe(0);
    expect(again.body.replace(/nonce="[0-9a-f]+"/g, "")).toBe(first.body.replace(/nonce="[0-9a-f]+"/g, ""));
    await call("/api/settings", { method: "POST", headers: { ...s.auth, "content-type": "application/json" }, body: JSON.stringify({ websitename: "Memo After" }) });
    const after = await page();
    expect(after.body).toContain("Memo After. 2025;7(3):1-8.");
    expect(after.body).not.toContain("Memo Before. 2025");
  });

  it("a search asked again is answered without D1 while the journal's version stands; another page, filter or a staff write asks again", async () => {
    const s = await makeAdminSession({ settings: { websitename: "Search Memo" } });
    const issue = await makeIssue(s.id, { year: 2025, volume: 8, issue: 1 });
    await makeArticle(s.id, issue, { pagenumber: "1-8", title: "Quinoa memo trial" });
    const call = (path: string, init?: RequestInit) => cachedCall(s.url(path), init);
    const search = (query: string) => call(`/search?${query}`, { headers: s.auth });
    const first = await search("keyword=quinoa+memo");
    expect(first.body).toContain("Quinoa memo trial");
    expect(first.trips).toBe(2);
    const again = await search("keyword=quinoa+memo&utm_source=feed");
    expect(again.trips).toBe(0);
    expect(again.body.replace(/nonce="[0-9a-f]+"/g, "")).toBe(first.body.replace(/nonce="[0-9a-f]+"/g, ""));
    // Another filter is another search.
    expect((await search("keyword=quinoa+memo&year=2024")).trips).toBe(1);
    // A staff write: the next search sees it (the journal's name is in every row's citation).
    await call("/api/settings", { method: "POST", headers: { ...s.auth, "content-type": "application/json" }, body: JSON.stringify({ websitename: "Search Memo After" }) });
    const after = await search("keyword=quinoa+memo");
    expect(after.trips).toBeGreaterThan(0);
    expect(after.body).toContain("Search Memo After. 2025;8(1):1-8.");
  });
});
