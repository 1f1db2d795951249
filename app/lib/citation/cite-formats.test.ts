import { describe, expect, it } from "vitest";
import { CITATION_STYLES, parsePerson, renderCitation, toBibtex, toCslJson, toRis, type CiteJournal, type CiteSource } from "./cite-formats";

const article: CiteSource = {
  title: "Growth of <i>Oryza sativa</i> L. under drip",
  authorname: "Dr. Anjali Kumari Sharma, Rahul Verma, Madonna",
  year: 2025,
  volume: 3,
  issue: 2,
  pagenumber: "10-18",
  publishdate: "2025-04-09",
  refnumber: "1101",
  doi: "10.1234/ijals.2025.1101",
  keywords: "rice, drip",
};
const journal: CiteJournal = { name: "Journal of Tests", issn: "1234-5678", publisher: "Test Press", url: "https://j.example/archives/2025/3/2/1101" };

describe("citation formats", () => {
  it("parses names with and without initials and honorifics", () => {
    expect(parsePerson("Dr. Anjali Kumari Sharma")).toEqual({ family: "Sharma", particle: "", given: "Anjali Kumari", initialsDotted: "A. K.", initials: "AK", literal: "" });
    expect(parsePerson("Madonna")).toEqual({ family: "Madonna", particle: "", given: "", initialsDotted: "", initials: "", literal: "Madonna" });
    expect(parsePerson("Jan van der Berg")).toMatchObject({ family: "Berg", particle: "van der", given: "Jan", initials: "J", literal: "" });
    // A script citeproc-js does not split into given name and surname: cited whole, as written.
    expect(parsePerson("डॉ. राजेश कुमार")).toMatchObject({ family: "कुमार", literal: "राजेश कुमार" });
  });

  it("renders the six styles", () => {
    const r = (s: Parameters<typeof renderCitation>[0]) => renderCitation(s, article, journal).text;
    // What citeproc-js prints with the official styles (test/e2e/citations-csl.test.ts checks
    // the same names and title there).
    expect(r("apa")).toBe("Sharma, A. K., Verma, R., & Madonna. (2025). Growth of Oryza sativa L. under drip. Journal of Tests, 3(2), 10–18. https://doi.org/10.1234/ijals.2025.1101");
    expect(r("mla")).toBe("Sharma, Anjali Kumari, et al. “Growth of Oryza sativa L. under Drip.” Journal of Tests, vol. 3, no. 2, Apr. 2025, pp. 10–18, https://doi.org/10.1234/ijals.2025.1101.");
    expect(r("chicago")).toBe("Sharma, Anjali Kumari, Rahul Verma, and Madonna. 2025. “Growth of Oryza sativa L. under Drip.” Journal of Tests 3 (2): 10–18. https://doi.org/10.1234/ijals.2025.1101.");
    expect(r("harvard")).toBe("Sharma, A.K., Verma, R., and Madonna (2025) ‘Growth of Oryza sativa L. under drip’, Journal of Tests, 3(2), pp. 10–18. Available at: https://doi.org/10.1234/ijals.2025.1101.");
    expect(r("ieee")).toBe("A. K. Sharma, R. Verma, and Madonna, “Growth of Oryza sativa L. under drip,” Journal of Tests, vol. 3, no. 2, pp. 10–18, Apr. 2025, doi: 10.1234/ijals.2025.1101.");
    expect(r("vancouver")).toBe("Sharma AK, Verma R, Madonna. Growth of Oryza sativa L. under drip. Journal of Tests. 2025 Apr 9;3(2):10–8. doi:10.1234/ijals.2025.1101");
    expect(renderCitation("apa", article, journal).html).toContain("<i>Journal of Tests</i>");
    expect(renderCitation("apa", article, journal).html).toContain("Growth of <i>Oryza sativa</i> L. under drip.");
  });

  it("exports RIS, BibTeX and CSL-JSON", () => {
    const ris = toRis(article, journal);
    expect(ris.startsWith("TY  - JOUR\r\n")).toBe(true);
    expect(ris).toContain("AU  - Sharma, Anjali Kumari\r\n");
    expect(ris).toContain("SP  - 10\r\nEP  - 18\r\n");
    expect(ris.endsWith("ER  - \r\n")).toBe(true);
    const bib = toBibtex(article, journal);
    expect(bib).toContain("@article{sharma2025_1101,");
    expect(bib).toContain("author = {Sharma, Anjali Kumari and Verma, Rahul and Madonna}");
    expect(bib).toContain("pages = {10--18}");
    const csl = toCslJson(article, journal);
    expect(csl.issued).toEqual({ "date-parts": [[2025, 4, 9]] });
    expect(csl.author[2]).toEqual({ literal: "Madonna" });
  });
});

describe("author names in every style", () => {
  const cite = (authorname: string): CiteSource => ({ ...article, authorname });
  // Everything after the byline, for a one-author article; each style must read exactly
  // byline + tail, so a test shows the whole citation a reader copies.
  const TAIL = {
    apa: " (2025). Growth of Oryza sativa L. under drip. Journal of Tests, 3(2), 10–18. https://doi.org/10.1234/ijals.2025.1101",
    mla: " “Growth of Oryza sativa L. under Drip.” Journal of Tests, vol. 3, no. 2, Apr. 2025, pp. 10–18, https://doi.org/10.1234/ijals.2025.1101.",
    chicago: " 2025. “Growth of Oryza sativa L. under Drip.” Journal of Tests 3 (2): 10–18. https://doi.org/10.1234/ijals.2025.1101.",
    harvard: " (2025) ‘Growth of Oryza sativa L. under drip’, Journal of Tests, 3(2), pp. 10–18. Available at: https://doi.org/10.1234/ijals.2025.1101.",
    ieee: ", “Growth of Oryza sativa L. under drip,” Journal of Tests, vol. 3, no. 2, pp. 10–18, Apr. 2025, doi: 10.1234/ijals.2025.1101.",
    vancouver: ". Growth of Oryza sativa L. under drip. Journal of Tests. 2025 Apr 9;3(2):10–8. doi:10.1234/ijals.2025.1101",
  } as const;
  type Expected = Record<keyof typeof TAIL, string> & { ris: string; bibtex: string; csl: Record<string, string> };
  const singh: Expected = {
    apa: "Singh, R. K.",
    mla: "Singh, R. K.",
    chicago: "Singh, R. K.",
    harvard: "Singh, R.K.",
    ieee: "R. K. Singh",
    vancouver: "Singh RK",
    ris: "Singh, R. K.",
    bibtex: "Singh, R. K.",
    csl: { family: "Singh", given: "R. K." },
  };
  // However the accent is encoded, the names come out composed, the initial with its accent.
  const zola: Expected = {
    apa: "Zola, É.",
    mla: "Zola, Émile.",
    chicago: "Zola, Émile.",
    harvard: "Zola, É.",
    ieee: "É. Zola",
    vancouver: "Zola É",
    ris: "Zola, Émile",
    bibtex: "Zola, Émile",
    csl: { family: "Zola", given: "Émile" },
  };
  const cases: [string, Expected][] = [
    ["R.K. Singh", singh],
    ["R. K. Singh", singh],
    ["RK Singh", singh],
    ["R.K.Singh", singh],
    ["Dr.R.K. Singh", singh],
    [
      "Jean-Paul Sartre",
      {
        apa: "Sartre, J.-P.",
        mla: "Sartre, Jean-Paul.",
        chicago: "Sartre, Jean-Paul.",
        harvard: "Sartre, J.-P.",
        ieee: "J.-P. Sartre",
        vancouver: "Sartre JP",
        ris: "Sartre, Jean-Paul",
        bibtex: "Sartre, Jean-Paul",
        csl: { family: "Sartre", given: "Jean-Paul" },
      },
    ],
    [
      "Dr.Suresh Kumar Patel",
      {
        apa: "Patel, S. K.",
        mla: "Patel, Suresh Kumar.",
        chicago: "Patel, Suresh Kumar.",
        harvard: "Patel, S.K.",
        ieee: "S. K. Patel",
        vancouver: "Patel SK",
        ris: "Patel, Suresh Kumar",
        bibtex: "Patel, Suresh Kumar",
        csl: { family: "Patel", given: "Suresh Kumar" },
      },
    ],
    [
      "PROF. (DR) Émile Zola",
      zola,
    ],
    [
      // Decomposed accent (E + U+0301): comes out composed, the initial with its accent.
      "E\u0301mile Zola",
      zola,
    ],
    [
      "डॉ. क्षितिज त्रिपाठी",
      {
        // Cited whole: citeproc-js would run surname and given name together ('त्रिपाठीक्षितिज').
        apa: "क्षितिज त्रिपाठी.",
        mla: "क्षितिज त्रिपाठी.",
        chicago: "क्षितिज त्रिपाठी.",
        harvard: "क्षितिज त्रिपाठी",
        ieee: "क्षितिज त्रिपाठी",
        vancouver: "क्षितिज त्रिपाठी",
        ris: "क्षितिज त्रिपाठी",
        bibtex: "{क्षितिज त्रिपाठी}",
        csl: { literal: "क्षितिज त्रिपाठी" },
      },
    ],
    [
      "Mrs.Madonna",
      {
        apa: "Madonna.",
        mla: "Madonna.",
        chicago: "Madonna.",
        harvard: "Madonna",
        ieee: "Madonna",
        vancouver: "Madonna",
        ris: "Madonna",
        bibtex: "Madonna",
        csl: { literal: "Madonna" },
      },
    ],
  ];

  it.each(cases)("cites %s with every initial and no honorific", (name, expected) => {
    for (const style of CITATION_STYLES.map((s) => s.id)) {
      expect(renderCitation(style, cite(name), journal).text, style).toBe(`${expected[style]}${TAIL[style]}`);
    }
    expect(toRis(cite(name), journal)).toContain(`\r\nAU  - ${expected.ris}\r\nJO  - `);
    expect(toBibtex(cite(name), journal)).toContain(`  author = {${expected.bibtex}},\n`);
    expect(toCslJson(cite(name), journal).author).toEqual([expected.csl]);
  });

  it("lists mixed names in each style's order and punctuation", () => {
    const many = cite("R.K. Singh, Jean-Paul Sartre, क्षितिज त्रिपाठी");
    const r = (s: (typeof CITATION_STYLES)[number]["id"]) => renderCitation(s, many, journal).text;
    expect(r("apa")).toMatch(/^Singh, R\. K\., Sartre, J\.-P\., & क्षितिज त्रिपाठी\. \(2025\)\. /);
    expect(r("mla")).toMatch(/^Singh, R\. K\., et al\. “Growth/);
    expect(r("chicago")).toMatch(/^Singh, R\. K\., Jean-Paul Sartre, and क्षितिज त्रिपाठी\. 2025\. “Growth/);
    expect(r("harvard")).toMatch(/^Singh, R\.K\., Sartre, J\.-P\., and क्षितिज त्रिपाठी \(2025\) ‘Growth/);
    expect(r("ieee")).toMatch(/^R\. K\. Singh, J\.-P\. Sartre, and क्षितिज त्रिपाठी, “Growth/);
    expect(r("vancouver")).toMatch(/^Singh RK, Sartre JP, क्षितिज त्रिपाठी\. Growth/);
    const two = renderCitation("mla", cite("Jean-Paul Sartre, R.K. Singh"), journal).text;
    expect(two).toMatch(/^Sartre, Jean-Paul, and R\. K\. Singh\. “Growth/);
    expect(toBibtex(many, journal)).toContain("author = {Singh, R. K. and Sartre, Jean-Paul and {क्षितिज त्रिपाठी}}");
  });
});

