import { describe, expect, it } from "vitest";
import { orcidCheckCharacter, readOrcid } from "./orcid";
import { readRor, rorCheckDigits } from "./ror";

describe("ORCID iDs (ISO 7064 MOD 11-2)", () => {
  it("reads the forms staff paste into the full https URI", () => {
    for (const typed of ["0000-0002-1825-0097", "0000000218250097", "orcid.org/0000-0002-1825-0097", "https://orcid.org/0000-0002-1825-0097", "http://www.orcid.org/0000-0002-1825-0097/", " 0000 0002 1825 0097 "]) {
      expect(readOrcid(typed), typed).toEqual({ ok: true, uri: "https://orcid.org/0000-0002-1825-0097", id: "0000-0002-1825-0097" });
    }
    // An X check character, typed in lower case.
    expect(readOrcid("0000-0002-1694-233x")).toMatchObject({ ok: true, uri: "https://orcid.org/0000-0002-1694-233X" });
  });

  it("computes the check character of ORCID's documented examples", () => {
    expect(orcidCheckCharacter("000000021825009")).toBe("7");
    expect(orcidCheckCharacter("000000021694233")).toBe("X");
    expect(orcidCheckCharacter("000000015109370")).toBe("0");
  });

  it("refuses a mistyped digit as a checksum error and anything else as a format error", () => {
    expect(readOrcid("0000-0002-1825-0098")).toEqual({ ok: false, reason: "checksum", id: "0000-0002-1825-0098" });
    expect(readOrcid("0000-0002-1852-0097")).toMatchObject({ ok: false, reason: "checksum" });
    for (const bad of ["0000-0002-1825", "0000-0002-1825-00977", "https://orcid.org/", "A000-0002-1825-0097", "https://example.org/0000-0002-1825-0097"]) {
      expect(readOrcid(bad).ok ? "accepted" : (readOrcid(bad) as { reason: string }).reason, bad).toBe("format");
    }
  });
});

describe("ROR IDs (a 0, six Crockford base-32 characters, ISO 7064 MOD 97-10 check digits)", () => {
  it("accepts real ROR IDs in any form and case", () => {
    for (const [typed, id] of [
      ["https://ror.org/013meh722", "013meh722"],
      ["ror.org/052gg0110", "052gg0110"],
      ["03VEK6S52", "03vek6s52"],
      ["https://ror.org/042nb2s44/", "042nb2s44"],
    ]) {
      expect(readRor(typed), typed).toEqual({ ok: true, uri: `https://ror.org/${id}`, id });
    }
    expect(rorCheckDigits("00f54p0")).toBe("54");
  });

  it("refuses a wrong check digit and a malformed ID", () => {
    expect(readRor("https://ror.org/013meh723")).toEqual({ ok: false, reason: "checksum", id: "013meh723" });
    for (const bad of ["13meh722", "013meh72", "013meh7222", "113meh722", "0i3meh722", "https://ror.org/", "https://grid.ac/institutes/grid.5335.0"]) {
      expect(readRor(bad).ok ? "accepted" : (readRor(bad) as { reason: string }).reason, bad).toBe("format");
    }
  });
});
