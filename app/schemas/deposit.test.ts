import { describe, expect, it } from "vitest";
import { articleLanguage } from "../lib/citation/scholarly-meta";
import { crossrefProblems, doajProblems, isPublicOrigin, issn, personNames, publicationDate } from "./deposit";
import { DEPOSIT_JOURNAL_PROBLEMS as J } from "./messages";

describe("what the deposit checks read from stored text", () => {
  it("ISSNs as typed in Settings", () => {
    expect(issn("2583-1234")).toBe("2583-1234");
    expect(issn("2583123x")).toBe("2583-123X");
    expect(issn("ISSN 2583-567X (Online)")).toBe("2583-567X");
    expect(issn("  ")).toBe("");
    expect(issn("applied for")).toBeNull();
  });

  it("publication dates must be real days in Crossref's years", () => {
    expect(publicationDate("2026-01-15")).toEqual({ year: "2026", month: "01", day: "15" });
    for (const bad of ["2026-02-30", "15/01/2026", "", "1300-01-01", "2026-1-5"]) expect(publicationDate(bad), bad).toBeNull();
  });

  it("names in byline order, honorifics dropped, mononyms and Devanagari kept whole", () => {
    expect(personNames("Dr. Anjali Sharma, राजेश कुमार, Kāḷidāsa, Prof. R.K. Singh")).toEqual([
      { full: "Anjali Sharma", given: "Anjali", surname: "Sharma" },
      { full: "राजेश कुमार", given: "राजेश", surname: "कुमार" },
      { full: "Kāḷidāsa", given: "", surname: "Kāḷidāsa" },
      { full: "R. K. Singh", given: "R. K.", surname: "Singh" },
    ]);
    expect(personNames(" , ")).toEqual([]);
  });

  it("DOAJ's full-text links need a domain name", () => {
    expect(isPublicOrigin("https://journal.example.org")).toBe(true);
    expect(isPublicOrigin("http://journal-b.localhost:5173")).toBe(true);
    expect(isPublicOrigin("http://localhost:5173")).toBe(false);
    expect(isPublicOrigin("http://127.0.0.1:8787")).toBe(true);
  });

  it("one article language for single-language journals, in ISO 639-1 and 639-2/B", () => {
    expect(articleLanguage("English")).toEqual({ iso639_1: "en", iso639_2b: "eng" });
    expect(articleLanguage("French")).toEqual({ iso639_1: "fr", iso639_2b: "fre" });
    expect(articleLanguage("Chinese")).toEqual({ iso639_1: "zh", iso639_2b: "chi" });
    expect(articleLanguage("English & Hindi")).toBeNull();
    expect(articleLanguage("Konkani")).toBeNull();
    expect(articleLanguage("")).toEqual({ iso639_1: "en", iso639_2b: "eng" });
  });
});

describe("the journal-level problems", () => {
  const journal = {
    slug: "j", title: "J", abbrevTitle: "", issn: "2583-1234", eissn: "", publisher: "P", language: "English",
    origin: "http://localhost:5173", doiPrefix: "", depositorName: "", depositorEmail: "nobody", registrant: "",
  };

  it("Crossref names every missing DOI setting and a malformed ISSN", () => {
    expect(crossrefProblems({ ...journal, eissn: "pending" }, []).journal).toEqual([
      J.noPrefix, J.noDepositorName, J.badDepositorEmail, J.noRegistrant, J.badIssn("E-ISSN", "pending"),
    ]);
  });

  it("DOAJ refuses full-text links on localhost", () => {
    expect(doajProblems(journal, []).journal).toEqual([J.host("http://localhost:5173")]);
    expect(doajProblems({ ...journal, origin: "https://journal.example.org" }, []).journal).toEqual([]);
  });
});
