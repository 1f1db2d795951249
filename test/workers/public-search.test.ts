import { describe, expect, it } from "vitest";
import { insertRawArticleForTest, makeArticle, makeIssue, makeJournal } from "../factories";
import { articleRows, count, getPage, mainOf, textOf, titleOf } from "./public-helpers";

const NO_MATCH = "Sorry, nothing matched your search terms. Please try again with different keywords.";

/** Each result title as the reader reads it (inline tags such as <mark> are not word breaks). */
function rowTitles(html: string): string[] {
  return rowTitleHtml(html).map((t) => textOf(t.replace(/<\/?(?:i|em|mark)>/g, "")));
}

/** Each result title's inner HTML, as rendered. */
function rowTitleHtml(html: string): string[] {
  return articleRows(mainOf(html)).map((r) => r.titleHtml);
}

async function searchJournal(settings: Record<string, unknown> = {}) {
  const j = await makeJournal({ settings: { websitename: "Search Test Journal", ...settings } });
  const issue = await makeIssue(j.id, { year: 2025, volume: 6, issue: 3, frequency: "Jul-Sep" });
  const byTitle = await makeArticle(j.id, issue, { title: "Drought tolerance of <i>Sorghum bicolor</i>", pagenumber: "1-8", subject: "Agronomy", country: "Nepal" });
  const byAuthor = await makeArticle(j.id, issue, { title: "Soil carbon stocks", authorname: "Meenakshi Iyer, Dr. Kavita Rao", pagenumber: "9-15" });
  // A legacy row without a PDF (the app's add requires one).
  const byAbstract = await insertRawArticleForTest(j.id, issue, { title: "Leaf area index", abstract: "<p>Photosynthesis under salinity.</p>", pagenumber: "16-20", file: "" });
  const byKeywords = await makeArticle(j.id, issue, { title: "Grain filling", keywords: "zinc, biofortification", pagenumber: "21-30" });
  await makeArticle(j.id, issue, { title: "Drought hidden article", pagenumber: "31-40", status: "disabled" });
  return { ...j, issue, byTitle, byAuthor, byAbstract, byKeywords };
}

describe("search page", () => {
  it("matches title, authors, abstract and keywords, case-insensitively", async () => {
    const j = await searchJournal();
    expect(rowTitles((await getPage(j.url("/search?keyword=SORGHUM"))).html)).toEqual(["Drought tolerance of Sorghum bicolor"]);
    expect(rowTitles((await getPage(j.url("/search?keyword=iyer"))).html)).toEqual(["Soil carbon stocks"]);
    expect(rowTitles((await getPage(j.url("/search?keyword=Photosynthesis"))).html)).toEqual(["Leaf area index"]);
    expect(rowTitles((await getPage(j.url("/search?keyword=biofortification"))).html)).toEqual(["Grain filling"]);
  });

  it("shows the count, the query and a full row for each result", async () => {
    const j = await searchJournal();
    const { status, html } = await getPage(j.url("/search?keyword=drought"));
    expect(status).toBe(200);
    expect(titleOf(html)).toBe("Search: drought | Search Test Journal");
    const main = mainOf(html);
    const text = textOf(main);
    expect(text).toContain("1 article found for drought");
    expect(main).toContain('<q class="search-query">drought</q>');
    // The disabled article never appears.
    expect(text).not.toContain("hidden article");
    expect(textOf(/<thead>[\s\S]*?<\/thead>/.exec(main)![0])).toBe("S.No. Title and Authors Name Country");
    expect(main).toContain(`href="/archives/2025/6/3/${j.byTitle.refnumber}#abstract"`);
    expect(main).toContain(`href="/archives/2025/6/3/${j.byTitle.refnumber}.pdf"`);
    const [row] = articleRows(main);
    expect(row.extra[0]).toBe("VOL. 06, ISSUE 03 (2025)");
    expect(row.pages).toBe("1-8");
    expect(row.cite).toBe("Sharma A, Verma R. Drought tolerance of Sorghum bicolor. Search Test Journal. 2025;6(3):1-8.");
    expect(row.country).toBe("Nepal");
    expect(count(html, "<h1")).toBe(1);
  });

  it("offers Download only for results with a file", async () => {
    const j = await searchJournal();
    const { html } = await getPage(j.url("/search?keyword=photosynthesis"));
    expect(rowTitles(html)).toEqual(["Leaf area index"]);
    expect(mainOf(html)).not.toContain(">Download</a>");
    expect(mainOf(html)).toContain(">Abstract</a>");
  });

  it("shows the Subject column only for journals that show it", async () => {
    const j = await searchJournal({ show_subject_column: true });
    const { html } = await getPage(j.url("/search?keyword=sorghum"));
    const main = mainOf(html);
    expect(textOf(/<thead>[\s\S]*?<\/thead>/.exec(main)![0])).toBe("S.No. Title and Authors Name Subject Country");
    expect(articleRows(main).map((r) => r.subject)).toEqual(["Agronomy"]);
  });

  it("says so when nothing matches", async () => {
    const j = await searchJournal();
    const { status, html } = await getPage(j.url("/search?keyword=quantumchromodynamics"));
    expect(status).toBe(200);
    expect(textOf(mainOf(html))).toContain(NO_MATCH);
    expect(rowTitles(html)).toEqual([]);
  });

  it("never searches another journal's articles", async () => {
    const j = await searchJournal();
    const other = await makeJournal();
    const issue = await makeIssue(other.id);
    await makeArticle(other.id, issue, { title: "Foreign sorghum study" });
    expect(rowTitles((await getPage(j.url("/search?keyword=sorghum"))).html)).toEqual(["Drought tolerance of Sorghum bicolor"]);
  });

  it("never errors on odd input and treats it as text", async () => {
    const j = await searchJournal();
    const sorghum = ["Drought tolerance of Sorghum bicolor"];
    // [query, titles shown]: input without words finds nothing (never everything); words among
    // syntax characters are still searched for.
    const odd: [string, string[]][] = [
      ['"', []],
      ["'", []],
      ["%", []],
      ["_", []],
      ["\\", []],
      ["*", []],
      ["(", []],
      ["?!.,;:", []],
      ["\u0301\u0301", []],
      ["🌾🌾", []],
      ["%00", []],
      ["' OR 1=1 --", []],
      ['"unbalanced', []],
      ["(drought", sorghum],
      ["drought)", sorghum],
      ["NEAR(drought", []], // every word is required, and no title has "near"
      ['"sorghum', sorghum],
      ["sorghum*", sorghum],
      ["🌾 sorghum", sorghum],
      ["x".repeat(200), []],
      ["x".repeat(500), []],
      ["drought ".repeat(60), sorghum],
      ["sorghum ".repeat(1280), sorghum],
      ["<script>alert(1)</script>", []],
    ];
    for (const [keyword, titles] of odd) {
      const label = JSON.stringify(keyword.slice(0, 24));
      const { status, html } = await getPage(j.url(`/search?keyword=${encodeURIComponent(keyword)}`));
      expect(status, label).toBe(200);
      expect(html, label).not.toContain("<script>alert(1)</script>");
      expect(textOf(html), label).not.toContain("Oops!");
      expect(rowTitles(html), label).toEqual(titles);
      if (titles.length === 0) expect(textOf(mainOf(html)), label).toContain(NO_MATCH);
    }
    const { html } = await getPage(j.url(`/search?keyword=${encodeURIComponent("<script>alert(1)</script>")}`));
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("treats % and _ as text, not wildcards: '100%' finds the 100% title, '%' alone finds nothing", async () => {
    const j = await searchJournal();
    await makeArticle(j.id, j.issue, { title: "100% germination of stored seed", pagenumber: "41-44" });
    await makeArticle(j.id, j.issue, { title: "Seed_bank dynamics", pagenumber: "45-50" });
    expect(rowTitles((await getPage(j.url("/search?keyword=100%25"))).html)).toEqual(["100% germination of stored seed"]);
    expect(rowTitles((await getPage(j.url("/search?keyword=seed_bank"))).html)).toEqual(["Seed_bank dynamics"]);
    // A LIKE-style search would match every article here; none of them is a match for no words.
    for (const keyword of ["%", "_", "%%", "%_%"]) {
      const { html } = await getPage(j.url(`/search?keyword=${encodeURIComponent(keyword)}`));
      expect(rowTitles(html), keyword).toEqual([]);
      expect(textOf(mainOf(html)), keyword).toContain(NO_MATCH);
    }
  });

  it("highlights the matched words in titles with italics, keeping the italics and only safe tags", async () => {
    const j = await searchJournal();
    await makeArticle(j.id, j.issue, {
      title: `<em onmouseover="alert(1)">Teff</em> <i>(Eragrostis tef)</i> <script>alert(1)</script><img src=x onerror=alert(1)> <b>yields</b> &amp; "quality"`,
      pagenumber: "51-55",
    });
    const titleHtml = async (keyword: string) => rowTitleHtml((await getPage(j.url(`/search?keyword=${encodeURIComponent(keyword)}`))).html);
    expect(await titleHtml("sorghum")).toEqual(["Drought tolerance of <i><mark>Sorghum</mark> bicolor</i>"]);
    expect(await titleHtml("drought bicolor")).toEqual(["<mark>Drought</mark> tolerance of <i>Sorghum <mark>bicolor</mark></i>"]);
    const [teff] = await titleHtml("teff yields eragrostis");
    expect(teff).toBe('<em><mark>Teff</mark></em> <i>(<mark>Eragrostis</mark> tef)</i>  <mark>yields</mark> &amp; &quot;quality&quot;');
    expect([...teff.matchAll(/<\/?([a-z0-9]+)/gi)].map((m) => m[1]).filter((t) => !["i", "em", "mark"].includes(t))).toEqual([]);
  });

  it("asks for a keyword when there is none, without querying", async () => {
    const j = await searchJournal();
    for (const path of ["/search", "/search?keyword=", "/search?keyword=%20%20"]) {
      const { status, html } = await getPage(j.url(path));
      expect(status).toBe(200);
      expect(textOf(mainOf(html))).toContain("Type a keyword");
      expect(textOf(mainOf(html))).not.toContain(NO_MATCH);
    }
  });

  it("pages long result lists", async () => {
    const j = await makeJournal();
    const issue = await makeIssue(j.id);
    for (let i = 1; i <= 52; i++) {
      await makeArticle(j.id, issue, { title: `Millet trial number ${i}`, pagenumber: `${i * 10}-${i * 10 + 5}` });
    }
    // Ranked search pages by 20 (RANKED_PAGE_SIZE) and says so.
    const first = await getPage(j.url("/search?keyword=millet"));
    expect(rowTitles(first.html)).toHaveLength(20);
    expect(textOf(mainOf(first.html))).toContain("52 articles found for millet (showing 1–20, 20 per page)");
    expect(textOf(mainOf(first.html))).toContain("Page 1 of 3");
    expect(first.html).toContain('href="/search?keyword=millet&amp;page=2"');
    const third = await getPage(j.url("/search?keyword=millet&page=3"));
    expect(rowTitles(third.html)).toHaveLength(12);
    expect(textOf(mainOf(third.html))).toContain("52 articles found for millet (showing 41–52, 20 per page)");
    const serials = articleRows(third.html).map((r) => r.sno);
    expect(serials[0]).toBe("41");
    expect(serials.at(-1)).toBe("52");
    expect((await getPage(j.url("/search?keyword=millet&page=abc"))).status).toBe(200);
  });
});

describe("certificate page /pdf", () => {
  it("offers the article, one certificate per author, the cover page and the editorial board", async () => {
    const j = await makeJournal();
    const issue = await makeIssue(j.id, { year: 2025, volume: 2, issue: 4 });
    const a = await makeArticle(j.id, issue, { authorname: "Dr. Anjali Sharma, Rahul Verma, राजेश कुमार" });
    const { status, html } = await getPage(j.url(`/pdf?refno=${a.refnumber}`));
    expect(status).toBe(200);
    const main = mainOf(html);
    const text = textOf(main);
    expect(main).toMatch(new RegExp(`href="/archives/2025/2/4/${a.refnumber}.pdf" target="_blank"[^>]*>View Article</a>`));
    expect(main).toMatch(new RegExp(`href="/archives/2025/2/4/${a.refnumber}.pdf" download="[^"]*">Download Article</a>`));
    const certificates = [...main.matchAll(/href="(\/pdf\/[^"]+)"[^>]*>Certificate: <!-- -->([^<]+)</g)].map((m) => [m[1], m[2]]);
    expect(certificates).toEqual([
      [`/pdf/${a.refnumber}/certificate-${a.refnumber}-1.pdf`, "Dr. Anjali Sharma"],
      [`/pdf/${a.refnumber}/certificate-${a.refnumber}-2.pdf`, "Rahul Verma"],
      [`/pdf/${a.refnumber}/certificate-${a.refnumber}-3.pdf`, "राजेश कुमार"],
    ]);
    expect(main).toMatch(new RegExp(`href="/api/pdf/coverpage/${a.id}"[^>]*>Cover Page</a>`));
    expect(main).toMatch(/href="\/api\/pdf\/editorialboard"[^>]*>Editorial Board<\/a>/);
    expect(text).toContain(`Ref. No. ${a.refnumber}`);
  });

  it("leaves out View and Download Article when there is no file", async () => {
    const j = await makeJournal();
    const a = await insertRawArticleForTest(j.id, await makeIssue(j.id), { file: "" }); // legacy: no PDF
    const { html } = await getPage(j.url(`/pdf?refno=${a.refnumber}`));
    expect(mainOf(html)).not.toContain("View Article");
    expect(mainOf(html)).not.toContain("Download Article");
    expect(mainOf(html)).toContain("Cover Page");
  });

  it("stays empty for an unknown, missing, disabled or foreign refno", async () => {
    const j = await makeJournal();
    const other = await makeJournal();
    const disabled = await makeArticle(j.id, await makeIssue(j.id), { status: "disabled" });
    const foreign = await makeArticle(other.id, await makeIssue(other.id));
    for (const query of ["?refno=424242424", "", "?refno=", `?refno=${disabled.refnumber}`, `?refno=${foreign.refnumber}`, "?refno=%27%22%3C"]) {
      const { status, html } = await getPage(j.url(`/pdf${query}`));
      expect(status, query).toBe(404);
      const main = mainOf(html);
      // No downloads: the only link is the note about verifying a certificate; the reader is told
      // why (a number was typed) or asked for one, with the form to try again.
      expect([...main.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1]), query).toEqual(["/verify"]);
      expect(main, query).not.toContain("Cover Page");
      expect(main, query).not.toContain("Oops!");
      const typed = new URLSearchParams(query).get("refno") ?? "";
      expect(textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(main)![1]), query).toBe(typed ? "No article found" : "Find your certificates");
      expect(main, query).toContain('action="/pdf"');
    }
  });
});
