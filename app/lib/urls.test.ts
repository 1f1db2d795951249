import { describe, expect, it } from "vitest";
import {
  searchPath,
  absoluteUrl,
  articleAssetPath,
  articleFileUrl,
  articlePath,
  articlePdfPath,
  authorPath,
  citationFilePath,
  coverPagePdfFilename,
  issueCitationFilePath,
  issuePath,
  parseArticleAssetPath,
  parseIssueParams,
  publicOrigin,
} from "./urls";

describe("public paths", () => {
  const article = { year: 2025, volume: 4, issue: 2, refnumber: "48213", file: "48213.pdf" };

  it("builds the archive's page paths and reads both issue shapes back", () => {
    expect(issuePath(article)).toBe("/archives/2025/vol4/issue2");
    expect(articlePath(article)).toBe("/archives/2025/4/2/48213");
    expect(articlePdfPath(article)).toBe("/archives/2025/4/2/48213.pdf");
    expect(parseIssueParams({ year: "2025", volume: "vol4", issue: "issue2" })).toEqual({ year: 2025, volume: 4, issue: 2 });
    expect(parseIssueParams({ year: "2025", volume: "4", issue: "2" })).toEqual({ year: 2025, volume: 4, issue: 2 });
    expect(parseIssueParams({ year: "25", volume: "4", issue: "2" })).toBeNull();
    expect(authorPath("Dr. Anjali Sharma")).toBe("/authors/Anjali%20Sharma");
  });

  it("builds the citation-file and document paths the pages link to", () => {
    expect(citationFilePath("48213", "ris")).toBe("/api/cite/48213.ris");
    expect(citationFilePath("48213", "json")).toBe("/api/cite/48213.json");
    expect(issueCitationFilePath(article, "bib")).toBe("/api/cite/issue/2025/4/2.bib");
    expect(coverPagePdfFilename(17)).toBe("coverpage-17.pdf");
  });

  it("names an article PDF once, beside its page; the stored-file path still reads back", () => {
    expect(articleFileUrl(article)).toBe("/archives/2025/4/2/48213.pdf");
    expect(articleFileUrl(article)).toBe(`${articlePath(article)}.pdf`);
    expect(articleFileUrl({ ...article, file: "" })).toBeNull();
    const path = articleAssetPath(2025, 4, 2, "48213.pdf");
    expect(parseArticleAssetPath(path)).toEqual({ year: 2025, volume: 4, issue: 2, file: "48213.pdf" });
    expect(parseArticleAssetPath("/archives/2025/4/2/48213.pdf")).toBeNull();
  });

  it("makes absolute URLs on the journal's origin only", () => {
    const journal = { origin: publicOrigin("journal.example", { PUBLIC_SCHEME: "https", PUBLIC_PORT: "443" }) };
    expect(absoluteUrl(journal, articlePath(article))).toBe("https://journal.example/archives/2025/4/2/48213");
    expect(absoluteUrl({ origin: publicOrigin("localhost", { PUBLIC_SCHEME: "http", PUBLIC_PORT: "5173" }) }, "pdf")).toBe("http://localhost:5173/pdf");
  });
});

describe("searchPath", () => {
  it("is the one search URL: the search box and the pager give the same address", () => {
    expect(searchPath("drought tolerance")).toBe("/search?keyword=drought%20tolerance");
    expect(searchPath("a&b=c", { year: 2025, volume: null, page: 1 })).toBe("/search?keyword=a%26b%3Dc&year=2025");
    expect(searchPath("राजेश", { year: 2024, volume: 3, page: 2 })).toBe(
      "/search?keyword=%E0%A4%B0%E0%A4%BE%E0%A4%9C%E0%A5%87%E0%A4%B6&year=2024&volume=3&page=2",
    );
  });
});
