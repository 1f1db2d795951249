import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { adminSearchPage, rankedSearchStatements, searchRanked } from "../../app/models/search.server";
import { SEARCH_INDEX_REFILL } from "../../scripts/lib/tables";
import { db, fetchWorker, makeArticle, makeIssue, makeJournal, recordingDb } from "../factories";
import { xmlProblem, xmlTexts } from "../xml";

async function get(url: string, init?: RequestInit) {
  const res = await fetchWorker(url, init);
  return { res, body: await res.text() };
}

describe("robots.txt, sitemaps and feeds", () => {
  it("robots.txt names this host's sitemap", async () => {
    const j = await makeJournal();
    const { res, body } = await get(j.url("/robots.txt"));
    expect(res.status).toBe(200);
    expect(body).toContain(`Sitemap: https://${j.host}/sitemap.xml`);
    expect(body).toContain("Disallow: /admin");
  });

  it("sitemap index has one child per volume; children list issue and article URLs with lastmod, per host", async () => {
    const a = await makeJournal();
    const b = await makeJournal();
    const v1 = await makeIssue(a.id, { year: 2024, volume: 1, issue: 1 });
    const v2 = await makeIssue(a.id, { year: 2025, volume: 2, issue: 3 });
    const art1 = await makeArticle(a.id, v1);
    const art2 = await makeArticle(a.id, v2);
    await makeArticle(a.id, v2, { status: "disabled", pagenumber: "7-9" });
    await makeArticle(b.id, await makeIssue(b.id, { volume: 9 }));

    const index = await get(a.url("/sitemap.xml"));
    expect(index.res.headers.get("content-type")).toContain("application/xml");
    expect(xmlProblem(index.body)).toBeNull();
    expect(xmlTexts(index.body, "loc")).toEqual([
      `https://${a.host}/sitemaps/pages.xml`,
      `https://${a.host}/sitemaps/volume-2.xml`,
      `https://${a.host}/sitemaps/volume-1.xml`,
    ]);
    const vol2 = await get(a.url("/sitemaps/volume-2.xml"));
    expect(xmlProblem(vol2.body)).toBeNull();
    expect(xmlTexts(vol2.body, "loc")).toEqual([
      `https://${a.host}/archives/2025/vol2/issue3`,
      `https://${a.host}/archives/2025/2/3/${art2.refnumber}`,
    ]);
    expect(xmlTexts(vol2.body, "lastmod")[1]).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await get(a.url("/sitemaps/volume-1.xml"))).body).toContain(`/archives/2024/1/1/${art1.refnumber}`);
    expect((await get(a.url("/sitemaps/volume-9.xml"))).res.status).toBe(404);
    const pages = (await get(a.url("/sitemaps/pages.xml"))).body;
    expect(xmlProblem(pages)).toBeNull();
    // Pages that answer 200 only: /archives redirects (302) to the newest issue, listed above.
    expect(xmlTexts(pages, "loc").map((u) => new URL(u).pathname)).toEqual(["/", "/board", "/instructions", "/indexing", "/contact", "/privacy-policy", "/terms-and-conditions"]);
    for (const u of xmlTexts(pages, "loc")) expect((await get(u)).res.status, u).toBe(200);
  });

  it("Atom feeds of the latest articles and the latest issue are well-formed and linked from pages", async () => {
    const j = await makeJournal({ settings: { websitename: "Feed & Co Journal" } });
    const old = await makeIssue(j.id, { year: 2024, volume: 1, issue: 1 });
    const latest = await makeIssue(j.id, { year: 2025, volume: 2, issue: 1 });
    await makeArticle(j.id, old, { title: "Older <i>paper</i> & more" });
    const newest = await makeArticle(j.id, latest, { title: "Newest paper" });
    const feed = await get(j.url("/feed.xml"));
    expect(feed.res.headers.get("content-type")).toContain("application/atom+xml");
    expect(xmlProblem(feed.body)).toBeNull();
    expect(xmlTexts(feed.body, "title")).toContain("Older paper &amp; more");
    const issueFeed = await get(j.url("/feeds/latest-issue.xml"));
    expect(xmlProblem(issueFeed.body)).toBeNull();
    // Entry ids are identities (tag: URIs of the journal's fixed host and creation day), the links addresses.
    const today = new Date().toISOString().slice(0, 10);
    expect(xmlTexts(issueFeed.body, "id")).toEqual([`tag:${j.host},${today}:feeds/latest-issue`, `tag:${j.host},${today}:article/${newest.id}`]);
    expect(issueFeed.body).toContain(`<link rel="alternate" type="text/html" href="https://${j.host}/archives/2025/2/1/${newest.refnumber}"/>`);
    expect(issueFeed.body).not.toContain("Older");
    const home = await (await fetchWorker(j.url("/"))).text();
    expect(home).toMatch(/<link[^>]+rel="alternate"[^>]+type="application\/atom\+xml"[^>]+href="\/feed.xml"/);
  });
});

describe("OAI-PMH 2.0", () => {
  async function oai(host: string, query: string) {
    const { res, body } = await get(`https://${host}/oai?${query}`);
    expect(res.headers.get("content-type")).toContain("text/xml");
    expect(xmlProblem(body), body.slice(0, 300)).toBeNull();
    return body;
  }
  const errorCode = (body: string) => /<error code="([^"]+)"/.exec(body)?.[1] ?? null;

  it("answers Identify, ListMetadataFormats and ListSets", async () => {
    const j = await makeJournal({ settings: { websitename: "OAI Journal", websiteemail: "oai@journal.example" } });
    await makeArticle(j.id, await makeIssue(j.id, { volume: 4 }));
    const identify = await oai(j.host, "verb=Identify");
    expect(xmlTexts(identify, "repositoryName")).toEqual(["OAI Journal"]);
    expect(xmlTexts(identify, "baseURL")).toEqual([`https://${j.host}/oai`]);
    expect(xmlTexts(identify, "protocolVersion")).toEqual(["2.0"]);
    expect(xmlTexts(identify, "deletedRecord")).toEqual(["transient"]);
    expect(xmlTexts(identify, "granularity")).toEqual(["YYYY-MM-DDThh:mm:ssZ"]);
    // jats too: the factory's journal has an ISSN, which JATS requires.
    expect(xmlTexts(await oai(j.host, "verb=ListMetadataFormats"), "metadataPrefix")).toEqual(["oai_dc", "jats"]);
    expect(xmlTexts(await oai(j.host, "verb=ListSets"), "setSpec")).toEqual(["volume-4"]);
  });

  it("lists records with Dublin Core, reports disabled articles as deleted, and gets one record", async () => {
    const j = await makeJournal();
    const issue = await makeIssue(j.id, { year: 2025, volume: 3, issue: 1 });
    const live = await makeArticle(j.id, issue, { title: "Live <i>article</i>", authorname: "Dr. A One, B Two" });
    const gone = await makeArticle(j.id, issue, { status: "disabled", pagenumber: "7-8" });
    const list = await oai(j.host, "verb=ListRecords&metadataPrefix=oai_dc");
    expect(xmlTexts(list, "identifier").slice(0, 2)).toEqual([`oai:${j.host}:article/${live.id}`, `oai:${j.host}:article/${gone.id}`]);
    expect(xmlTexts(list, "dc:title")).toEqual(["Live article"]);
    // Honorifics dropped, exactly as citation_author / DC.creator / JSON-LD have them.
    expect(xmlTexts(list, "dc:creator")).toEqual(["A One", "B Two"]);
    expect(xmlTexts(list, "dc:language")).toEqual(["en"]);
    expect(list).toContain('<header status="deleted">');
    const ids = await oai(j.host, "verb=ListIdentifiers&metadataPrefix=oai_dc&set=volume-3");
    expect(xmlTexts(ids, "identifier")).toHaveLength(2);
    const one = await oai(j.host, `verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:${j.host}:article/${live.id}`);
    expect(xmlTexts(one, "dc:identifier")[0]).toBe(`https://${j.host}/archives/2025/3/1/${live.refnumber}`);
  });

  it("dc:creator matches the article page's citation_author, DC.creator and JSON-LD authors", async () => {
    const j = await makeJournal();
    const issue = await makeIssue(j.id, { year: 2025, volume: 6, issue: 1 });
    const a = await makeArticle(j.id, issue, { authorname: "Dr. Anjali Sharma, Prof. Dr. R.K. Singh, डॉ. सुनीता देवी, Smt. Priya Nair" });
    const record = await oai(j.host, `verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:${j.host}:article/${a.id}`);
    const page = await (await fetchWorker(j.url(`/archives/2025/6/1/${a.refnumber}`))).text();
    const metas = (name: string) => [...page.matchAll(new RegExp(`<meta name="${name}" content="([^"]*)"`, "g"))].map((m) => m[1]);
    const jsonLd = [...page.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
      .map((m) => JSON.parse(m[1]) as { "@type"?: string; author?: { name: string }[] })
      .find((d) => d["@type"] === "ScholarlyArticle");
    const expected = ["Anjali Sharma", "R.K. Singh", "सुनीता देवी", "Priya Nair"];
    expect(xmlTexts(record, "dc:creator")).toEqual(expected);
    expect(metas("citation_author")).toEqual(expected);
    expect(metas("DC.creator")).toEqual(expected);
    expect(jsonLd?.author?.map((p) => p.name)).toEqual(expected);
  });

  it("dc:language is the ISO 639 code of the journal's language, or the setting as written", async () => {
    const cases: [string, string[]][] = [
      ["English", ["en"]],
      ["Hindi", ["hi"]],
      ["english", ["en"]],
      ["English & Hindi", ["en", "hi"]],
      ["Marathi, English", ["mr", "en"]],
      ["", ["en"]],
      ["Klingon", ["Klingon"]],
      ["English and Elvish", ["English and Elvish"]],
    ];
    for (const [setting, codes] of cases) {
      const j = await makeJournal({ settings: { journal_language: setting } });
      await makeArticle(j.id, await makeIssue(j.id));
      expect(xmlTexts(await oai(j.host, "verb=ListRecords&metadataPrefix=oai_dc"), "dc:language"), setting).toEqual(codes);
    }
  });

  it("ListSets names every volume a header can name, deleted records included", async () => {
    const j = await makeJournal({ settings: { websitename: "Set Journal" } });
    const v1 = await makeIssue(j.id, { year: 2023, volume: 1, issue: 1 });
    const v2 = await makeIssue(j.id, { year: 2024, volume: 2, issue: 1 });
    const v3 = await makeIssue(j.id, { year: 2025, volume: 3, issue: 1 });
    await makeArticle(j.id, v1);
    await makeArticle(j.id, v1, { status: "disabled", pagenumber: "7-9" });
    // Volume 2: every article disabled (withdrawn) — still harvested as deleted records.
    const withdrawn = await makeArticle(j.id, v2, { status: "disabled" });
    await makeArticle(j.id, v3);
    const sets = xmlTexts(await oai(j.host, "verb=ListSets"), "setSpec");
    expect(sets).toEqual(["volume-3", "volume-2", "volume-1"]);
    const headers = await oai(j.host, "verb=ListIdentifiers&metadataPrefix=oai_dc");
    const specs = new Set(xmlTexts(headers, "setSpec"));
    expect([...specs].sort()).toEqual(["volume-1", "volume-2", "volume-3"]);
    for (const spec of specs) expect(sets).toContain(spec);
    // The withdrawn volume's set is selectable and holds its deleted record.
    const v2Ids = await oai(j.host, "verb=ListIdentifiers&metadataPrefix=oai_dc&set=volume-2");
    expect(xmlTexts(v2Ids, "identifier")).toEqual([`oai:${j.host}:article/${withdrawn.id}`]);
    expect(v2Ids).toContain('<header status="deleted">');
    // The sitemap still lists only volumes with enabled articles.
    expect(xmlTexts((await get(j.url("/sitemap.xml"))).body, "loc")).toEqual([
      `https://${j.host}/sitemaps/pages.xml`,
      `https://${j.host}/sitemaps/volume-3.xml`,
      `https://${j.host}/sitemaps/volume-1.xml`,
    ]);
  });

  it("filters by from/until on datestamps that change when an article changes", async () => {
    const j = await makeJournal();
    const issue = await makeIssue(j.id);
    const a = await makeArticle(j.id, issue);
    await env.DB.prepare("update articles set modification = '2020-01-05T10:00:00.000Z' where id = ?").bind(a.id).run();
    expect(errorCode(await oai(j.host, "verb=ListIdentifiers&metadataPrefix=oai_dc&from=2021-01-01"))).toBe("noRecordsMatch");
    expect(xmlTexts(await oai(j.host, "verb=ListIdentifiers&metadataPrefix=oai_dc&from=2020-01-05&until=2020-01-05"), "datestamp")).toEqual([
      "2020-01-05T10:00:00Z",
    ]);
    await env.DB.prepare("update articles set modification = '2022-03-01T00:00:00.000Z' where id = ?").bind(a.id).run();
    expect(xmlTexts(await oai(j.host, "verb=ListIdentifiers&metadataPrefix=oai_dc&from=2021-01-01"), "datestamp")).toEqual([
      "2022-03-01T00:00:00Z",
    ]);
  });

  it("pages with stateless resumption tokens", async () => {
    const j = await makeJournal();
    const issue = await makeIssue(j.id);
    const stmts = [];
    for (let i = 0; i < 130; i++) {
      stmts.push(
        env.DB.prepare(
          "insert into articles (journal_id, issue_id, refnumber, title, authorname, pagenumber, first_page, last_page, txnid, publishdate, year, volume, issue) values (?,?,?,?,?,?,?,?,?,?,?,?,?)",
        ).bind(j.id, issue.id, String(5000 + i), `Bulk ${i}`, "A B", `${i * 2 + 1}-${i * 2 + 2}`, i * 2 + 1, i * 2 + 2, `T${i}`, "2025-01-01", issue.year, issue.volume, issue.issue),
      );
    }
    await env.DB.batch(stmts);
    const first = await oai(j.host, "verb=ListIdentifiers&metadataPrefix=oai_dc");
    expect(xmlTexts(first, "identifier")).toHaveLength(100);
    const token = /<resumptionToken completeListSize="130" cursor="0">([^<]+)<\/resumptionToken>/.exec(first)?.[1];
    expect(token).toBeTruthy();
    const second = await oai(j.host, `verb=ListIdentifiers&resumptionToken=${encodeURIComponent(token!)}`);
    expect(xmlTexts(second, "identifier")).toHaveLength(30);
    expect(second).toMatch(/<resumptionToken completeListSize="130" cursor="100"><\/resumptionToken>/);
  });

  it("answers the protocol's error codes", async () => {
    const j = await makeJournal();
    await makeArticle(j.id, await makeIssue(j.id));
    expect(errorCode(await oai(j.host, "verb=Nonsense"))).toBe("badVerb");
    expect(errorCode(await oai(j.host, ""))).toBe("badVerb");
    expect(errorCode(await oai(j.host, "verb=ListRecords"))).toBe("badArgument");
    expect(errorCode(await oai(j.host, "verb=Identify&extra=1"))).toBe("badArgument");
    expect(errorCode(await oai(j.host, "verb=ListRecords&metadataPrefix=oai_dc&from=yesterday"))).toBe("badArgument");
    // OAI-PMH 2.0 §3.6 names a repeated verb as badVerb; other repeated arguments are badArgument.
    expect(errorCode(await oai(j.host, "verb=ListRecords&metadataPrefix=oai_dc&verb=ListRecords"))).toBe("badVerb");
    expect(errorCode(await oai(j.host, "verb=ListRecords&metadataPrefix=oai_dc&metadataPrefix=oai_dc"))).toBe("badArgument");
    // §2.7.1: from later than until is badArgument, not an empty list.
    expect(errorCode(await oai(j.host, "verb=ListRecords&metadataPrefix=oai_dc&from=2025-02-01&until=2025-01-01"))).toBe("badArgument");
    expect(errorCode(await oai(j.host, "verb=ListRecords&metadataPrefix=oai_dc&from=2025-02-30"))).toBe("badArgument");
    expect(errorCode(await oai(j.host, "verb=ListRecords&metadataPrefix=oai_dc&set=foo%20bar"))).toBe("badArgument");
    expect(errorCode(await oai(j.host, "verb=ListRecords&metadataPrefix=marc21"))).toBe("cannotDisseminateFormat");
    expect(errorCode(await oai(j.host, "verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:elsewhere:article/1"))).toBe("idDoesNotExist");
    expect(errorCode(await oai(j.host, "verb=ListRecords&metadataPrefix=oai_dc&set=volume-99"))).toBe("noRecordsMatch");
    expect(errorCode(await oai(j.host, "verb=ListRecords&resumptionToken=garbage"))).toBe("badResumptionToken");
  });

  it("never shows one journal's records on another's host", async () => {
    const a = await makeJournal();
    const b = await makeJournal();
    const art = await makeArticle(a.id, await makeIssue(a.id));
    expect(errorCode(await oai(b.host, `verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:${b.host}:article/${art.id}`))).toBe("idDoesNotExist");
    expect(errorCode(await oai(b.host, "verb=ListRecords&metadataPrefix=oai_dc"))).toBe("noRecordsMatch");
  });
});

describe("citation exports and reader counts", () => {
  it("exports an article as RIS, BibTeX and CSL-JSON, and a whole issue", async () => {
    const j = await makeJournal({ settings: { websitename: "Cite Journal" } });
    const issue = await makeIssue(j.id, { year: 2025, volume: 5, issue: 2 });
    const a = await makeArticle(j.id, issue, { authorname: "Dr. Anjali Sharma, Rahul Verma", pagenumber: "3-9" });
    await makeArticle(j.id, issue, { pagenumber: "10-12" });
    const ris = await fetchWorker(j.url(`/api/cite/${a.refnumber}.ris`));
    expect(ris.headers.get("content-disposition")).toBe(`attachment; filename="article-${a.refnumber}.ris"`);
    expect(await ris.text()).toContain("AU  - Sharma, Anjali\r\n");
    expect(await (await fetchWorker(j.url(`/api/cite/${a.refnumber}.bib`))).text()).toContain("pages = {3--9}");
    const csl = (await (await fetchWorker(j.url(`/api/cite/${a.refnumber}.json`))).json()) as { "container-title": string }[];
    expect(csl[0]["container-title"]).toBe("Cite Journal");
    const issueRis = await (await fetchWorker(j.url("/api/cite/issue/2025/5/2.ris"))).text();
    expect(issueRis.match(/^TY {2}- JOUR/gm)).toHaveLength(2);
    expect((await fetchWorker(j.url("/api/cite/issue/2025/5/9.bib"))).status).toBe(404);
  });

  it("counts PDF downloads by readers but not by bots or partial range requests", async () => {
    const j = await makeJournal();
    const issue = await makeIssue(j.id, { year: 2025, volume: 1, issue: 1 });
    const a = await makeArticle(j.id, issue, { refnumber: "8080" }, { pdf: new TextEncoder().encode("%PDF-1.4 test") });
    const url = j.url("/assets/archives/2025/vol1issue1/8080.pdf");
    const browser = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/156" };
    await (await fetchWorker(url, { headers: browser })).arrayBuffer();
    await (await fetchWorker(url, { headers: { "user-agent": "Googlebot/2.1" } })).arrayBuffer();
    await (await fetchWorker(url, { headers: { ...browser, range: "bytes=5-8" } })).arrayBuffer();
    await new Promise((r) => setTimeout(r, 50));
    const row = await env.DB.prepare("select downloads from article_stats where article_id = ?").bind(a.id).first<{ downloads: number }>();
    expect(row?.downloads).toBe(1);
  });
});

describe("search index repair and the bench's search SQL", () => {
  const REPAIR = "0006_repair_search_index.sql";
  /** Statements of a SQL text: comments dropped, whitespace collapsed, no trailing semicolons. */
  const statements = (sql: string) =>
    sql
      .split("\n")
      .filter((line) => !line.trim().startsWith("--"))
      .join("\n")
      .split(/;\s*/)
      .map((q) => q.replace(/\s+/g, " ").trim())
      .filter(Boolean);
  const repairSql = () => {
    const migration = env.TEST_MIGRATIONS.find((m) => m.name === REPAIR);
    expect(migration, REPAIR).toBeDefined();
    return migration!.queries.flatMap(statements);
  };
  // The rows the index holds. Not `select rowid from articles_fts`: a full scan of an
  // external-content table reads the content table (articles), so it lists every article.
  // The docsize shadow table has one row per indexed document.
  const ftsRowids = async () =>
    (await env.DB.prepare("select id from articles_fts_docsize order by id").all<{ id: number }>()).results.map((r) => r.id);
  const enabledIds = async () =>
    (await env.DB.prepare("select id from articles where status = 'enabled' order by id").all<{ id: number }>()).results.map((r) => r.id);

  it("the repair migration re-fills the index exactly as a restore and scripts/export.ts end", () => {
    // The re-fill that `npm run restore` runs and `npm run export` ends a dump with.
    const refill = SEARCH_INDEX_REFILL.flatMap(statements);
    expect(refill).toHaveLength(4);
    expect(repairSql()).toEqual(refill.slice(0, 2));
    expect(repairSql()[0]).toBe("INSERT INTO `articles_fts`(`articles_fts`) VALUES ('delete-all')");
    // Then the staff search's index of disabled articles, re-filled as migration 0015 filled it.
    expect(disabledFillSql()).toEqual(refill.slice(2));
  });

  // Migration 0015's own fill of the disabled articles' index (not its triggers' statements).
  const disabledFillSql = () => {
    const migration = env.TEST_MIGRATIONS.find((m) => m.name === "0015_disabled_search_index.sql");
    expect(migration).toBeDefined();
    const fill = migration!.queries.flatMap(statements).filter((q) => q.startsWith("INSERT INTO `articles_fts_disabled`") && !/\b(new|old)\./.test(q));
    expect(fill).toHaveLength(2);
    expect(fill[0]).toBe("INSERT INTO `articles_fts_disabled`(`articles_fts_disabled`) VALUES ('delete-all')");
    return fill;
  };

  it("the dump's re-fill leaves exactly the disabled articles in the staff search's index, and its triggers keep working", async () => {
    const docs = async () => (await env.DB.prepare("select id from articles_fts_disabled_docsize order by id").all<{ id: number }>()).results.map((r) => r.id);
    const disabledIds = async () =>
      (await env.DB.prepare("select id from articles where status = 'disabled' order by id").all<{ id: number }>()).results.map((r) => r.id);
    const j = await makeJournal();
    const issue = await makeIssue(j.id);
    const shown = await makeArticle(j.id, issue, { title: "Finger millet blast" });
    const hidden = await makeArticle(j.id, issue, { title: "Finger millet withdrawn", authorname: "Stowaway Author", status: "disabled" });
    // A wrong entry (an enabled article in the disabled index), as a 'rebuild' would leave.
    await env.DB.prepare("insert into articles_fts_disabled(rowid, search_title, authorname) select id, search_title, authorname from articles where id = ?").bind(shown.id).run();
    expect(await docs()).toContain(shown.id);

    for (const sql of disabledFillSql()) await env.DB.prepare(sql).run();

    expect(await docs()).toEqual(await disabledIds());
    expect(await docs()).toContain(hidden.id);
    expect(await docs()).not.toContain(shown.id);
    await env.DB.prepare("insert into articles_fts_disabled(articles_fts_disabled) values ('integrity-check')").run();
    const staff = async (q: string) => (await adminSearchPage(db(), j.id, q)).rows.map((a) => a.id);
    expect(await staff("stowaway")).toEqual([hidden.id]);
    expect(await staff("finger millet")).toEqual([shown.id, hidden.id]);
    expect((await searchRanked(db(), j.id, { q: "stowaway" })).total).toBe(0);
    await env.DB.prepare("update articles set status = 'enabled' where id = ?").bind(hidden.id).run();
    await env.DB.prepare("update articles set status = 'disabled' where id = ?").bind(shown.id).run();
    expect(await docs()).toEqual(await disabledIds());
    expect((await searchRanked(db(), j.id, { q: "stowaway" })).total).toBe(1);
    expect(await staff("blast")).toEqual([shown.id]);
    await env.DB.prepare("insert into articles_fts_disabled(articles_fts_disabled) values ('integrity-check')").run();
  });

  it("the repair migration leaves only enabled articles in the index, and search and triggers keep working", async () => {
    const j = await makeJournal();
    const issue = await makeIssue(j.id, { year: 2024 });
    const shown = await makeArticle(j.id, issue, { title: "Amaranth grain protein", keywords: "pseudocereal" });
    const hidden = await makeArticle(j.id, issue, { title: "Amaranth retracted trial", authorname: "Plantedentry Author", status: "disabled" });
    // What an old dump's FTS5 'rebuild' left behind: the disabled article in the index.
    await env.DB.prepare(
      "insert into articles_fts(rowid, search_title, authorname, keywords, search_abstract) select id, search_title, authorname, keywords, search_abstract from articles where id = ?",
    )
      .bind(hidden.id)
      .run();
    const planted = await env.DB.prepare("select rowid from articles_fts where articles_fts match '\"plantedentry\"'").all<{ rowid: number }>();
    expect(planted.results.map((r) => r.rowid)).toEqual([hidden.id]);
    expect(await ftsRowids()).not.toEqual(await enabledIds());

    for (const sql of repairSql()) await env.DB.prepare(sql).run();

    // Exactly the enabled articles (of every journal in this database), and a sound index.
    expect(await ftsRowids()).toEqual(await enabledIds());
    expect(await ftsRowids()).not.toContain(hidden.id);
    expect((await env.DB.prepare("select rowid from articles_fts where articles_fts match '\"plantedentry\"'").all()).results).toEqual([]);
    await env.DB.prepare("insert into articles_fts(articles_fts) values ('integrity-check')").run();

    // Search finds the enabled article by title, keyword and prefix.
    expect((await searchRanked(db(), j.id, { q: "amaranth" })).hits.map((h) => h.article.id)).toEqual([shown.id]);
    expect((await searchRanked(db(), j.id, { q: "pseudocereal" })).hits.map((h) => h.article.id)).toEqual([shown.id]);
    expect((await searchRanked(db(), j.id, { q: "amar prot" })).hits.map((h) => h.article.id)).toEqual([shown.id]);
    const api = await fetchWorker(j.url("/api/search?keyword=amaranth"));
    expect(((await api.json()) as { title: string }[]).map((a) => a.title)).toEqual(["Amaranth grain protein"]);
    // The triggers still work on the re-filled index: an edit re-indexes, disabling removes,
    // enabling adds — each of which would corrupt or miss if the entries did not match the rows.
    await env.DB.prepare("update articles set search_title = 'Buckwheat grain protein', title = 'Buckwheat grain protein' where id = ?").bind(shown.id).run();
    expect((await searchRanked(db(), j.id, { q: "buckwheat" })).total).toBe(1);
    expect((await searchRanked(db(), j.id, { q: "amaranth" })).total).toBe(0);
    await env.DB.prepare("update articles set status = 'enabled' where id = ?").bind(hidden.id).run();
    expect((await searchRanked(db(), j.id, { q: "plantedentry" })).hits.map((h) => h.article.id)).toEqual([hidden.id]);
    await env.DB.prepare("update articles set status = 'disabled' where id in (?, ?)").bind(shown.id, hidden.id).run();
    expect((await searchRanked(db(), j.id, { q: "grain" })).total).toBe(0);
    await env.DB.prepare("insert into articles_fts(articles_fts) values ('integrity-check')").run();
    expect(await ftsRowids()).toEqual(await enabledIds());
  });

  it("rankedSearchStatements (what the bench times) is searchRanked's own batch: same statements, same parameters", async () => {
    const j = await makeJournal();
    await makeArticle(j.id, await makeIssue(j.id), { title: "Pearl millet drought tolerance" });
    const { d1: recorder, db: recorded, sent } = recordingDb();
    const norm = (sql: string) => sql.replace(/\s+/g, " ").trim();
    for (const q of ["millet drought", 'odd "input" (NEAR* ', "Pearl"]) {
      sent.length = 0;
      const real = await searchRanked(recorded, j.id, { q });
      const ours = [...sent];
      sent.length = 0;
      const bench = rankedSearchStatements(recorder, j.id, q);
      expect(sent.map((s) => ({ sql: norm(s.sql), params: s.params }))).toEqual(ours.map((s) => ({ sql: norm(s.sql), params: s.params })));
      expect(ours).toHaveLength(2); // rows and facets (an unfiltered search counts from the facets)
      expect(ours[0].sql).toContain("a.status = 'enabled'");
      // And it returns what the real query does.
      const [rows, facets] = await env.DB.batch<Record<string, unknown>>(bench);
      expect(rows.results.map((r) => r.id)).toEqual(real.hits.map((h) => h.article.id));
      expect(facets.results.reduce((n, f) => n + Number(f.count), 0)).toBe(real.total);
    }
  });
});

describe("security.txt", () => {
  it("names where to report a vulnerability (RFC 9116), per journal host", async () => {
    const j = await makeJournal({ settings: { websiteemail: "editor@secure.example" } });
    const res = await fetchWorker(j.url("/.well-known/security.txt"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const body = await res.text();
    expect(body).toMatch(/^Contact: mailto:editor@secure\.example$/m);
    const expires = /^Expires: (\S+)$/m.exec(body)?.[1] ?? "";
    expect(expires).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    // RFC 9116 §2.5.5 recommends less than a year ahead; it is computed when served.
    expect(Date.parse(expires)).toBeGreaterThan(Date.now() + 90 * 24 * 3600 * 1000);
    expect(Date.parse(expires)).toBeLessThan(Date.now() + 365 * 24 * 3600 * 1000 - 7 * 24 * 3600 * 1000);
    expect(body).toContain(`Canonical: https://${j.host}/.well-known/security.txt`);
  });

  it("is not found when the journal has no e-mail and no contact is configured", async () => {
    const j = await makeJournal({ settings: { websiteemail: "" } });
    expect((await fetchWorker(j.url("/.well-known/security.txt"))).status).toBe(404);
  });
});
