import { describe, expect, it } from "vitest";
import { authorFromName, type ArticleAuthor } from "../authors";
import { articleLicense } from "../licenses";
import { articleHeadTags } from "./article-meta.server";
import { dublinCore, scholarlyArticleJsonLd, type ArticleMetaInput } from "./scholarly-meta";
import { CAMBRIDGE, SHARMA } from "../../../test/authors";

const names = ["Dr. Anjali Sharma", "Prof.Dr.R.K. Singh", "(Dr) José Martínez", "SHRI Ram Lal", "डॉ. राजेश कुमार", "Drew Barry"];
const input: ArticleMetaInput = {
  titleText: "Salinity tolerance in Oryza sativa landraces",
  authors: names.map(authorFromName),
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
    const tags = articleHeadTags(input) as { name?: string; content?: string }[];
    expect(tags.filter((t) => t.name === "citation_author").map((t) => t.content)).toEqual(stripped);
    expect(dublinCore(input).filter((t) => t.name === "DC.creator").map((t) => t.content)).toEqual(stripped);
    expect((scholarlyArticleJsonLd(input).author as { name: string }[]).map((p) => p.name)).toEqual(stripped);
  });
});

describe("authors as people, references and the licence in the metadata", () => {
  const sharma: ArticleAuthor = { ...SHARMA, affiliations: [CAMBRIDGE, { name: "ICAR-Indian Agricultural Research Institute", ror: "", country: "India" }], email: "anjali@pau.example" };
  const verma: ArticleAuthor = { ...authorFromName("Rahul Verma"), email: "private@mail.example" };
  const full: ArticleMetaInput = {
    ...input,
    authors: [sharma, verma],
    references: [
      { text: "Singh R, Kaur P. Rice yield under drip. Field Crops Res. 2019;240:1-10. doi:10.1016/j.fcr.2019.05.001", doi: "10.1016/j.fcr.2019.05.001" },
      { text: "FAO. The state of food and agriculture. Rome: FAO; 2020.", doi: "" },
    ],
    license: articleLicense("", "https://creativecommons.org/licenses/by/4.0/"),
    received_date: "2025-01-10",
    accepted_date: "2025-05-02",
  };

  it("Scholar: each citation_author followed by its institutions and ORCID iD; references; the licence link", () => {
    const tags = (articleHeadTags(full) as Record<string, string>[]).map((t) => [t.name ?? t.rel ?? t.property, t.content ?? t.href]);
    const authorTags = tags.filter(([n]) => /^citation_author/.test(n ?? ""));
    expect(authorTags).toEqual([
      ["citation_author", "Anjali Sharma"],
      ["citation_author_institution", "University of Cambridge"],
      ["citation_author_institution", "ICAR-Indian Agricultural Research Institute"],
      ["citation_author_orcid", "https://orcid.org/0000-0002-1825-0097"],
      ["citation_author_email", "anjali@pau.example"],
      ["citation_author", "Rahul Verma"],
    ]);
    expect(tags.filter(([n]) => n === "citation_reference").map(([, c]) => c)).toEqual(full.references!.map((r) => r.text));
    expect(tags).toContainEqual(["license", "https://creativecommons.org/licenses/by/4.0/"]);
    expect(tags).toContainEqual(["DC.rights", "https://creativecommons.org/licenses/by/4.0/"]);
    expect(tags).toContainEqual(["DC.date.dateAccepted", "2025-05-02"]);
    // A co-author's e-mail is never published.
    expect(JSON.stringify(tags)).not.toContain("private@mail.example");
  });

  it("JSON-LD: Person with given and family name, ORCID as sameAs, affiliations with ROR; licence and citations", () => {
    const ld = scholarlyArticleJsonLd(full);
    expect(ld.author).toEqual([
      {
        "@type": "Person",
        name: "Anjali Sharma",
        givenName: "Anjali",
        familyName: "Sharma",
        sameAs: "https://orcid.org/0000-0002-1825-0097",
        identifier: { "@type": "PropertyValue", propertyID: "ORCID", value: "https://orcid.org/0000-0002-1825-0097" },
        email: "anjali@pau.example",
        affiliation: [
          { "@type": "Organization", name: "University of Cambridge", sameAs: "https://ror.org/013meh722", address: { "@type": "PostalAddress", addressCountry: "United Kingdom" } },
          { "@type": "Organization", name: "ICAR-Indian Agricultural Research Institute", address: { "@type": "PostalAddress", addressCountry: "India" } },
        ],
      },
      { "@type": "Person", name: "Rahul Verma", givenName: "Rahul", familyName: "Verma" },
    ]);
    expect(ld.license).toBe("https://creativecommons.org/licenses/by/4.0/");
    expect(ld.citation).toEqual([
      { "@type": "CreativeWork", name: full.references![0].text, sameAs: "https://doi.org/10.1016/j.fcr.2019.05.001" },
      { "@type": "CreativeWork", name: full.references![1].text },
    ]);
  });
});
