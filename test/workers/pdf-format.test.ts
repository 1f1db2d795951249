import { describe, expect, it } from "vitest";
import { dataDate, formatPeriod, titleRuns } from "../../app/documents/format.server";
import { longDate } from "../../app/lib/dates";
import { formatPages } from "../../app/lib/pages";
import { fileSafeSurname } from "../../app/lib/person-names";
import { monogramInitials } from "../../app/lib/initials";
import { qrMatrix } from "../../app/lib/qr";
import { certificateCode, matchCode, parseCode } from "../../app/documents/verification.server";
import { uniqueEntryName } from "../../app/documents/zip.server";

const SECRET = "a-test-secret-that-is-long-enough-0123456789";

describe("document text helpers", () => {
  it("splits titles into italic and upright runs, dropping other markup", () => {
    expect(titleRuns("Growth of <i>Oryza sativa</i> L. and <em>Zea</em> <b>mays</b> &amp; <script>x()</script>soil")).toEqual([
      { text: "Growth of ", style: "regular" },
      { text: "Oryza sativa", style: "italic" },
      { text: " L. and ", style: "regular" },
      { text: "Zea", style: "italic" },
      { text: " mays & soil", style: "regular" },
    ]);
    expect(titleRuns("<i>Unclosed italic")).toEqual([{ text: "Unclosed italic", style: "italic" }]);
    expect(titleRuns("")).toEqual([]);
  });

  it("formats dates, issue periods and page ranges the way certificates print them", () => {
    expect(longDate("2025-03-15")).toBe("15 March 2025");
    expect(longDate("2025-13-01")).toBe("2025-13-01");
    expect(formatPeriod("Jan-Mar")).toBe("January–March");
    expect(formatPeriod("Jul")).toBe("July");
    expect(formatPeriod("September")).toBe("September");
    expect(formatPeriod("")).toBe("");
    expect(formatPages("101 - 110")).toBe("101–110");
  });

  it("dates documents from their data: the latest parseable value, to the second, else the fallback", () => {
    expect(dataDate(["2025-01-15", "2025-03-01T10:00:00.999Z", "garbage", undefined, null]).toISOString()).toBe("2025-03-01T10:00:00.000Z");
    expect(dataDate(["2024-07-08 10:20:30"]).toISOString()).toBe("2024-07-08T10:20:30.000Z");
    expect(dataDate(["2025-02-30x"], "2025-01-01").toISOString()).toBe("2025-01-01T00:00:00.000Z");
    expect(dataDate([], "not a year-01-01").toISOString()).toBe("2000-01-01T00:00:00.000Z");
  });

  it("makes safe surnames and unique zip entry names", () => {
    expect(fileSafeSurname("Dr. Anjali Sharma")).toBe("Sharma");
    expect(fileSafeSurname("डॉ. विनोद कुमार")).toBe("कुमार");
    expect(fileSafeSurname("O'Brien/../..\\x")).toBe("OBrienx");
    expect(fileSafeSurname("Dr.")).toBe("author");
    const used = new Set<string>();
    expect(uniqueEntryName("1-1-Sharma.pdf", used)).toBe("1-1-Sharma.pdf");
    expect(uniqueEntryName("1-1-Sharma.pdf", used)).toBe("1-1-Sharma-2.pdf");
    expect(uniqueEntryName("../a/b:c.pdf", used)).toBe("-a-b-c.pdf");
  });

  it("takes monogram initials from the significant words of the name", () => {
    // Five letters everywhere (site header, journal list, seal), as the seal has always shown.
    expect(monogramInitials("International Journal of Agriculture and Life Sciences")).toBe("IJALS");
    expect(monogramInitials("Journal of Applied Chemistry and Environmental Research")).toBe("JACER");
    expect(monogramInitials("International Journal of Agriculture and Life Sciences", 3)).toBe("IJA");
    expect(monogramInitials("the")).toBe("J");
  });
});

describe("certificate verification codes", () => {
  it("are stable, journal-bound and bound to the author's printed name", async () => {
    const byline = ["Asha Rao", "Bela Sen", "Chitra Iyer"];
    const code = await certificateCode(SECRET, 7, "482135", 2, "Bela Sen");
    expect(code).toMatch(/^482135-2-[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(await certificateCode(SECRET, 7, "482135", 2, "Bela  Sen ")).toBe(code);
    const check = (secret: string | undefined, journal: number, raw: string, authors: string[]) => matchCode(secret, journal, parseCode(raw)!, authors);
    expect(await check(SECRET, 7, code, byline)).toBe(1);
    expect(await check(SECRET, 7, code.toLowerCase(), byline)).toBe(1);
    // A reorder keeps the code with its author and never hands it to the new second author.
    expect(await check(SECRET, 7, code, ["Bela Sen", "Asha Rao", "Chitra Iyer"])).toBe(0);
    expect(await check(SECRET, 7, code, ["Asha Rao", "Chitra Iyer"])).toBe(-1);
    // A corrected spelling is a different printed name: the old code no longer verifies.
    expect(await check(SECRET, 7, code, ["Asha Rao", "Bela Sen-Gupta", "Chitra Iyer"])).toBe(-1);
    expect(await check(SECRET, 8, code, byline)).toBe(-1);
    expect(await check(`${SECRET}-rotated`, 7, code, byline)).toBe(-1);
    expect(await check(SECRET, 7, code.replace("-2-", "-3-"), byline)).toBe(-1);
    expect(await check(undefined, 7, code, byline)).toBe(-1);
  });

  it("parse Crockford look-alikes and refuse malformed input", () => {
    expect(parseCode("482135-2-ABCDEFGHIL")?.mac).toBe("ABCDEFGH11");
    expect(parseCode("482135-2-OOOOOOOOOO")?.mac).toBe("0000000000");
    for (const bad of ["", "482135", "482135-0-ABCDEFGHJK", "482135-2-ABCDEFGHJ", "482135-2-UUUUUUUUUU", "../x-1-ABCDEFGHJK", "x".repeat(200)]) {
      expect(parseCode(bad), bad).toBeNull();
    }
  });
});

describe("QR matrix", () => {
  it("picks the smallest version that fits and draws the finder patterns", () => {
    const small = qrMatrix("https://j.example/verify/482135-2-ABCDEFGHJK")!;
    expect(small.length).toBe(33); // version 4-M holds the 44 bytes
    const large = qrMatrix(`https://${"a".repeat(120)}.example/verify/482135-2-ABCDEFGHJK`)!;
    expect(large.length).toBe(4 * 9 + 17); // version 9-M, with version information blocks
    for (const m of [small, large]) {
      const n = m.length;
      for (const [x, y] of [[0, 0], [n - 7, 0], [0, n - 7]]) {
        expect(m[y][x] && m[y][x + 6] && m[y + 6][x] && m[y + 6][x + 6] && m[y + 3][x + 3]).toBe(true);
        expect(m[y + 1][x + 1]).toBe(false);
      }
    }
    expect(qrMatrix("x".repeat(500))).toBeNull();
  });
});
