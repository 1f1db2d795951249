import { describe, expect, it } from "vitest";
import { stripHonorifics } from "../names";
import { dublinCore, scholarlyArticleJsonLd, type ArticleMetaInput } from "./scholarly-meta";

const input: ArticleMetaInput = {
  titleText: "Salinity tolerance in Oryza sativa landraces",
  authors: ["Dr. Anjali Sharma", "Prof.Dr.R.K. Singh", "(Dr) José Martínez", "SHRI Ram Lal", "डॉ. राजेश कुमार", "Drew Barry"],
  abstractText: "We screened 40 landraces.",
  keywords: "rice, salinity",
  publishdate: "2025-07-09",
  year: 2025,
  volume: 6,
  issue: 3,
  pagenumber: "21-34",
  pageUrl: "https://j.example/archives/2025/6/3/1101",
  journalName: "Scholar Check Journal",
};
const stripped = ["Anjali Sharma", "R.K. Singh", "José Martínez", "Ram Lal", "राजेश कुमार", "Drew Barry"];

describe("author names in Dublin Core and JSON-LD", () => {
  it("drops honorifics exactly as the citation_author tags do", () => {
    // The article page writes citation_author with stripHonorifics; all three must agree.
    expect(input.authors.map(stripHonorifics)).toEqual(stripped);
    expect(dublinCore(input).filter((t) => t.name === "DC.creator").map((t) => t.content)).toEqual(stripped);
    expect(scholarlyArticleJsonLd(input).author).toEqual(stripped.map((name) => ({ "@type": "Person", name })));
  });
});
