import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { bumpJournalVersion } from "../../app/models/journals.server";
import { SITEMAP_MAX_URLS } from "../../workers/discovery";
import { db, fetchWorker, makeArticle, makeIssue, makeJournal } from "../factories";
import { xmlTexts } from "../xml";

/**
 * The real limit, with real rows: one INSERT … SELECT over a recursive CTE writes 45,000
 * articles (and the search triggers index them) in about a second of local D1. D1 binds JS
 * numbers as REAL, hence the CAST: refnumbers must read 5000001, not 5000001.0.
 */
async function insertArticles(journalId: number, issue: { id: number; year: number; volume: number; issue: number }, from: number, count: number) {
  await env.DB.prepare(
    `INSERT INTO articles (journal_id, issue_id, refnumber, title, authorname, pagenumber, first_page, last_page,
                           txnid, publishdate, year, volume, issue, status, search_title)
     WITH RECURSIVE n(i) AS (SELECT CAST(?3 AS INTEGER) UNION ALL SELECT i + 1 FROM n WHERE i < ?3 + ?4 - 1)
     SELECT ?1, ?2, CAST(5000000 + i AS TEXT), 'Sitemap article ' || i, 'A. Author', i || '-' || i, i, i,
            'TXN' || i, '2025-01-01', ?5, ?6, ?7, 'enabled', 'Sitemap article ' || i
       FROM n`,
  )
    .bind(journalId, issue.id, from, count, issue.year, issue.volume, issue.issue)
    .run();
}

async function get(url: string) {
  const res = await fetchWorker(url);
  return { status: res.status, body: await res.text() };
}

describe("sitemap split", () => {
  it(`splits a volume's sitemap after ${SITEMAP_MAX_URLS.toLocaleString("en")} articles, keeping every URL exactly once`, async () => {
    expect(SITEMAP_MAX_URLS).toBeLessThan(50_000);
    const j = await makeJournal();
    const issue = await makeIssue(j.id, { year: 2025, volume: 7, issue: 1 });
    // A disabled article is not in the sitemap and does not count towards the limit.
    await makeArticle(j.id, issue, { status: "disabled", pagenumber: "99999-99999" });
    await insertArticles(j.id, issue, 1, SITEMAP_MAX_URLS);

    const single = await get(j.url("/sitemap.xml"));
    expect(xmlTexts(single.body, "loc")).toEqual([`https://${j.host}/sitemaps/pages.xml`, `https://${j.host}/sitemaps/volume-7.xml`]);
    const whole = await get(j.url("/sitemaps/volume-7.xml"));
    expect(xmlTexts(whole.body, "loc")).toHaveLength(1 + SITEMAP_MAX_URLS); // the issue page and every article

    // One article more: two children, the first full, the second with the one left over.
    await insertArticles(j.id, issue, SITEMAP_MAX_URLS + 1, 1);
    await bumpJournalVersion(db(), j.id); // as a staff write would; the edge cache keys on it
    const index = await get(j.url("/sitemap.xml"));
    expect(xmlTexts(index.body, "loc")).toEqual([
      `https://${j.host}/sitemaps/pages.xml`,
      `https://${j.host}/sitemaps/volume-7-1.xml`,
      `https://${j.host}/sitemaps/volume-7-2.xml`,
    ]);
    const part1 = xmlTexts((await get(j.url("/sitemaps/volume-7-1.xml"))).body, "loc");
    const part2 = xmlTexts((await get(j.url("/sitemaps/volume-7-2.xml"))).body, "loc");
    const article = (u: string) => /\/archives\/2025\/7\/1\/\d+$/.test(u);
    expect(part1.filter((u) => !article(u))).toEqual([`https://${j.host}/archives/2025/vol7/issue1`]);
    expect(part1.filter(article)).toHaveLength(SITEMAP_MAX_URLS);
    expect(part2).toEqual([`https://${j.host}/archives/2025/7/1/${5_000_000 + SITEMAP_MAX_URLS + 1}`]);
    expect(part1.length).toBeLessThanOrEqual(50_000);
    const all = new Set([...part1, ...part2].filter(article));
    expect(all.size).toBe(SITEMAP_MAX_URLS + 1);
    expect((await get(j.url("/sitemaps/volume-7-3.xml"))).status).toBe(404);
  });
});
