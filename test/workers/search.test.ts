import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ftsQuery, markedToHtml, searchRanked } from "../../app/models/articles.server";
import { db, makeArticle, makeIssue, makeJournal } from "../factories";

describe("ranked full-text search (FTS5)", () => {
  it("ranks title matches above author, keyword and abstract matches", async () => {
    const j = await makeJournal();
    const issue = await makeIssue(j.id);
    const inAbstract = await makeArticle(j.id, issue, { title: "Soil organic carbon", abstract: "<p>Effects on <b>wheat</b> yield.</p>" });
    const inKeywords = await makeArticle(j.id, issue, { title: "Nitrogen use", keywords: "wheat, nitrogen" });
    const inTitle = await makeArticle(j.id, issue, { title: "Heat tolerance in <i>wheat</i> genotypes" });
    const r = await searchRanked(db(), j.id, { q: "wheat" });
    expect(r.total).toBe(3);
    expect(r.hits.map((h) => h.article.id)).toEqual([inTitle.id, inKeywords.id, inAbstract.id]);
    expect(r.hits[0].titleHtml).toBe("Heat tolerance in <mark>wheat</mark> genotypes");
    expect(r.hits[2].snippetHtml).toContain("<mark>wheat</mark>");
  });

  it("matches prefixes and ignores diacritics and case", async () => {
    const j = await makeJournal();
    const issue = await makeIssue(j.id);
    const a = await makeArticle(j.id, issue, { title: "Irrigation scheduling", authorname: "José Martínez" });
    expect((await searchRanked(db(), j.id, { q: "irrig" })).hits.map((h) => h.article.id)).toEqual([a.id]);
    expect((await searchRanked(db(), j.id, { q: "MARTINEZ jose" })).hits.map((h) => h.article.id)).toEqual([a.id]);
  });

  it("keeps the index in step with inserts, edits, disabling and deletes", async () => {
    const j = await makeJournal();
    const issue = await makeIssue(j.id);
    const a = await makeArticle(j.id, issue, { title: "Groundnut leaf spot" });
    const ids = async (q: string) => (await searchRanked(db(), j.id, { q })).hits.map((h) => h.article.id);
    expect(await ids("groundnut")).toEqual([a.id]);
    await env.DB.prepare("update articles set title = 'Mustard aphid', search_title = 'Mustard aphid' where id = ?").bind(a.id).run();
    expect(await ids("groundnut")).toEqual([]);
    expect(await ids("mustard")).toEqual([a.id]);
    await env.DB.prepare("update articles set status = 'disabled' where id = ?").bind(a.id).run();
    expect(await ids("mustard")).toEqual([]);
    await env.DB.prepare("update articles set status = 'enabled' where id = ?").bind(a.id).run();
    expect(await ids("mustard")).toEqual([a.id]);
    await env.DB.prepare("delete from articles where id = ?").bind(a.id).run();
    expect(await ids("mustard")).toEqual([]);
  });

  it("filters by year and volume, pages results and stays within the journal", async () => {
    const j = await makeJournal();
    const other = await makeJournal();
    const i2024 = await makeIssue(j.id, { year: 2024, volume: 1 });
    const i2025 = await makeIssue(j.id, { year: 2025, volume: 2 });
    for (let k = 0; k < 3; k++) await makeArticle(j.id, i2024, { title: `Millet study ${k}` });
    const late = await makeArticle(j.id, i2025, { title: "Millet study late" });
    await makeArticle(other.id, await makeIssue(other.id), { title: "Millet study elsewhere" });
    expect((await searchRanked(db(), j.id, { q: "millet" })).total).toBe(4);
    expect((await searchRanked(db(), j.id, { q: "millet", year: 2025 })).hits.map((h) => h.article.id)).toEqual([late.id]);
    expect((await searchRanked(db(), j.id, { q: "millet", volume: 1 })).total).toBe(3);
    const p2 = await searchRanked(db(), j.id, { q: "millet", pageSize: 3, page: 2 });
    expect([p2.total, p2.hits.length, p2.page]).toEqual([4, 1, 2]);
  });

  it("treats FTS syntax and odd input as plain words, never erroring", async () => {
    const j = await makeJournal();
    const issue = await makeIssue(j.id);
    await makeArticle(j.id, issue, { title: "Near infrared spectroscopy of rice" });
    for (const q of ['"', "*", "NEAR", "rice NEAR(", "(rice", "rice)", "AND OR NOT", "x".repeat(500), "🌾", "'; drop table articles; --", "a".repeat(10_000)]) {
      const r = await searchRanked(db(), j.id, { q });
      expect(Array.isArray(r.hits), q.slice(0, 20)).toBe(true);
    }
    expect((await searchRanked(db(), j.id, { q: "NEAR" })).total).toBe(1);
    expect(ftsQuery('rice "paddy" NEAR(x*')).toBe('"rice"* "paddy"* "NEAR"* "x"*');
    expect(ftsQuery("  ")).toBe("");
  });

  it("escapes text around the highlight markers", () => {
    expect(markedToHtml("p < 0.05 \u0001wheat\u0002 <script>")).toBe("p &lt; 0.05 <mark>wheat</mark> &lt;script&gt;");
  });
});
