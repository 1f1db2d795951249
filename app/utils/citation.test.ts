import { describe, expect, it } from "vitest";
import { howToCite, shortAuthor, shortAuthors, splitAuthors } from "./citation";

describe("citation shortening", () => {
  it("keeps the surname and initials and drops 'Dr. '", () => {
    expect(shortAuthor("Dr. Suresh Kumar Patel")).toBe("Patel SK");
    expect(shortAuthor("Rahul Verma")).toBe("Verma R");
    expect(shortAuthor("Prof. (Dr.) Ramesh Chandra Tiwari")).toBe("Tiwari RC");
    expect(shortAuthor("Madonna")).toBe("Madonna");
    expect(shortAuthor("José Martínez")).toBe("Martínez J");
    expect(shortAuthor("राजेश कुमार")).toBe("कुमार रा");
  });

  it("splits the stored author list on commas", () => {
    expect(splitAuthors("Dr. Anjali Sharma,Rahul Verma ,  Priya Nair")).toEqual(["Dr. Anjali Sharma", "Rahul Verma", "Priya Nair"]);
    expect(shortAuthors("Dr. Anjali Sharma, Rahul Verma")).toBe("Sharma A, Verma R");
  });

  it("builds the how-to-cite line with plain-text title", () => {
    expect(
      howToCite(
        { title: "Growth of <i>Oryza sativa</i> L.", authorname: "Dr. Anjali Sharma, Rahul Verma", year: 2025, volume: 3, issue: 2, pagenumber: "10-18" },
        "Journal of Tests",
      ),
    ).toBe("Sharma A, Verma R. Growth of Oryza sativa L. Journal of Tests. 2025;3(2):10-18.");
  });
});
