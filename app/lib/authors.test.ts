import { describe, expect, it } from "vitest";
import { affiliationIndex, authorFromName, authorsFromByline, authorsOf, bylineOf, parseAuthors, publicAuthors, serialiseAuthors, type ArticleAuthor } from "./authors";
import { CAMBRIDGE, SHARMA } from "../../test/authors";

const sharma: ArticleAuthor = { ...SHARMA, affiliations: [CAMBRIDGE] };

describe("authors as people", () => {
  it("splits a printed name once, by the site's name rule, keeping the name as printed", () => {
    expect(authorFromName("  Dr.  Jan van der   Berg ")).toEqual({ name: "Dr. Jan van der Berg", given: "Jan", family: "van der Berg", orcid: "", affiliations: [], email: "", corresponding: false });
    expect(authorFromName("R.K. Singh")).toMatchObject({ given: "R. K.", family: "Singh" });
    expect(authorFromName("डॉ. राजेश कुमार")).toMatchObject({ name: "डॉ. राजेश कुमार", given: "राजेश", family: "कुमार" });
    expect(authorFromName("Madonna")).toMatchObject({ given: "", family: "Madonna" });
  });

  it("reads a row not yet converted from its byline, the same way the conversion will", () => {
    expect(authorsOf({ authors: "[]", authorname: "Dr. Anjali Sharma, Rahul Verma" })).toEqual([authorFromName("Dr. Anjali Sharma"), authorFromName("Rahul Verma")]);
    expect(authorsOf({ authors: serialiseAuthors([sharma]), authorname: "something stale" })).toEqual([sharma]);
    expect(authorsOf({ authors: "not json", authorname: "Rahul Verma" })).toEqual([authorFromName("Rahul Verma")]);
  });

  it("stores a list as one canonical JSON text and makes the spec's comma string from it", () => {
    const json = serialiseAuthors([sharma, authorFromName("Rahul Verma")]);
    expect(parseAuthors(json)).toEqual([sharma, authorFromName("Rahul Verma")]);
    expect(serialiseAuthors(parseAuthors(json))).toBe(json);
    expect(bylineOf(parseAuthors(json))).toBe("Dr. Anjali Sharma, Rahul Verma");
  });

  it("a new comma byline keeps each known author's details, wherever they moved, titles aside", () => {
    const next = authorsFromByline("Rahul Verma, Prof. Anjali Sharma", [sharma, authorFromName("Rahul Verma")]);
    expect(next).toEqual([authorFromName("Rahul Verma"), { ...sharma, name: "Prof. Anjali Sharma" }]);
  });

  it("shows readers a corresponding author's e-mail only", () => {
    const out = publicAuthors([sharma, { ...authorFromName("Rahul Verma"), email: "rahul@example.org" }]);
    expect(out.map((a) => a.email)).toEqual(["anjali@example.org", ""]);
  });

  it("numbers shared affiliations once, in order of first mention", () => {
    const b = { ...authorFromName("B"), affiliations: [{ name: "Second", ror: "", country: "" }, { name: "university of cambridge", ror: "https://ror.org/013meh722", country: "united kingdom" }] };
    expect(affiliationIndex([sharma, b]).numbers).toEqual([[1], [2, 1]]);
  });
});
