import { describe, expect, it } from "vitest";
import { toRis } from "./citation/cite-formats";
import { scholarlyArticleJsonLd } from "./citation/scholarly-meta";
import { formatPages, numericPages, pageRange, parsePageRange, splitPages } from "./pages";

describe("page ranges", () => {
  it("gives deposit files numbers-only pages (the same reader as citation_firstpage)", () => {
    expect(numericPages("12-18")).toEqual({ first: "12", last: "18" });
    expect(numericPages("5")).toEqual({ first: "5", last: "5" });
    expect(numericPages("")).toEqual({ first: "", last: "" });
    expect(numericPages("x-y")).toEqual({ first: "", last: "" });
  });

  it("reads the stored range as numbers, or refuses it", () => {
    expect(parsePageRange("12-18")).toEqual({ first: 12, last: 18 });
    expect(parsePageRange(" 12 - 18 ")).toEqual({ first: 12, last: 18 });
    for (const bad of ["", "12", "12-", "-18", "12–18", "a-b", "1-2-3", "1234567-1234568"]) expect(parsePageRange(bad), bad).toBeNull();
  });

  it("gives metadata the first and last page as written, a single page as both", () => {
    expect(splitPages("012-18")).toEqual({ first: "012", last: "18" });
    expect(splitPages(" 12 - 18 ")).toEqual({ first: "12", last: "18" });
    expect(splitPages("7")).toEqual({ first: "7", last: "7" });
  });

  it("shows a range with an en dash, or the dash a format asks for", () => {
    expect(formatPages("101 - 110")).toBe("101–110");
    expect(formatPages("101-110", "--")).toBe("101--110");
  });

  it("is what Scholar tags, JSON-LD and RIS say", () => {
    const a = { title: "T", authorname: "A B", year: 2025, volume: 1, issue: 2, pagenumber: "12 - 18", publishdate: "2025-01-02", refnumber: "1" };
    expect(toRis(a, { name: "J", url: "https://j.example/a" })).toContain("SP  - 12\r\nEP  - 18\r\n");
    const ld = scholarlyArticleJsonLd({ titleText: "T", authors: [], abstractText: "", keywords: "", publishdate: "2025-01-02", year: 2025, volume: 1, issue: 2, pagenumber: "12-18", pageUrl: "https://j.example/a", journalName: "J" });
    expect([ld.pageStart, ld.pageEnd]).toEqual(["12", "18"]);
  });
});

describe("page-range formats of the CSL styles (as citeproc-js writes them)", () => {
  it("expanded, minimal, minimal-two and chicago-16", () => {
    const cases: [string, string, string, string, string][] = [
      // [stored, expanded, minimal, minimal-two, chicago-16]
      ["12-18", "12–18", "12–8", "12–18", "12–18"],
      ["321-328", "321–328", "321–8", "321–28", "321–28"],
      ["101-108", "101–108", "101–8", "101–08", "101–8"],
      ["198-204", "198–204", "198–204", "198–204", "198–204"],
      ["1096-1104", "1096–1104", "1096–104", "1096–104", "1096–104"],
      ["100-104", "100–104", "100–4", "100–04", "100–104"],
      ["e12", "e12", "e12", "e12", "e12"],
    ];
    for (const [stored, ...want] of cases) {
      expect((["expanded", "minimal", "minimal-two", "chicago-16"] as const).map((f) => pageRange(stored, f)), stored).toEqual(want);
    }
  });
});
