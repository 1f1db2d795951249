import { describe, expect, it } from "vitest";
import { authorPath } from "./urls";
import { shortAuthor } from "./citation/citation";
import { parsePerson } from "./citation/cite-formats";
import { creatorNames } from "./citation/scholarly-meta";
import { authorFromName } from "./authors";
import { normaliseAuthorName, personInitials, splitAuthors, stripHonorifics } from "./names";
import { fileSafeSurname, parseName } from "./person-names";

// [as the byline writes it, the name without titles, the surname, the how-to-cite form]
const NAMES: [string, string, string, string][] = [
  ["डॉ. राजेश कुमार", "राजेश कुमार", "कुमार", "कुमार रा"],
  ["डॉ राजेश कुमार", "राजेश कुमार", "कुमार", "कुमार रा"],
  ["Dr.Suresh Patel", "Suresh Patel", "Patel", "Patel S"],
  ["Dr. Anjali Sharma", "Anjali Sharma", "Sharma", "Sharma A"],
  ["Dr Ramesh Chandra Tiwari", "Ramesh Chandra Tiwari", "Tiwari", "Tiwari RC"],
  ["Prof. (Dr.) R. K. Singh", "R. K. Singh", "Singh", "Singh RK"],
  ["Prof.Dr.Suresh Patel", "Suresh Patel", "Patel", "Patel S"],
  ["(Dr) Priya Nair", "Priya Nair", "Nair", "Nair P"],
  ["Mrs.Kamla Devi", "Kamla Devi", "Devi", "Devi K"],
  ["प्रो. विनोद कुमार", "विनोद कुमार", "कुमार", "कुमार वि"],
  ["श्रीमती सुनीता देवी", "सुनीता देवी", "देवी", "देवी सु"],
  ["श्री राम शर्मा", "राम शर्मा", "शर्मा", "शर्मा रा"],
  // Names that merely begin with a title's letters keep them.
  ["Drew Barrymore", "Drew Barrymore", "Barrymore", "Barrymore D"],
  ["Srinivas Rao", "Srinivas Rao", "Rao", "Rao S"],
  ["श्रीनिवास राव", "श्रीनिवास राव", "राव", "राव श्री"],
  ["José Martínez", "José Martínez", "Martínez", "Martínez J"],
  ["Madonna", "Madonna", "Madonna", "Madonna"],
];

describe("one reading of a name for citations, author pages and file names", () => {
  it.each(NAMES)("%s", (name, bare, surname, cited) => {
    // Scholar's citation_author, Dublin Core, JSON-LD and OAI-PMH creators.
    expect(stripHonorifics(name)).toBe(bare);
    expect(creatorNames([authorFromName(name)])).toEqual([bare]);
    // The how-to-cite line and the citation styles and exports (APA, RIS, BibTeX, CSL-JSON…).
    expect(shortAuthor(name)).toBe(cited);
    expect(parsePerson(name).family).toBe(surname);
    // The author page: its URL names the same person, and the page finds the byline again.
    const path = authorPath(name);
    expect(path).toBe(`/authors/${encodeURIComponent(bare)}`);
    expect(stripHonorifics(decodeURIComponent(path.slice("/authors/".length)))).toBe(stripHonorifics(name));
    // Certificate file names in Certificates.zip.
    expect(fileSafeSurname(name)).toBe(surname);
  });

  it("reads the byline's names in order, whatever the spacing around the commas", () => {
    expect(splitAuthors("Dr. Anjali Sharma,Rahul Verma ,  डॉ. राजेश कुमार, ")).toEqual(["Dr. Anjali Sharma", "Rahul Verma", "डॉ. राजेश कुमार"]);
  });

  it("keeps file names safe and never empty", () => {
    expect(fileSafeSurname("O'Brien/../..\\x")).toBe("OBrienx");
    expect(fileSafeSurname("Dr.")).toBe("author");
    expect(fileSafeSurname("(Dr)")).toBe("author");
    expect(fileSafeSurname("")).toBe("author");
    expect(fileSafeSurname("Anne-Marie Lefèvre-Dupont")).toBe("Lefèvre-Dupont");
    // A name written with initials run into the surname cites and files as the surname.
    expect(fileSafeSurname("R.K.Singh")).toBe("Singh");
  });
});

describe("particles and author-page names (issue 17.1, 17.5)", () => {
  it("keeps lower-case particles with the surname, never as initials", () => {
    expect(parseName("Jan van der Berg")).toEqual({ family: "Berg", particle: "van der", given: "Jan", initials: [["J"]] });
    expect(parseName("João dos Santos").particle).toBe("dos");
    expect(parseName("Ahmed al-Rashid")).toMatchObject({ family: "al-Rashid", particle: "" });
    // A capitalised 'Van' is a given name; a particle needs a given name before it.
    expect(parseName("Ludwig Van Beethoven")).toMatchObject({ family: "Beethoven", particle: "", given: "Ludwig Van" });
    expect(parseName("van Berg")).toMatchObject({ family: "Berg", particle: "", given: "van" });
    expect(shortAuthor("Dr. Jan van der Berg")).toBe("van der Berg J");
  });

  it("one author-page name for spellings that differ in titles, spacing or Unicode form", () => {
    for (const n of ["Dr. Zoë  Müller", "Zoe\u0308 Mu\u0308ller", "Prof. (Dr.) Zoë Müller"]) {
      expect(normaliseAuthorName(n)).toBe("Zoë Müller");
      expect(authorPath(n)).toBe("/authors/Zo%C3%AB%20M%C3%BCller");
    }
  });
});

describe("the staff avatar's initials follow the byline's title rule", () => {
  it("drops titles however they are written, then takes the capitalised words' initials", () => {
    const cases: [string, string][] = [
      ["Dr.Suresh Patel", "SP"],
      ["Dr. Anjali Sharma", "AS"],
      ["Prof. (Dr.) Anjali Sharma", "AS"],
      ["Drew Barrymore", "DB"],
      ["Ludwig van Beethoven", "LB"],
      ["asha menon", "AM"],
    ];
    for (const [name, initials] of cases) expect(personInitials(name), name).toBe(initials);
    expect(personInitials("Asha Menon", 3)).toBe("AM");
  });
});
