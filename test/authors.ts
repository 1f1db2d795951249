/**
 * Authors as people, the fixture the unit and workerd tests share: one rich author (ORCID iD,
 * a ROR-identified affiliation and one without, an email, corresponding) as the site stores
 * it, and a list of three as a client sends it, leaving the server to normalise it.
 */
import type { ArticleAuthor } from "../app/lib/authors";

export const CAMBRIDGE = { name: "University of Cambridge", ror: "https://ror.org/013meh722", country: "United Kingdom" };
export const PAU = { name: "Punjab Agricultural University", ror: "", country: "India" };

/** Dr. Anjali Sharma as stored: ORCID iD and ROR ID as URIs, given and family names split. */
export const SHARMA: ArticleAuthor = {
  name: "Dr. Anjali Sharma",
  given: "Anjali",
  family: "Sharma",
  orcid: "https://orcid.org/0000-0002-1825-0097",
  affiliations: [CAMBRIDGE, PAU],
  email: "anjali@example.org",
  corresponding: true,
};

/** The same author and two more as sent: a bare ORCID iD and ROR ID, names left to be split, fields left out. */
export const THREE_SENT = [
  { name: "Dr. Anjali Sharma", orcid: "0000-0002-1825-0097", affiliations: [{ ...CAMBRIDGE, ror: "013meh722" }, { name: PAU.name, country: PAU.country }], email: "anjali@example.org", corresponding: true },
  { name: "Rahul Verma", affiliations: [PAU] },
  { name: "Jan van der Berg", given: "Jan", family: "van der Berg" },
];
