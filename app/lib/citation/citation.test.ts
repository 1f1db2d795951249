import { describe, expect, it } from "vitest";
import { howToCite, shortAuthor, shortAuthors } from "./citation";
import { initialOf, splitAuthors, stripHonorifics } from "../names";
import { expectCases } from "../../../test/cases";

/** The how-to-cite line of one article by `authorname`. */
const citeLine = (authorname: string) =>
  howToCite({ title: "Growth of <i>Oryza sativa</i> L.", authorname, year: 2025, volume: 3, issue: 2, pagenumber: "10-18" }, "Journal of Tests");

// [what the names show, [the name as the byline writes it, its how-to-cite form]…]
const SHORT_FORMS: [string, [string, string][]][] = [
  [
    "keeps the surname and initials and drops 'Dr. '",
    [
      ["Dr. Suresh Kumar Patel", "Patel SK"],
      ["Rahul Verma", "Verma R"],
      ["Prof. (Dr.) Ramesh Chandra Tiwari", "Tiwari RC"],
      ["Madonna", "Madonna"],
      ["José Martínez", "Martínez J"],
      ["राजेश कुमार", "कुमार रा"],
    ],
  ],
  [
    "keeps every initial of given names written as initials, with or without periods and spaces",
    [
      ["R.K. Singh", "Singh RK"],
      ["R. K. Singh", "Singh RK"],
      ["R.K.Singh", "Singh RK"],
      ["r.k. singh", "singh RK"],
      ["Suresh K Patel", "Patel SK"],
      ["Suresh K. Patel", "Patel SK"],
    ],
  ],
  [
    "reads two or three capitals as initials, but not three capitals in a name typed all in capitals",
    [
      ["RK Singh", "Singh RK"],
      ["SKP Yadav", "Yadav SKP"],
      ["RK SINGH", "SINGH RK"],
      ["RAJ KUMAR", "KUMAR R"],
      ["Raj Kumar", "Kumar R"],
      ["RAHUL VERMA", "VERMA R"],
      // The documented cost of the guess: a two-letter name typed in capitals reads as initials.
      ["OM PRAKASH", "PRAKASH OM"],
      ["Om Prakash", "Prakash O"],
    ],
  ],
  [
    "gives a hyphenated given name an initial for each part",
    [
      ["Jean-Paul Sartre", "Sartre JP"],
      ["J.-P. Sartre", "Sartre JP"],
      ["Anne-Marie Claire Dupont", "Dupont AMC"],
    ],
  ],
  [
    "drops honorifics written in other ways and in other scripts",
    [
      ["Mrs.Kamla Devi", "Devi K"],
      ["Ms Priya Nair", "Nair P"],
      ["Smt.Kamla Devi", "Devi K"],
      ["smt Kamla Devi", "Devi K"],
      ["डॉ. सुनीता देवी", "देवी सु"],
    ],
  ],
  [
    "leaves names that merely begin with an honorific's letters alone",
    [
      ["Drew Barrymore", "Barrymore D"],
      ["Srinivas Rao", "Rao S"],
      ["Shrikant Joshi", "Joshi S"],
      ["Mrinal Sen", "Sen M"],
      ["Smita Patil", "Patil S"],
      ["Msafiri Juma", "Juma M"],
      // A name that is nothing but an honorific is kept rather than emptied.
      ["Dr.", "Dr."],
      ["Dr. Madonna", "Madonna"],
    ],
  ],
  [
    "takes accented initials whole, however the accent is encoded",
    [
      ["Émile Zola", "Zola É"],
      ["E\u0301mile Zola", "Zola É"],
      ["Łukasz Nowak", "Nowak Ł"],
      ["Øystein Ore", "Ore Ø"],
    ],
  ],
  [
    "keeps a Devanagari initial whole and apart from the next",
    [
      ["क्षितिज त्रिपाठी", "त्रिपाठी क्षि"],
      // Run together, Devanagari initials would read as one word.
      ["श्याम सुंदर त्रिपाठी", "त्रिपाठी श्या सुं"],
      ["क्षितिज", "क्षितिज"],
    ],
  ],
];

describe("citation shortening", () => {
  it.each(SHORT_FORMS)("%s", (_, cases) => expectCases(shortAuthor, cases));

  it("splits the stored author list on commas", () => {
    expect(splitAuthors("Dr. Anjali Sharma,Rahul Verma ,  Priya Nair")).toEqual(["Dr. Anjali Sharma", "Rahul Verma", "Priya Nair"]);
    expect(shortAuthors({ authorname: "Dr. Anjali Sharma, Rahul Verma" })).toBe("Sharma A, Verma R");
  });

  it("builds the how-to-cite line with plain-text title", () => {
    expect(citeLine("Dr. Anjali Sharma, Rahul Verma")).toBe("Sharma A, Verma R. Growth of Oryza sativa L. Journal of Tests. 2025;3(2):10-18.");
  });
});

describe("initials of names written in other ways", () => {
  it("drops honorifics with or without period and space, in any case", () => {
    for (const name of [
      "Dr. Suresh Patel",
      "Dr.Suresh Patel",
      "Dr Suresh Patel",
      "DR. Suresh Patel",
      "dr.Suresh Patel",
      "Prof. Suresh Patel",
      "Prof.Dr.Suresh Patel",
      "Professor Suresh Patel",
      "(Dr) Suresh Patel",
      "Mr. Suresh Patel",
      "Mr.Suresh Patel",
      "Shri Suresh Patel",
      "SHRI. Suresh Patel",
    ]) {
      expect(stripHonorifics(name), name).toBe("Suresh Patel");
      expect(shortAuthor(name), name).toBe("Patel S");
    }
  });

  it("takes a Devanagari initial as a whole akshara: vowel signs, nukta and conjuncts stay on", () => {
    expectCases(initialOf, [
      ["राजेश", "रा"],
      ["क्षितिज", "क्षि"],
      ["त्रिपाठी", "त्रि"],
      ["ज़ाकिर", "ज़ा"],
      ["क्\u200dष", "क्\u200dष"],
      ["संजय", "सं"],
      ["अमित", "अ"],
    ]);
  });

  it("writes the how-to-cite line for every kind of name", () => {
    expect(citeLine("R.K. Singh, Jean-Paul Sartre, Dr.Suresh Patel")).toBe("Singh RK, Sartre JP, Patel S. Growth of Oryza sativa L. Journal of Tests. 2025;3(2):10-18.");
    expect(citeLine("RK Singh, R. K. Singh, E\u0301mile Zola, क्षितिज त्रिपाठी, Madonna")).toBe(
      "Singh RK, Singh RK, Zola É, त्रिपाठी क्षि, Madonna. Growth of Oryza sativa L. Journal of Tests. 2025;3(2):10-18.",
    );
  });
});
