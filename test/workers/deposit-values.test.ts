import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { xmlTexts } from "../xml";
import { fetchWorker, makeAdminSession, makeArticle, makeIssue } from "../factories";

/**
 * Valid is not right: every deposit and export path — the issue table's selection (POST, what
 * its Crossref and DOAJ buttons send), the selection API, the whole-issue API, DOAJ, JATS and
 * OAI-PMH — carries the dates, volume, issue and pages of the issue and article rows. The
 * journal's earliest article (2023-01-05) is in another issue, so a date taken from the wrong
 * rows shows.
 */

const READY = {
  doi_prefix: "10.55555",
  doi_depositor_name: "Test Press",
  doi_depositor_email: "doi@press.example",
  doi_registrant: "Test Press",
  issn: "2583-1111",
  publisher_name: "Test Press",
};

const blocks = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<${tag}[ >][\\s\\S]*?</${tag}>`, "g"))].map((m) => m[0]);
const date = (block: string) => {
  const [y, m, d] = [xmlTexts(block, "year")[0], xmlTexts(block, "month")[0], xmlTexts(block, "day")[0]];
  return `${y}-${m}-${d}`;
};

async function journalWithTwoYears() {
  // A public-looking primary host: DOAJ refuses links on reserved names such as *.test.
  const s = await makeAdminSession({ settings: READY, publicHost: true });
  const early = await makeIssue(s.id, { year: 2023, volume: 1, issue: 1 });
  await makeArticle(s.id, early, { publishdate: "2023-01-05", pagenumber: "1-4" });
  const issue = await makeIssue(s.id, { year: 2024, volume: 2, issue: 3 });
  const a = await makeArticle(s.id, issue, { publishdate: "2024-04-10", pagenumber: "5-9" });
  const b = await makeArticle(s.id, issue, { publishdate: "2024-04-02", pagenumber: "10-22" });
  // Disabled: neither exported nor the issue's date.
  await makeArticle(s.id, issue, { publishdate: "2024-03-01", pagenumber: "23-24", status: "disabled" });
  for (const x of [a, b]) await env.DB.prepare("update articles set doi = ? where id = ?").bind(`10.55555/t.${x.refnumber}`, x.id).run();
  const rows = (await env.DB.prepare("select id, refnumber, publishdate, pagenumber, first_page, last_page, year, volume, issue from articles where issue_id = ? and status = 'enabled' order by first_page").bind(issue.id).all<Record<string, string | number>>()).results;
  const issueRow = (await env.DB.prepare("select year, volume, issue from issues where id = ?").bind(issue.id).first<Record<string, number>>())!;
  // The issue's publication date: the earliest publish date of its published articles.
  const issueDate = rows.map((r) => String(r.publishdate)).sort()[0];
  return { s, rows, issueRow, issueDate, refs: rows.map((r) => String(r.refnumber)) };
}

function post(s: Awaited<ReturnType<typeof makeAdminSession>>, path: string, body: unknown) {
  return fetchWorker(s.url(path), { method: "POST", headers: { ...s.auth, "content-type": "application/json" }, body: JSON.stringify(body) });
}

describe("every deposit and export carries the rows' values", () => {
  it("Crossref: the issue table's selection, the selection API and the whole-issue API agree with the rows (a 2024 issue carries its own date)", async () => {
    const { s, rows, issueRow, issueDate, refs } = await journalWithTwoYears();
    expect(issueDate).toBe("2024-04-02");
    const files = {
      // What the issue table's Crossref button sends: the ticked articles, in any order.
      "issue table": await post(s, "/api/export/crossref", { refnumbers: [...refs].reverse() }),
      "selection API (one article)": await post(s, "/api/export/crossref", [refs[0]]),
      "whole-issue API": await fetchWorker(s.url("/api/export/crossref/2024/2/3"), { headers: s.auth }),
    };
    for (const [path, res] of Object.entries(files)) {
      expect(res.status, path).toBe(200);
      const xml = await res.text();
      const [journalIssue] = blocks(xml, "journal_issue");
      expect(date(journalIssue), path).toBe(issueDate);
      expect(xmlTexts(journalIssue, "volume"), path).toEqual([String(issueRow.volume)]);
      expect(xmlTexts(journalIssue, "issue"), path).toEqual([String(issueRow.issue)]);
      const articles = blocks(xml, "journal_article");
      const expected = path.includes("one article") ? rows.slice(0, 1) : rows;
      expect(articles, path).toHaveLength(expected.length);
      articles.forEach((block, i) => {
        const row = expected[i];
        expect(date(blocks(block, "publication_date")[0]), `${path} ${row.refnumber}`).toBe(row.publishdate);
        expect(xmlTexts(block, "first_page"), `${path} ${row.refnumber}`).toEqual([String(row.first_page)]);
        expect(xmlTexts(block, "last_page"), `${path} ${row.refnumber}`).toEqual([String(row.last_page)]);
        expect(xmlTexts(block, "doi"), path).toEqual([`10.55555/t.${row.refnumber}`]);
      });
    }
  });

  it("DOAJ (selection and whole issue), JATS and OAI-PMH (oai_dc and jats) agree with the rows", async () => {
    const { s, rows, issueRow, refs } = await journalWithTwoYears();
    for (const res of [await post(s, "/api/export/doaj", { refnumbers: refs }), await fetchWorker(s.url("/api/export/doaj/2024/2/3"), { headers: s.auth })]) {
      expect(res.status).toBe(200);
      const records = blocks(await res.text(), "record");
      expect(records).toHaveLength(rows.length);
      records.forEach((r, i) => {
        expect(xmlTexts(r, "publicationDate")).toEqual([rows[i].publishdate]);
        expect(xmlTexts(r, "volume")).toEqual([String(issueRow.volume)]);
        expect(xmlTexts(r, "issue")).toEqual([String(issueRow.issue)]);
        expect(xmlTexts(r, "startPage")).toEqual([String(rows[i].first_page)]);
        expect(xmlTexts(r, "endPage")).toEqual([String(rows[i].last_page)]);
      });
    }
    for (const row of rows) {
      const jatsFiles = [
        await (await fetchWorker(s.url(`/api/export/jats/${row.refnumber}`), { headers: s.auth })).text(),
        await (await fetchWorker(s.url(`/archives/2024/2/3/${row.refnumber}.jats.xml`), { headers: s.auth })).text(),
      ];
      const identifier = encodeURIComponent(`oai:${s.host}:article/${row.id}`);
      const oaiJats = await (await fetchWorker(s.url(`/oai?verb=GetRecord&metadataPrefix=jats&identifier=${identifier}`), { headers: s.auth })).text();
      for (const xml of [...jatsFiles, oaiJats]) {
        const pubDate = blocks(xml, "pub-date")[0];
        expect(date(pubDate), String(row.refnumber)).toBe(row.publishdate);
        expect(xmlTexts(xml, "volume")).toEqual([String(issueRow.volume)]);
        expect(xmlTexts(xml, "issue")).toEqual([String(issueRow.issue)]);
        expect(xmlTexts(xml, "fpage")).toEqual([String(row.first_page)]);
        expect(xmlTexts(xml, "lpage")).toEqual([String(row.last_page)]);
      }
      const dc = await (await fetchWorker(s.url(`/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=${identifier}`), { headers: s.auth })).text();
      expect(xmlTexts(dc, "dc:date")).toEqual([row.publishdate]);
      expect(xmlTexts(dc, "dc:source")[0]).toContain(`Vol. ${issueRow.volume}, Issue ${issueRow.issue} (${issueRow.year}); ${row.pagenumber}`);
    }
  });
});
