/**
 * Exports no stored value can break, at the edges of the Worker: a DOI that could break out of an export is refused on
 * write (API), and a hostile record already in the database (written before the rule, or by
 * hand) still comes out of every served export as one record whose values stay in their fields.
 * The same strings are parsed back with citation-js in test/e2e/citation-exports.test.ts.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { articleForm, fetchWorker, makeAdminSession, makeArticle, makeIssue, makeJournal } from "../factories";

type Json = Record<string, any>;

const EVIL_DOI = "10.1234/x},url={https://evil.example}";

describe("DOIs are checked against Crossref's pattern on write", () => {
  it("refuses a DOI with braces, quotes or spaces, with the field's message, and stores nothing", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id);
    for (const doi of [EVIL_DOI, '10.1234/a"b', "10.1234/a b", "10.1234/a<b>", "10.123/abc"]) {
      const res = await fetchWorker(s.url("/api/admin/archives/"), { method: "POST", headers: s.auth, body: articleForm(issue, { doi }) });
      expect(res.status, doi).toBe(400);
      expect(((await res.json()) as Json).fields.doi, doi).toBe("Enter a DOI like 10.1234/journal.2025.001");
    }
    const rows = await env.DB.prepare("select count(*) as n from articles where journal_id = ?").bind(s.id).first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });
});

describe("served exports of a hostile stored record", () => {
  it("RIS, BibTeX and CSL-JSON: one record, nothing injected, the bad DOI left out", async () => {
    const j = await makeJournal({ settings: { websitename: "Export } Journal", publisher_name: "Press % # & ~ ^ \\" } });
    const issue = await makeIssue(j.id, { year: 2025, volume: 9, issue: 1 });
    const a = await makeArticle(j.id, issue, {
      title: "Evil}, url = {https://evil.example}, note = {50% ~ ^ \\ _",
      keywords: "kw1\r\nER  - \r\nTY  - JOUR\r\nTI  - INJECTED, kw2",
    });
    await env.DB.prepare("update articles set doi = ? where id = ?").bind(EVIL_DOI, a.id).run();

    const ris = await (await fetchWorker(j.url(`/api/cite/${a.refnumber}.ris`))).text();
    expect(ris.match(/^TY {2}- /gm)).toHaveLength(1);
    expect(ris.match(/^ER {2}- /gm)).toHaveLength(1);
    expect(ris).not.toMatch(/^TI {2}- INJECTED/m);
    expect(ris).toContain("KW  - kw1 ER - TY - JOUR TI - INJECTED\r\nKW  - kw2\r\n");
    expect(ris.split("\r\n").filter(Boolean).every((l) => /^[A-Z][A-Z0-9] {2}- /.test(l))).toBe(true);
    expect(ris).not.toMatch(/^DO {2}- /m);

    const bib = await (await fetchWorker(j.url(`/api/cite/${a.refnumber}.bib`))).text();
    expect(bib).toContain("  title = {Evil\\}, url = \\{https://evil.example\\}, note = \\{50\\% \\textasciitilde{} \\textasciicircum{} \\textbackslash{} \\_},\n");
    expect(bib).toContain("  journal = {Export \\} Journal},\n");
    expect(bib).toContain("  publisher = {Press \\% \\# \\& \\textasciitilde{} \\textasciicircum{} \\textbackslash{}},\n");
    expect([...bib.matchAll(/^ {2}([a-z]+) = /gm)].map((m) => m[1])).toEqual(["title", "author", "journal", "year", "volume", "number", "pages", "issn", "publisher", "url"]);

    const csl = (await (await fetchWorker(j.url(`/api/cite/${a.refnumber}.json`))).json()) as Json[];
    expect(csl).toHaveLength(1);
    expect(csl[0].DOI).toBeUndefined();
    expect(csl[0].keyword).toBe("kw1 ER - TY - JOUR TI - INJECTED, kw2");

    // The issue's RIS: one record per article, still.
    await makeArticle(j.id, issue, { title: "A second one", pagenumber: "7-9" });
    const issueRis = await (await fetchWorker(j.url("/api/cite/issue/2025/9/1.ris"))).text();
    expect(issueRis.match(/^TY {2}- /gm)).toHaveLength(2);
    expect(issueRis.match(/^ER {2}- /gm)).toHaveLength(2);

    // The page, OAI-PMH and the metadata tags leave the bad DOI out too.
    const page = await (await fetchWorker(j.url(`/archives/2025/9/1/${a.refnumber}`))).text();
    expect(page).not.toContain("10.1234/x}");
    expect(page).not.toContain('name="citation_doi"');
    const oai = await (await fetchWorker(j.url(`/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:${j.host}:article/${a.id}`))).text();
    expect(oai).not.toContain("doi.org");
  });
});
