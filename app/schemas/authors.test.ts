import { describe, expect, it } from "vitest";
import { validateArticle } from "./article";
import { validateAuthorList } from "./authors";
import { AUTHOR_MESSAGES as M, FIELD_MESSAGES } from "./messages";
import { parseAuthors, serialiseAuthors } from "../lib/authors";
import { SHARMA, THREE_SENT } from "../../test/authors";

const base = {
  refnumber: "240517",
  txnid: "TXN240517",
  ptype: "paid",
  publishdate: "2025-03-15",
  email: "author@example.org",
  pagenumber: "7-12",
  title: "Yield of <i>Oryza sativa</i>",
  abstract: "<p>We studied rice.</p>",
};

const three = THREE_SENT;

describe("the authors list", () => {
  it("is normalised: ORCID and ROR as URIs, given and family names split when left empty", () => {
    const { authors, fields } = validateAuthorList(three);
    expect(fields).toEqual({});
    expect(authors[0]).toEqual(SHARMA);
    expect(authors[2]).toMatchObject({ given: "Jan", family: "van der Berg", corresponding: false });
  });

  it("refuses an ORCID iD with a wrong check digit and a malformed ROR ID, each with a message naming it", () => {
    const { fields } = validateAuthorList([
      { name: "A One", orcid: "0000-0002-1825-0098" },
      { name: "B Two", orcid: "1234", affiliations: [{ name: "X University", ror: "https://ror.org/013meh72" }, { name: "Y", ror: "013meh723" }] },
    ]);
    expect(fields).toEqual({
      "authors[0].orcid": M.orcidChecksum("0000-0002-1825-0098"),
      "authors[1].orcid": M.orcidFormat,
      "authors[1].affiliations[0].ror": M.rorFormat,
      "authors[1].affiliations[1].ror": M.rorChecksum("013meh723"),
    });
    expect(M.orcidChecksum("0000-0002-1825-0098")).toMatch(/^The ORCID iD 0000-0002-1825-0098 is not valid: its last character is a check digit/);
    expect(M.rorChecksum("013meh723")).toMatch(/^The ROR ID 013meh723 is not valid: its last two digits do not match/);
  });

  it("checks names by the spec's letters rule, a comma inside a name, e-mails and affiliations without a name", () => {
    const { fields } = validateAuthorList([
      { name: "R2D2" },
      { name: "Sharma, Anjali" },
      { name: "C Three", email: "not-an-address" },
      { name: "D Four", affiliations: [{ ror: "https://ror.org/013meh722" }] },
      { name: "", given: "", family: "", orcid: "" },
      { name: "E Five", given: "E", family: "" },
    ]);
    expect(fields).toEqual({
      "authors[0].name": FIELD_MESSAGES.authorChars,
      "authors[1].name": M.comma,
      "authors[2].email": M.email,
      "authors[3].affiliations[0].name": M.affiliationName,
      // The blank row was dropped: E Five is the fifth author.
      "authors[4].family": M.familyRequired,
    });
  });

  it("refuses an invisible control character anywhere in an author, naming it", () => {
    const { fields } = validateAuthorList([{ name: "A One", affiliations: [{ name: "", country: "" }, { name: "Uni\u0007versity", country: "India" }] }]);
    expect(fields).toEqual({ "authors[0].affiliations[0].name": FIELD_MESSAGES.controlCharacter("U+0007") });
  });

  it("refuses one ORCID iD given to two authors", () => {
    expect(validateAuthorList([{ name: "A One", orcid: "0000-0002-1825-0097" }, { name: "B Two", orcid: "https://orcid.org/0000-0002-1825-0097" }]).fields).toEqual({
      "authors[1].orcid": M.orcidTwice("0000-0002-1825-0097"),
    });
  });
});

describe("authors and authorname on add and edit", () => {
  it("makes authorname from the list (the API's authors field, the form)", () => {
    const r = validateArticle({ ...base, authors: JSON.stringify(three) }, { mode: "add", hasPdf: true });
    expect(r.ok && r.value.authorname).toBe("Dr. Anjali Sharma, Rahul Verma, Jan van der Berg");
    expect(r.ok && parseAuthors(r.value.authors).map((a) => a.orcid)).toEqual(["https://orcid.org/0000-0002-1825-0097", "", ""]);
  });

  it("reads an authorname-only request (the spec's API) into people", () => {
    const r = validateArticle({ ...base, authorname: "Dr. Anjali Sharma, Rahul Verma" }, { mode: "add", hasPdf: true });
    expect(r.ok && parseAuthors(r.value.authors).map((a) => [a.name, a.given, a.family])).toEqual([
      ["Dr. Anjali Sharma", "Anjali", "Sharma"],
      ["Rahul Verma", "Rahul", "Verma"],
    ]);
  });

  it("keeps the spec's author-name rules and messages for the list", () => {
    const many = Array.from({ length: 26 }, (_, i) => ({ name: `Given${"abcdefghijklmnopqrstuvwxyz"[i]} Family` }));
    const r = validateArticle({ ...base, authors: JSON.stringify(many) }, { mode: "add", hasPdf: true });
    expect(!r.ok && r.fields.authors).toBe(FIELD_MESSAGES.authorTooLong);
    const none = validateArticle({ ...base, authors: "[]" }, { mode: "add", hasPdf: true });
    expect(!none.ok && none.fields).toEqual({ authorname: FIELD_MESSAGES.required });
    const empty = validateArticle({ ...base, authors: JSON.stringify([{ name: "" , orcid: "0000-0002-1825-0097" }]) }, { mode: "add", hasPdf: true });
    expect(!empty.ok && empty.fields).toEqual({ "authors[0].name": M.nameRequired });
  });

  it("refuses authors that is no JSON array, and both fields sent differently", () => {
    const bad = validateArticle({ ...base, authors: "{oops" }, { mode: "add", hasPdf: true });
    expect(!bad.ok && bad.fields.authors).toBe(M.malformed);
    const both = validateArticle({ ...base, authorname: "Someone Else", authors: JSON.stringify(three) }, { mode: "add", hasPdf: true });
    expect(!both.ok && both.fields).toEqual({ authorname: M.disagree });
  });

  it("on edit, the one the client changed wins; a changed byline keeps each author's details", () => {
    const stored = validateArticle({ ...base, authors: JSON.stringify(three) }, { mode: "add", hasPdf: true });
    if (!stored.ok) throw new Error("fixture");
    const original = { refnumber: base.refnumber, txnid: base.txnid, authorname: stored.value.authorname, authors: stored.value.authors };
    const row = { ...base, authorname: stored.value.authorname, authors: stored.value.authors };
    // An old client sends only authorname: the stored list is the one below it.
    const renamed = validateArticle({ ...row, authorname: "Rahul Verma, Prof. Anjali Sharma" }, { mode: "edit", hasPdf: false, original });
    expect(renamed.ok && parseAuthors(renamed.value.authors).map((a) => [a.name, a.orcid])).toEqual([
      ["Rahul Verma", ""],
      ["Prof. Anjali Sharma", "https://orcid.org/0000-0002-1825-0097"],
    ]);
    // A new client sends the list (and the stored authorname back unchanged).
    const list = parseAuthors(stored.value.authors).reverse();
    const reordered = validateArticle({ ...row, authors: serialiseAuthors(list) }, { mode: "edit", hasPdf: false, original });
    expect(reordered.ok && reordered.value.authorname).toBe("Jan van der Berg, Rahul Verma, Dr. Anjali Sharma");
    // Untouched: nothing changes.
    const same = validateArticle(row, { mode: "edit", hasPdf: false, original });
    expect(same.ok && same.value.authors).toBe(stored.value.authors);
  });
});

describe("references, licence and manuscript dates", () => {
  it("stores the references one per line and checks the licence address and the dates' order", () => {
    const r = validateArticle(
      { ...base, authorname: "A One", references: "1. First ref.\n2. Second ref. doi:10.5555/x", license_url: "creativecommons.org/licenses/by-nc/4.0/legalcode", received_date: "2025-01-02", accepted_date: "2025-02-03" },
      { mode: "add", hasPdf: true },
    );
    expect(r.ok && [r.value.references, r.value.license_url, r.value.received_date, r.value.accepted_date]).toEqual([
      "First ref.\nSecond ref. doi:10.5555/x",
      "https://creativecommons.org/licenses/by-nc/4.0/",
      "2025-01-02",
      "2025-02-03",
    ]);
    const bad = validateArticle(
      { ...base, authorname: "A One", license_url: "CC BY please", received_date: "2025-03-01", accepted_date: "2025-02-01" },
      { mode: "add", hasPdf: true },
    );
    expect(!bad.ok && bad.fields).toEqual({ license_url: "Choose a Creative Commons licence or enter the licence's web address (https://…)", accepted_date: "The accepted date is before the received date" });
    const late = validateArticle({ ...base, authorname: "A One", accepted_date: "2025-04-01" }, { mode: "add", hasPdf: true });
    expect(!late.ok && late.fields).toEqual({ accepted_date: "The accepted date is after the publish date" });
  });
});
