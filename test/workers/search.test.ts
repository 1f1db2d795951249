import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { adminSearchPage, ftsQuery, searchRanked } from "../../app/models/search.server";
import { highlightTitleHtml, markedToHtml } from "../../app/lib/highlight";
import { db, fetchWorker, makeArticle, makeIssue, makeJournal, recordingDb } from "../factories";

describe("ranked full-text search (FTS5)", () => {
  it("ranks title matches above author matches, author above keyword, keyword above abstract", async () => {
    const j = await makeJournal();
    const issue = await makeIssue(j.id);
    // Inserted best-first: ties fall back to the newest id, which would give the reverse order,
    // so only the column weights can produce the expected one. Rows are about the same length
    // (bm25 normalises by it) and each holds "wheat" once, in one column.
    const inTitle = await makeArticle(j.id, issue, { title: "Heat tolerance in <i>wheat</i> genotypes" });
    const inAuthors = await makeArticle(j.id, issue, { title: "Rust resistance genotypes", authorname: "Dr. Anjali Wheat, Rahul Verma" });
    const inKeywords = await makeArticle(j.id, issue, { title: "Nitrogen use efficiency", keywords: "wheat, nitrogen" });
    const inAbstract = await makeArticle(j.id, issue, { title: "Soil organic carbon", abstract: "<p>Effects on <b>wheat</b> yield.</p>" });
    const r = await searchRanked(db(), j.id, { q: "wheat" });
    expect(r.total).toBe(4);
    expect(r.hits.map((h) => h.article.id)).toEqual([inTitle.id, inAuthors.id, inKeywords.id, inAbstract.id]);
    // Each tier on its own, so no pair is ordered by accident of the other two.
    for (const [better, worse] of [
      [inTitle, inAuthors],
      [inAuthors, inKeywords],
      [inKeywords, inAbstract],
    ]) {
      const hits = (await searchRanked(db(), j.id, { q: "wheat" })).hits.map((h) => h.article.id).filter((id) => id === better.id || id === worse.id);
      expect(hits).toEqual([better.id, worse.id]);
    }
    expect(r.hits[0].titleHtml).toBe("Heat tolerance in <i><mark>wheat</mark></i> genotypes");
    expect(r.hits[3].snippetHtml).toContain("<mark>wheat</mark>");
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

  it("treats FTS syntax and odd input as plain words: never an error, the results a reader would expect", async () => {
    const j = await makeJournal();
    const issue = await makeIssue(j.id);
    const rice = await makeArticle(j.id, issue, { title: "Near infrared spectroscopy of rice" });
    const seed = await makeArticle(j.id, issue, { title: "100% germination of stored seed" });
    const cases: [string, number[]][] = [
      // No words at all: nothing, never "everything".
      ["\u0301\u0301", []],
      ["?!.,;:-–—…", []],
      ["%", []],
      ["_", []],
      ['"', []],
      ["*", []],
      ["(", []],
      ["🌾", []],
      ["   ", []],
      // Syntax characters around words are separators; the words still count.
      ["NEAR", [rice.id]],
      ["rice NEAR(", [rice.id]],
      ["(rice", [rice.id]],
      ["rice)", [rice.id]],
      ['"rice', [rice.id]],
      ["rice*", [rice.id]],
      ["%rice%", [rice.id]],
      ["🌾 rice", [rice.id]],
      ["100%", [seed.id]],
      ["AND OR NOT", []],
      ["'; drop table articles; --", []],
      // Long input: the first words count, the rest is cut off, nothing errors.
      ["x".repeat(500), []],
      ["rice ".repeat(100), [rice.id]],
      ["a".repeat(10_000), []],
      ["spectroscopy ".repeat(800), [rice.id]],
    ];
    for (const [q, expected] of cases) {
      const r = await searchRanked(db(), j.id, { q });
      expect(r.hits.map((h) => h.article.id), JSON.stringify(q.slice(0, 24))).toEqual(expected);
      expect(r.total, JSON.stringify(q.slice(0, 24))).toBe(expected.length);
    }
    expect(await env.DB.prepare("select count(*) as n from articles where journal_id = ?").bind(j.id).first("n")).toBe(2);
    expect(ftsQuery('rice "paddy" NEAR(x*')).toBe('"rice"* "paddy"* "NEAR"* "x"*');
    expect(ftsQuery("  ")).toBe("");
    expect(ftsQuery("\u0301\u0301 %_*()\"")).toBe("");
    expect(ftsQuery("Martı́nez")).toBe('"Martı́nez"*');
  });

  it("never returns a disabled article, even when the index holds one (e.g. restored by an old backup)", async () => {
    const j = await makeJournal();
    const issue = await makeIssue(j.id, { year: 2024 });
    const shown = await makeArticle(j.id, issue, { title: "Quinoa saponin removal" });
    const hidden = await makeArticle(j.id, issue, { title: "Quinoa withdrawn study", authorname: "Hidden Quinoaauthor", status: "disabled" });
    const columns = "rowid, search_title, authorname, keywords, search_abstract";
    const source = "select id, search_title, authorname, keywords, search_abstract from articles where id = ?";
    // What the old dump's 'rebuild' did: index the disabled row as if it were enabled.
    await env.DB.prepare(`insert into articles_fts(${columns}) ${source}`).bind(hidden.id).run();
    try {
      const indexed = await env.DB.prepare("select rowid from articles_fts where articles_fts match '\"withdrawn\"'").all();
      expect(indexed.results.map((r) => r.rowid)).toContain(hidden.id);

      const r = await searchRanked(db(), j.id, { q: "quinoa" });
      expect(r.hits.map((h) => h.article.id)).toEqual([shown.id]);
      expect(r.total).toBe(1);
      expect(r.facets).toEqual([{ year: 2024, volume: issue.volume, count: 1 }]);
      expect((await searchRanked(db(), j.id, { q: "withdrawn" })).total).toBe(0);
      expect((await searchRanked(db(), j.id, { q: "Hidden Quinoaauthor", author: true })).total).toBe(0);

      const api = await fetchWorker(j.url("/api/search?keyword=quinoa"));
      expect(((await api.json()) as { title: string }[]).map((a) => a.title)).toEqual(["Quinoa saponin removal"]);
      const page = await (await fetchWorker(j.url("/search?keyword=quinoa"))).text();
      expect(page).toContain("Quinoa saponin removal");
      expect(page).not.toContain("withdrawn");
      expect((await fetchWorker(j.url("/authors/Hidden%20Quinoaauthor"))).status).toBe(404);
    } finally {
      await env.DB.prepare(`insert into articles_fts(articles_fts, ${columns}) select 'delete', id, search_title, authorname, keywords, search_abstract from articles where id = ?`)
        .bind(hidden.id)
        .run();
    }
  });

  it("stays an FTS lookup: MATCH drives the query, articles are fetched by primary key", async () => {
    const j = await makeJournal();
    await makeArticle(j.id, await makeIssue(j.id), { title: "Sesame oil content" });
    // Record the statements searchRanked sends, then ask SQLite how it runs each of them.
    const { db: recorded, sent } = recordingDb();
    expect((await searchRanked(recorded, j.id, { q: "sesame oil", year: 2025, volume: 3 })).total).toBe(0);
    expect((await searchRanked(recorded, j.id, { q: "sesame oil" })).total).toBe(1);
    // Filtered: rows, count, facets; unfiltered: rows and facets (which give the total).
    expect(sent.length).toBe(5);
    for (const { sql, params } of sent) {
      expect(sql).toContain("a.status = 'enabled'");
      const plan = (await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...params).all<{ detail: string }>()).results.map((r) => r.detail);
      expect(plan[0], sql).toMatch(/^SCAN articles_fts VIRTUAL TABLE INDEX \d+:M/);
      expect(plan[1], sql).toBe("SEARCH a USING INTEGER PRIMARY KEY (rowid=?)");
      expect(plan.filter((d) => /\b(SCAN|SEARCH) a\b/.test(d)), sql).toHaveLength(1);
    }
  });

  it("escapes text around the highlight markers", () => {
    expect(markedToHtml("p < 0.05 \u0001wheat\u0002 <script>")).toBe("p &lt; 0.05 <mark>wheat</mark> &lt;script&gt;");
  });

  it("highlights matches inside italic titles, keeping the italics and nothing else", () => {
    const mark = (plain: string, ...words: string[]) => words.reduce((s, w) => s.replace(w, `\u0001${w}\u0002`), plain);
    expect(highlightTitleHtml("Heat tolerance in <i>wheat</i> genotypes", mark("Heat tolerance in wheat genotypes", "wheat"))).toBe(
      "Heat tolerance in <i><mark>wheat</mark></i> genotypes",
    );
    // A match that spans the italics' edge is split so <mark> and <em> never overlap.
    expect(highlightTitleHtml("Yield of <em>Oryza</em>sativa &amp; rice", mark("Yield of Oryzasativa & rice", "Oryzasativa", "rice"))).toBe(
      "Yield of <em><mark>Oryza</mark></em><mark>sativa</mark> &amp; <mark>rice</mark>",
    );
    // htmlToText collapsed the whitespace and trimmed; the title keeps its own.
    expect(highlightTitleHtml("  Effects of\n <i>Oryza   sativa</i> ", mark("Effects of Oryza sativa", "Oryza", "sativa"))).toBe(
      "  Effects of\n <i><mark>Oryza</mark>   <mark>sativa</mark></i> ",
    );
    // Hostile markup: only the sanitiser's <i>/<em> and our <mark> come out.
    const hostile = `<i onclick="alert(1)">Teff</i> <script>alert(1)</script><img src=x onerror=alert(1)><b>yields</b> <mark>x</mark>`;
    const out = highlightTitleHtml(hostile, mark("Teff yields x", "Teff", "yields"));
    expect(out).toBe("<i><mark>Teff</mark></i> <mark>yields</mark> x");
    // A plain copy that no longer matches the title (an old row): formatted, not highlighted.
    expect(highlightTitleHtml("Salt &amp; <i>rice</i>", mark("Salt &amp; rice", "rice"))).toBe("Salt &amp; <i>rice</i>");
    expect(highlightTitleHtml("<i>Rice</i> blast", mark("Wheat blast", "blast"))).toBe("<i>Rice</i> blast");
    expect(highlightTitleHtml("<i>Rice</i> blast", "Rice blast")).toBe("<i>Rice</i> blast");
  });
});

describe("staff search over both statuses (migration 0015)", () => {
  // The rows each index holds (its docsize shadow table: one row per indexed document).
  const indexed = async (table: "articles_fts" | "articles_fts_disabled", ids: number[]) =>
    (await env.DB.prepare(`select id from ${table}_docsize where id in (${ids.join(",")}) order by id`).all<{ id: number }>()).results.map((r) => r.id);

  it("keeps disabled articles in their own index through inserts, edits, enabling, disabling and deletes", async () => {
    const j = await makeJournal();
    const issue = await makeIssue(j.id);
    const ids = async (q: string) => (await adminSearchPage(db(), j.id, q)).rows.map((a) => a.id);
    const off = await makeArticle(j.id, issue, { title: "Groundnut leaf spot", authorname: "Meera Pillai", status: "disabled" });
    const on = await makeArticle(j.id, issue, { title: "Groundnut rosette virus", pagenumber: "7-9" });
    expect(await indexed("articles_fts_disabled", [off.id, on.id])).toEqual([off.id]);
    expect(await indexed("articles_fts", [off.id, on.id])).toEqual([on.id]);
    expect(await ids("groundnut")).toEqual([off.id, on.id]);
    expect(await ids("pillai")).toEqual([off.id]);
    // The public search still never sees the disabled one.
    expect((await searchRanked(db(), j.id, { q: "groundnut" })).hits.map((h) => h.article.id)).toEqual([on.id]);

    await env.DB.prepare("update articles set title = 'Mustard aphid', search_title = 'Mustard aphid' where id = ?").bind(off.id).run();
    expect(await ids("groundnut")).toEqual([on.id]);
    expect(await ids("mustard")).toEqual([off.id]);
    await env.DB.prepare("update articles set status = 'enabled' where id = ?").bind(off.id).run();
    expect(await indexed("articles_fts_disabled", [off.id, on.id])).toEqual([]);
    expect(await ids("mustard")).toEqual([off.id]);
    expect((await searchRanked(db(), j.id, { q: "mustard" })).total).toBe(1);
    await env.DB.prepare("update articles set status = 'disabled' where id in (?, ?)").bind(off.id, on.id).run();
    expect(await indexed("articles_fts_disabled", [off.id, on.id])).toEqual([off.id, on.id]);
    expect(await indexed("articles_fts", [off.id, on.id])).toEqual([]);
    expect(await ids("mustard")).toEqual([off.id]);
    expect(await ids("rosette")).toEqual([on.id]);
    expect((await searchRanked(db(), j.id, { q: "rosette" })).total).toBe(0);
    await env.DB.prepare("delete from articles where id = ?").bind(off.id).run();
    expect(await ids("mustard")).toEqual([]);
    expect(await indexed("articles_fts_disabled", [off.id, on.id])).toEqual([on.id]);
    // Every entry still matches its row (a 'delete' with other values than indexed would not).
    await env.DB.prepare("insert into articles_fts_disabled(articles_fts_disabled) values ('integrity-check')").run();
    await env.DB.prepare("insert into articles_fts(articles_fts) values ('integrity-check')").run();
  });

  it("matches words and prefixes the same way for both statuses; newest issue first, with the total", async () => {
    const j = await makeJournal();
    const older = await makeIssue(j.id, { year: 2023, volume: 1, issue: 1 });
    const newer = await makeIssue(j.id, { year: 2025, volume: 3, issue: 2 });
    const a = await makeArticle(j.id, older, { title: "Sorghum <i>bicolor</i> yields", authorname: "José Martínez" });
    // Pages 1–8 first: the app adds an issue's articles in page order.
    const c = await makeArticle(j.id, newer, { title: "Sorghum shoot fly", pagenumber: "1-8" });
    const b = await makeArticle(j.id, newer, { title: "Sorghum midge damage", authorname: "José Martínez", status: "disabled", pagenumber: "9-12" });
    const page = await adminSearchPage(db(), j.id, "SORGH");
    expect(page.rows.map((r) => r.id)).toEqual([c.id, b.id, a.id]);
    expect(page.total).toBe(3);
    expect((await adminSearchPage(db(), j.id, "martinez jose")).rows.map((r) => r.id)).toEqual([b.id, a.id]);
    const paged = await adminSearchPage(db(), j.id, "sorghum", { pageSize: 2, page: 2 });
    expect([paged.rows.map((r) => r.id), paged.total]).toEqual([[a.id], 3]);
    // Both indexes are shared by every journal: another journal's disabled article stays out.
    const other = await makeJournal();
    await makeArticle(other.id, await makeIssue(other.id), { title: "Sorghum elsewhere", status: "disabled" });
    expect((await adminSearchPage(db(), j.id, "sorghum")).total).toBe(3);
  });

  it("reads no article by a scan: indexes for the reference number, txn ID and e-mail, FTS5 for words", async () => {
    const j = await makeJournal();
    const issue = await makeIssue(j.id);
    await makeArticle(j.id, issue, { title: "Sesame oil content", status: "disabled" });
    const { db: recorded, sent } = recordingDb();
    expect((await adminSearchPage(recorded, j.id, "sesame oil")).total).toBe(1);
    expect(sent).toHaveLength(1);
    const { sql, params } = sent[0];
    const plan = (await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...params).all<{ detail: string }>()).results.map((r) => r.detail);
    const reads = plan.filter((d) => /^(SCAN|SEARCH) /.test(d));
    const shown = plan.join("\n");
    // No scan of articles, and no walk of a whole journal's index range ("(journal_id=?)" alone):
    // every read of articles is a lookup by a key, driven by the matches.
    expect(reads.filter((d) => /^SCAN (articles|a|s)\b/.test(d)), shown).toEqual([]);
    expect(reads.filter((d) => d.endsWith("(journal_id=?)")), shown).toEqual([]);
    expect(reads, shown).toContain("SCAN hits");
    // Each match is checked against the journal and sorted from the narrow index, not its row.
    expect(reads.filter((d) => d.startsWith("SEARCH s ")), shown).toEqual(["SEARCH s USING COVERING INDEX articles_id_sort_idx (id=? AND journal_id=?)"]);
    expect(reads.filter((d) => /^SCAN articles_fts VIRTUAL TABLE INDEX \d+:M/.test(d))).toHaveLength(1);
    expect(reads.filter((d) => /^SCAN articles_fts_disabled VIRTUAL TABLE INDEX \d+:M/.test(d))).toHaveLength(1);
    expect(reads).toContain("SEARCH articles USING COVERING INDEX articles_journal_refnumber_uq (journal_id=? AND refnumber=?)");
    expect(reads).toContain("SEARCH articles USING COVERING INDEX articles_journal_email_idx (journal_id=? AND <expr>=?)");
    expect(plan.join("\n")).not.toContain("articles_journal_status_idx");
  });
});
