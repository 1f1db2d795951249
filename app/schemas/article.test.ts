import { describe, expect, it } from "vitest";
import { articleFieldErrors, validateArticle } from "./article";

/** Spec §5's add and edit rules, with the spec's messages. */

const base = {
  refnumber: "240517",
  txnid: "TXN240517",
  ptype: "paid",
  publishdate: "2025-03-15",
  authorname: "Dr. Anjali Sharma, Rahul Verma",
  email: "author@example.org",
  pagenumber: "7-12",
  title: "Yield of <i>Oryza sativa</i>",
  abstract: "<p>We studied rice.</p>",
};

describe("add article", () => {
  it("requires the e-mail and the PDF, and a numeric ref number", () => {
    const r = validateArticle({ ...base, email: "", refnumber: "24A" }, { mode: "add", hasPdf: false });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.fields).toEqual({
      email: "This field is required",
      pdfFile: "This field is required",
      refnumber: "Ref number must be a valid number",
    });
  });

  it("keeps a ref number as typed (trimmed), leading zeros included", () => {
    const r = validateArticle({ ...base, refnumber: " 007123 " }, { mode: "add", hasPdf: true });
    expect(r.ok && r.value.refnumber).toBe("007123");
  });

  it("wants the first page after the issue's last page, in the spec's words", () => {
    const r = validateArticle(base, { mode: "add", hasPdf: true, lastPage: 7 });
    expect(!r.ok && r.fields.pagenumber).toBe(
      "The the first value of the page range should be one more than the last one. The last page was 7",
    );
  });
});

describe("edit article", () => {
  const original = { refnumber: "RX-12", txnid: "pay 12#" };

  it("does not require the e-mail (spec §5's edit list leaves it out) nor a PDF", () => {
    const r = validateArticle({ ...base, email: "" }, { mode: "edit", hasPdf: false, original: { refnumber: base.refnumber, txnid: base.txnid } });
    expect(r.ok).toBe(true);
  });

  it("saves an older article whose ref number and transaction id predate today's formats, unchanged", () => {
    const r = validateArticle({ ...base, ...original }, { mode: "edit", hasPdf: false, original });
    expect(r.ok).toBe(true);
    expect(articleFieldErrors({ ...base, ...original }, { mode: "edit", hasPdf: false, original })).toEqual({});
  });

  it("checks a changed ref number and transaction id like an add", () => {
    const refChanged = validateArticle({ ...base, refnumber: "RX-13", txnid: original.txnid }, { mode: "edit", hasPdf: false, original });
    expect(!refChanged.ok && refChanged.fields.refnumber).toBe("Ref number must be a valid number");
    const txnChanged = validateArticle({ ...base, refnumber: original.refnumber, txnid: "pay 13#" }, { mode: "edit", hasPdf: false, original });
    expect(!txnChanged.ok && txnChanged.code).toBe("invalid_txnid");
  });

  it("still applies the author and page rules", () => {
    const r = validateArticle({ ...base, authorname: "Anjali <b>Sharma</b>", pagenumber: "9-3" }, { mode: "edit", hasPdf: false, original });
    expect(!r.ok && r.fields.authorname).toBe("Author name must contain only alphabets, spaces, commas, and periods");
    const pages = validateArticle({ ...base, ...original, pagenumber: "9-3" }, { mode: "edit", hasPdf: false, original });
    expect(!pages.ok && pages.code).toBe("invalid_pagenumber");
  });
});
