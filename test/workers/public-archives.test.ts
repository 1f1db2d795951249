import { describe, expect, it } from "vitest";
import { editArticle, insertRawArticleForTest, makeArticle, makeIssue, makeJournal } from "../factories";
import { articleRows, count, getPage, mainOf, metaContents, textOf, titleOf } from "./public-helpers";

async function archiveJournal(settings: Record<string, unknown> = {}) {
  const j = await makeJournal({ settings: { websitename: "Journal of Archive Tests", journal_frequency: "Quarterly", ...settings } });
  const older = await makeIssue(j.id, { year: 2023, volume: 2, issue: 1, frequency: "January" });
  const old2 = await makeIssue(j.id, { year: 2024, volume: 3, issue: 1, frequency: "Jan-Mar" });
  const q1 = await makeIssue(j.id, { year: 2025, volume: 4, issue: 1, frequency: "Jan-Mar" });
  const q2 = await makeIssue(j.id, { year: 2025, volume: 4, issue: 2, frequency: "Apr-Jun" });
  const empty = await makeIssue(j.id, { year: 2026, volume: 5, issue: 1, frequency: "Jan-Mar" }); // no articles yet
  for (const issue of [older, old2, q1]) await makeArticle(j.id, issue, { pagenumber: "1-5" });
  return { ...j, older, old2, q1, q2, empty };
}

describe("/archives", () => {
  it("redirects to the newest year's latest published issue", async () => {
    const j = await archiveJournal();
    await makeArticle(j.id, j.q2, { pagenumber: "1-9" });
    const res = await getPage(j.url("/archives"));
    expect(res.status).toBe(302);
    // The 2026 issue has no articles yet, so the newest readable issue is 2025 issue 2.
    expect(new URL(res.headers.get("location")!, j.url("/")).pathname).toBe("/archives/2025/vol4/issue2");
  });

  it("shows the empty message when nothing is published", async () => {
    const j = await makeJournal();
    await makeIssue(j.id, { year: 2025, volume: 1, issue: 1 });
    const { status, html } = await getPage(j.url("/archives"));
    expect(status).toBe(200);
    expect(textOf(mainOf(html))).toContain("No published articles yet. Please come back later.");
    expect(titleOf(html)).toMatch(/^Archives \| /);
  });
});

describe("issue page", () => {
  it("answers both path shapes with the same table", async () => {
    const j = await archiveJournal();
    const a = await makeArticle(j.id, j.q2, { pagenumber: "1-9", title: "Both shapes article" });
    const viaPrefixes = await getPage(j.url("/archives/2025/vol4/issue2"));
    const viaNumbers = await getPage(j.url("/archives/2025/4/2"));
    expect(viaPrefixes.status).toBe(200);
    expect(viaNumbers.status).toBe(200);
    for (const page of [viaPrefixes, viaNumbers]) {
      expect(page.html).toContain("Both shapes article");
      expect(page.html).toContain(`href="/archives/2025/4/2/${a.refnumber}"`);
    }
    // Both shapes name the same canonical URL.
    expect(viaNumbers.html).toContain('rel="canonical" href="https://' + j.host + '/archives/2025/vol4/issue2"');
  });

  it("titles the issue with zero-padded volume and issue plus the frequency", async () => {
    const j = await archiveJournal();
    await makeArticle(j.id, j.q2, { pagenumber: "1-9" });
    const { html } = await getPage(j.url("/archives/2025/vol4/issue2"));
    const h1 = textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)![1]);
    expect(h1).toBe("VOL. 04, ISSUE 02 (2025) Apr-Jun");
    expect(titleOf(html)).toBe("VOL. 04, ISSUE 02 (2025) Apr-Jun | Journal of Archive Tests");
    expect(textOf(mainOf(html))).toContain("Articles: 001");
    expect(count(html, "<h1")).toBe(1);
  });

  it("lists only enabled articles, sorted by first page as a number", async () => {
    const j = await archiveJournal();
    await makeArticle(j.id, j.q2, { pagenumber: "10-14", title: "Tenth page" });
    // Added after page 14 (the add rule), then moved to pages 2-9 by an edit, as staff can.
    await editArticle(j.id, await makeArticle(j.id, j.q2, { pagenumber: "15-16", title: "Second page" }), { pagenumber: "2-9" });
    await makeArticle(j.id, j.q2, { pagenumber: "15-20", title: "Disabled article", status: "disabled" });
    await makeArticle(j.id, j.q2, { pagenumber: "100-110", title: "Hundredth page" });
    const { html } = await getPage(j.url("/archives/2025/vol4/issue2"));
    const rows = articleRows(html);
    expect(rows.map((r) => r.titleHtml)).toEqual(["Second page", "Tenth page", "Hundredth page"]);
    expect(html).not.toContain("Disabled article");
    expect(rows.map((r) => r.sno)).toEqual(["1", "2", "3"]);
  });

  it("renders each row: sanitised title, authors, abstract and download links, pages and citation", async () => {
    const j = await archiveJournal();
    const withFile = await makeArticle(j.id, j.q2, {
      pagenumber: "2-9",
      title: 'Growth of <i>Oryza sativa</i> <b>bold</b><script>bad()</script><em onclick="x()">emph</em>',
      authorname: "Dr. Suresh Kumar Patel, Rahul Verma, Dr. Anjali Sharma",
      country: "India",
      subject: "Agronomy",
    });
    // A legacy row without a PDF (the app's add requires one).
    const noFile = await insertRawArticleForTest(j.id, j.q2, { pagenumber: "10-12", file: "" });
    const { html } = await getPage(j.url("/archives/2025/vol4/issue2"));
    const main = mainOf(html);
    expect(main).toContain("Growth of <i>Oryza sativa</i> bold<em>emph</em>");
    expect(main).not.toContain("<b>");
    expect(main).not.toContain("bad()");
    expect(main).not.toContain("onclick");
    // Each author links to their articles in this journal; commas between them.
    expect(textOf(main).replace(/\s+,/g, ",")).toContain("Dr. Suresh Kumar Patel, Rahul Verma, Dr. Anjali Sharma");
    expect(main).toContain('href="/authors/Suresh%20Kumar%20Patel"');
    expect(main).toContain(`href="/archives/2025/4/2/${withFile.refnumber}#abstract"`);
    expect(main).toContain(`href="/archives/2025/4/2/${withFile.refnumber}.pdf"`);
    // Download only where a file exists.
    expect(count(main, ">Download</a>")).toBe(1);
    expect(main).toContain(`href="/archives/2025/4/2/${noFile.refnumber}#abstract"`);
    // The labels 'Pages:' and 'How to cite this article:' are the stylesheet's (test/e2e/public.test.ts reads them as shown).
    const [row] = articleRows(main);
    expect(row.pages).toBe("2-9");
    expect(row.cite).toBe("Patel SK, Verma R, Sharma A. Growth of Oryza sativa boldemph. Journal of Archive Tests. 2025;4(2):2-9.");
    expect(textOf(main)).not.toContain("Dr. Patel");
    // Columns.
    const head = textOf(/<thead>[\s\S]*?<\/thead>/.exec(main)![0]);
    expect(head).toBe("S.No. Title and Authors Name Country");
    expect(row.subject).toBeUndefined();
  });

  it("shows the Subject column only for journals that show it", async () => {
    const j = await archiveJournal({ show_subject_column: true });
    await makeArticle(j.id, j.q2, { pagenumber: "1-9", subject: "Plant Pathology" });
    const { html } = await getPage(j.url("/archives/2025/vol4/issue2"));
    const main = mainOf(html);
    expect(textOf(/<thead>[\s\S]*?<\/thead>/.exec(main)![0])).toBe("S.No. Title and Authors Name Subject Country");
    expect(articleRows(main).map((r) => r.subject)).toEqual(["Plant Pathology"]);
  });

  it("has the archive side list: a box per year, first two open, older ones collapsible", async () => {
    const j = await archiveJournal();
    await makeArticle(j.id, j.q2, { pagenumber: "1-9" });
    const { html } = await getPage(j.url("/archives/2025/4/2"));
    const list = /<aside id="archive-drawer"[\s\S]*?<\/aside>/.exec(html)![0];
    const years = [...list.matchAll(/<h3[^>]*>(\d{4}) ISSUES<\/h3>/g)].map((m) => m[1]);
    expect(years).toEqual(["2025", "2024", "2023"]);
    // 2025 and 2024 are always open (plain sections); 2023 is a <details> closed by default.
    expect(count(list, "<details")).toBe(1);
    expect(list).toMatch(/<details><summary><h3>2023 ISSUES<\/h3><\/summary>/);
    expect(textOf(list)).toContain("2025 ISSUES VOL. 04 : ISSUE 02 APR-JUN VOL. 04 : ISSUE 01 JAN-MAR");
    expect(list).toContain('href="/archives/2025/vol4/issue2"');
    // The current issue is marked even on the plain-number URL.
    expect(list).toMatch(/href="\/archives\/2025\/vol4\/issue2"[^>]*aria-current="page"|aria-current="page"[^>]*href="\/archives\/2025\/vol4\/issue2"/);
    // The 2026 issue without articles is not listed.
    expect(list).not.toContain("2026");
    // A native popover invoker: the drawer opens without JavaScript (attribute names are case-insensitive).
    expect(html.toLowerCase()).toContain('popovertarget="archive-drawer"');
    expect(textOf(html)).toContain("All Issues");
  });

  it("opens the older year that holds the current issue", async () => {
    const j = await archiveJournal();
    const { html } = await getPage(j.url("/archives/2023/vol2/issue1"));
    const list = /<aside id="archive-drawer"[\s\S]*?<\/aside>/.exec(html)![0];
    expect(list).toMatch(/<details open=""><summary><h3>2023 ISSUES<\/h3><\/summary><ul><li><a href="\/archives\/2023\/vol2\/issue1" class="active" aria-current="page">/);
    // Elsewhere 2023 starts closed.
    const other = await getPage(j.url("/archives/2025/vol4/issue1"));
    expect(other.html).toContain("<details><summary><h3>2023 ISSUES</h3></summary>");
  });

  it("answers 404 for an unknown or empty issue, malformed numbers and another journal's issue", async () => {
    const j = await archiveJournal();
    const other = await makeJournal();
    for (const path of [
      "/archives/2025/vol4/issue9",
      "/archives/2026/vol5/issue1",
      "/archives/2025/volX/issue2",
      "/archives/25/4/1",
      "/archives/2025/4/1/2/3/4",
    ]) {
      const { status, html } = await getPage(j.url(path));
      expect(status, path).toBe(404);
      expect(textOf(html)).toContain("Oops! Sorry, an unexpected error has occurred.");
    }
    expect((await getPage(other.url("/archives/2025/vol4/issue1"))).status).toBe(404);
  });
});

describe("article page", () => {
  it("shows the article with Google Scholar metadata in <head>", async () => {
    const j = await archiveJournal({ issn: "2583-1234", publisher_name: "Archive Press" });
    const a = await makeArticle(j.id, j.q2, {
      pagenumber: "12-18",
      title: "Yield of <i>Zea mays</i> under drought",
      authorname: "Dr. Anjali Sharma, Rahul Verma",
      abstract: "<p>We measured <b>yield</b>.</p><script>evil()</script>",
      keywords: "maize, drought",
      publishdate: "2025-04-09",
    });
    const { status, html } = await getPage(j.url(`/archives/2025/4/2/${a.refnumber}`));
    expect(status).toBe(200);
    expect(titleOf(html)).toBe("Yield of Zea mays under drought | Journal of Archive Tests");
    const main = mainOf(html);
    expect(main).toMatch(/<h1 id="article-title" class="article-heading">Yield of <i>Zea mays<\/i> under drought<\/h1>/);
    expect(textOf(main).replace(/\s+,/g, ",")).toContain("Dr. Anjali Sharma, Rahul Verma");
    expect(main).toContain('<section id="abstract"');
    expect(main).toContain("<p>We measured <b>yield</b>.</p>");
    expect(main).not.toContain("evil()");
    expect(main).toContain(`href="/archives/2025/4/2/${a.refnumber}.pdf"`);
    expect(textOf(main)).toContain("Pages 12-18");
    expect(textOf(main)).toContain("How to cite this article Sharma A, Verma R. Yield of Zea mays under drought. Journal of Archive Tests. 2025;4(2):12-18.");
    expect(main).toContain(`href="/pdf?refno=${a.refnumber}"`);
    expect(count(html, "<h1")).toBe(1);

    const head = html.slice(0, html.indexOf("</head>"));
    expect(metaContents(head, "citation_title")).toEqual(["Yield of Zea mays under drought"]);
    expect(metaContents(head, "citation_author")).toEqual(["Anjali Sharma", "Rahul Verma"]);
    expect(metaContents(head, "citation_publication_date")).toEqual(["2025/04/09"]);
    expect(metaContents(head, "citation_journal_title")).toEqual(["Journal of Archive Tests"]);
    expect(metaContents(head, "citation_issn")).toEqual(["2583-1234"]);
    expect(metaContents(head, "citation_volume")).toEqual(["4"]);
    expect(metaContents(head, "citation_issue")).toEqual(["2"]);
    expect(metaContents(head, "citation_firstpage")).toEqual(["12"]);
    expect(metaContents(head, "citation_lastpage")).toEqual(["18"]);
    // Beside the abstract page (same folder), as Google Scholar prefers; it serves the same PDF.
    expect(metaContents(head, "citation_pdf_url")).toEqual([`https://${j.host}/archives/2025/4/2/${a.refnumber}.pdf`]);
    expect(metaContents(head, "citation_abstract_html_url")).toEqual([`https://${j.host}/archives/2025/4/2/${a.refnumber}`]);
    expect(metaContents(head, "citation_publisher")).toEqual(["Archive Press"]);
  });

  it("omits the download link and citation_pdf_url when the article has no file", async () => {
    const j = await archiveJournal();
    const a = await insertRawArticleForTest(j.id, j.q2, { pagenumber: "1-4", file: "" }); // legacy: no PDF
    const { status, html } = await getPage(j.url(`/archives/2025/vol4/issue2/${a.refnumber}`));
    expect(status).toBe(200);
    expect(metaContents(html, "citation_pdf_url")).toEqual([]);
    expect(mainOf(html)).not.toContain("/assets/archives/");
  });

  it("says 'Article not found!' with a 404 for a missing, disabled or foreign article", async () => {
    const j = await archiveJournal();
    const other = await archiveJournal();
    const disabled = await makeArticle(j.id, j.q2, { pagenumber: "1-4", status: "disabled" });
    const foreign = await makeArticle(other.id, other.q2, { pagenumber: "1-4" });
    for (const ref of ["999999999", disabled.refnumber, foreign.refnumber, "%22%3E%3Cscript%3E"]) {
      const { status, html } = await getPage(j.url(`/archives/2025/4/2/${ref}`));
      expect(status, ref).toBe(404);
      const h1 = textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)![1]);
      expect(h1).toBe("Article not found!");
      expect(metaContents(html, "citation_title")).toEqual([]);
    }
  });

  it("sends a URL naming the wrong issue to the article's own address", async () => {
    const j = await archiveJournal();
    const a = await makeArticle(j.id, j.q2, { pagenumber: "1-4" });
    const res = await getPage(j.url(`/archives/2024/3/1/${a.refnumber}`));
    expect(res.status).toBe(301);
    expect(new URL(res.headers.get("location")!, j.url("/")).pathname).toBe(`/archives/2025/4/2/${a.refnumber}`);
  });

  it("links the PDF that /assets serves for the article", async () => {
    const j = await archiveJournal();
    const a = await makeArticle(j.id, j.q2, { pagenumber: "1-4" }, { pdf: new TextEncoder().encode("%PDF-1.4 test") });
    const { html } = await getPage(j.url(`/archives/2025/4/2/${a.refnumber}`));
    const href = /<a class="button" href="([^"]+)" download/.exec(html)![1];
    const pdf = await getPage(j.url(href));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
  });
});
