import { describe, expect, it } from "vitest";
import { expectCases } from "../../test/cases";
import { articleLanguage } from "../lib/citation/scholarly-meta";
import { crossrefProblems, doajProblems, isPublicOrigin, issn, personNames, publicationDate } from "./deposit";
import { DEPOSIT_JOURNAL_PROBLEMS as J } from "./messages";

describe("what the deposit checks read from stored text", () => {
  it("ISSNs as typed in Settings", () => {
    expectCases(issn, [
      ["2583-1234", "2583-1234"],
      ["2583123x", "2583-123X"],
      ["ISSN 2583-567X (Online)", "2583-567X"],
      ["  ", ""],
      ["applied for", null],
    ]);
  });

  it("publication dates must be real days in Crossref's years", () => {
    expect(publicationDate("2026-01-15")).toEqual({ year: "2026", month: "01", day: "15" });
    for (const bad of ["2026-02-30", "15/01/2026", "", "1300-01-01", "2026-1-5"]) expect(publicationDate(bad), bad).toBeNull();
  });

  it("names in byline order, honorifics dropped, mononyms and Devanagari kept whole", () => {
    const bare = { orcid: "", affiliations: [], email: "", corresponding: false };
    expect(personNames({ authorname: "Dr. Anjali Sharma, राजेश कुमार, Kāḷidāsa, Prof. R.K. Singh", authors: "[]" })).toEqual([
      { full: "Anjali Sharma", given: "Anjali", surname: "Sharma", ...bare },
      { full: "राजेश कुमार", given: "राजेश", surname: "कुमार", ...bare },
      { full: "Kāḷidāsa", given: "", surname: "Kāḷidāsa", ...bare },
      { full: "R. K. Singh", given: "R. K.", surname: "Singh", ...bare },
    ]);
    expect(personNames({ authorname: " , ", authors: "[]" })).toEqual([]);
  });

  it("the stored list, not the byline, once authors are people", () => {
    const authors = JSON.stringify([
      { name: "Dr. J. van der Berg", given: "Jan", family: "van der Berg", orcid: "https://orcid.org/0000-0002-1825-0097", affiliations: [{ name: "University of Oxford", ror: "https://ror.org/052gg0110", country: "United Kingdom" }], email: "jan@wur.example", corresponding: true },
    ]);
    expect(personNames({ authorname: "Dr. J. van der Berg", authors })).toEqual([
      { full: "Jan van der Berg", given: "Jan", surname: "van der Berg", orcid: "https://orcid.org/0000-0002-1825-0097", affiliations: [{ name: "University of Oxford", ror: "https://ror.org/052gg0110", country: "United Kingdom" }], email: "jan@wur.example", corresponding: true },
    ]);
  });

  it("DOAJ's full-text links need a public domain name", () => {
    for (const ok of ["https://journal.agri-press.in", "https://www.ijals.org", "http://ijals.co.in:8443", "https://jurnal.ac.id"]) expect(isPublicOrigin(ok), ok).toBe(true);
    for (const reserved of [
      "http://localhost:5173", "http://journal-b.localhost:5173", "https://journal.test", "https://journal.example",
      "https://journal.invalid", "https://journal.local", "https://example.org", "https://journal.example.com",
      "http://127.0.0.1:8787", "http://203.0.113.7", "https://[::1]", "https://journal", "ftp://journal.org", "https://journal.org/path",
    ]) {
      expect(isPublicOrigin(reserved), reserved).toBe(false);
    }
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
    licenseUrl: "https://creativecommons.org/licenses/by/4.0/",
  };

  it("Crossref names every missing DOI setting and a malformed ISSN", () => {
    expect(crossrefProblems({ ...journal, eissn: "pending" }, []).journal).toEqual([
      J.noPrefix, J.noDepositorName, J.badDepositorEmail, J.noRegistrant, J.badIssn("E-ISSN", "pending"),
    ]);
  });

  it("DOAJ refuses full-text links on localhost", () => {
    expect(doajProblems(journal, []).journal).toEqual([J.host("http://localhost:5173")]);
    expect(doajProblems({ ...journal, origin: "http://journal-b.localhost:5173" }, []).journal).toEqual([J.host("http://journal-b.localhost:5173")]);
    expect(doajProblems({ ...journal, origin: "https://journal.agri-press.in" }, []).journal).toEqual([]);
  });
});
