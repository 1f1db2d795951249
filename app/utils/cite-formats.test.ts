import { describe, expect, it } from "vitest";
import { parsePerson, renderCitation, toBibtex, toCslJson, toRis, type CiteJournal, type CiteSource } from "./cite-formats";

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
    expect(parsePerson("Dr. Anjali Kumari Sharma")).toEqual({ family: "Sharma", given: "Anjali Kumari", initialsDotted: "A. K.", initials: "AK" });
    expect(parsePerson("Madonna")).toEqual({ family: "Madonna", given: "", initialsDotted: "", initials: "" });
    expect(parsePerson("राजेश कुमार").family).toBe("कुमार");
  });

  it("renders the six styles", () => {
    const r = (s: Parameters<typeof renderCitation>[0]) => renderCitation(s, article, journal).text;
    expect(r("apa")).toBe("Sharma, A. K., Verma, R., & Madonna (2025). Growth of Oryza sativa L. under drip. Journal of Tests, 3(2), 10–18. https://doi.org/10.1234/ijals.2025.1101");
    expect(r("mla")).toBe("Sharma, Anjali Kumari, et al. “Growth of Oryza sativa L. under drip.” Journal of Tests, vol. 3, no. 2, 2025, pp. 10–18, https://doi.org/10.1234/ijals.2025.1101.");
    expect(r("chicago")).toBe("Sharma, Anjali Kumari, Rahul Verma, and Madonna. 2025. “Growth of Oryza sativa L. under drip.” Journal of Tests 3 (2): 10–18. https://doi.org/10.1234/ijals.2025.1101.");
    expect(r("harvard")).toBe("Sharma, A.K., Verma, R. and Madonna (2025) ‘Growth of Oryza sativa L. under drip’, Journal of Tests, 3(2), pp. 10–18. doi:10.1234/ijals.2025.1101.");
    expect(r("ieee")).toBe("A. K. Sharma, R. Verma, and Madonna, “Growth of Oryza sativa L. under drip,” Journal of Tests, vol. 3, no. 2, pp. 10–18, 2025, doi: 10.1234/ijals.2025.1101.");
    expect(r("vancouver")).toBe("Sharma AK, Verma R, Madonna. Growth of Oryza sativa L. under drip. Journal of Tests. 2025;3(2):10-18. doi:10.1234/ijals.2025.1101");
    expect(renderCitation("apa", article, journal).html).toContain("<i>Journal of Tests</i>");
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
