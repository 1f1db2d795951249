import { describe, expect, it } from "vitest";
import { doiPatternError } from "../schemas/settings";
import { DOI_SYNTAX, doiKey, doiSuffix, makeDoi, normaliseDoiPrefix, parseDoiPattern } from "./doi";

const values = { slug: "ijals", year: 2026, volume: 4, issue: 1, refnumber: "482135" };

describe("DOI suffix patterns", () => {
  it("replaces every placeholder, as often as it appears", () => {
    expect(makeDoi("10.12345", "{slug}.{year}.v{volume}i{issue}.{refnumber}", values)).toBe("10.12345/ijals.2026.v4i1.482135");
    expect(doiSuffix("{refnumber}-{refnumber}", values)).toBe("482135-482135");
    expect(DOI_SYNTAX.test(makeDoi("10.12345", "a(1);b/c_{refnumber}", values))).toBe(true);
  });

  it("accepts only known placeholders, Crossref's characters and a {refnumber}", () => {
    expect(doiPatternError("{slug}.{year}.v{volume}i{issue}.{refnumber}")).toBeNull();
    expect(doiPatternError("{refnumber}")).toBeNull();
    expect(doiPatternError("{REFNUMBER}")).toMatch(/Unknown placeholder \{REFNUMBER\}/);
    expect(doiPatternError("{ refnumber }")).toMatch(/Unknown placeholder/);
    expect(doiPatternError("{volume}.{issue}")).toMatch(/Include \{refnumber\}/);
    expect(doiPatternError("x {refnumber}")).toMatch(/only letters, digits/);
    expect(doiPatternError("é.{refnumber}")).toMatch(/only letters, digits/);
    expect(doiPatternError("{refnumber}}")).toMatch(/Every \{ needs its \}/);
    expect(doiPatternError("{{refnumber}")).toMatch(/Every \{ needs its \}/);
    expect(doiPatternError(`${"a".repeat(100)}{refnumber}`)).toMatch(/at most 100/);
    expect(parseDoiPattern("a{x}b{y}")).toEqual({ placeholders: ["x", "y"], literals: ["a", "b", ""], strayBrace: false });
  });

  it("cleans pasted prefixes and compares DOIs case-insensitively", () => {
    for (const v of ["10.12345", " https://doi.org/10.12345/ ", "doi:10.12345", "http://dx.doi.org/10.12345"]) expect(normaliseDoiPrefix(v)).toBe("10.12345");
    expect(doiKey(" 10.1234/ABC ")).toBe(doiKey("10.1234/abc"));
  });
});
