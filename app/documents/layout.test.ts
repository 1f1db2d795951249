/**
 * Certificates and the board keep every text inside its box, for the longest inputs the
 * validation allows (app/schemas/article.ts, editor.ts): measured on the laid-out lines the
 * builders draw, and nothing is cut.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { A4_LANDSCAPE, DocBuilder, type Line } from "./canvas.server";
import {
  CERTIFICATE_FOOTER_TOP,
  CERTIFICATE_TEXT_WIDTH,
  certificateBlocks,
  certificateHeader,
  signatureNameLines,
  SIGNATURE_NAME_BOX,
  totalHeight,
} from "./certificate.server";
import { EDITOR_FOOTER_TOP, editorCertificateBlocks } from "./editor-certificate.server";
import { contactLines } from "./editorial-board.server";
import { htmlLines } from "./format.server";
import { MAX_AUTHOR_WORDS } from "../schemas/article";
import { journal } from "../../scripts/documents/sample-data";
import { loadFontsFor } from "./fonts.server";

// Layout is measured outside a document build here: the faces it uses are loaded first.
beforeAll(() => loadFontsFor([journal.name, "WMabcdefghijklmnopqrstuvwxyz 0123456789 ,.–—“”’", "Prof. Ramesh Chandra Verma"]));

/** Words of `length` letters (wide capitals mixed in), `count` of them. */
function words(count: number, length: number): string {
  const alphabet = "WMabcdefghijklmnopqrstuvwxyzMW";
  return Array.from({ length: count }, (_, i) => Array.from({ length }, (_, k) => alphabet[(i * 7 + k * 3) % alphabet.length]).join("")).join(" ");
}

const text = (lines: Line[]) => lines.map((l) => l.text).join(" ");

async function headerBottom(): Promise<number> {
  const builder = await DocBuilder.create({ title: "t", date: new Date(0) });
  return certificateHeader(builder.addPage(A4_LANDSCAPE), journal);
}

describe("certificate body fits between header and footer", () => {
  it("the longest author name (50 words, 4000 characters) and title (5000 characters) shrink and wrap inside the box", async () => {
    const top = await headerBottom();
    // authorname is at most 4000 characters and 50 words: one author using all of it.
    const author = words(MAX_AUTHOR_WORDS, 79);
    expect(author.length).toBeLessThanOrEqual(4000);
    const title = words(500, 9).slice(0, 5000);
    const article = { refnumber: "482135", title, authorname: author, year: 2025, volume: 3, issue: 2, frequency: "Apr-Jun", pagenumber: "112-118", publishdate: "2025-01-15" };
    for (const input of [
      { article, author, doi: "10.5555/" + "x".repeat(200) },
      { article: { ...article, title: "Short title" }, author },
      { article, author: "Asha Rao" },
    ]) {
      const blocks = certificateBlocks(input, CERTIFICATE_TEXT_WIDTH, top, CERTIFICATE_FOOTER_TOP);
      expect(totalHeight(blocks)).toBeLessThanOrEqual(top - CERTIFICATE_FOOTER_TOP);
      for (const b of blocks) for (const l of b.lines) expect(l.width).toBeLessThanOrEqual(CERTIFICATE_TEXT_WIDTH + 0.01);
      // Nothing cut: the name block holds the whole name.
      expect(text(blocks[2].lines)).toBe(input.author);
    }
  });

  it("a short name stays on one line at full size", async () => {
    const top = await headerBottom();
    const article = { refnumber: "1", title: "A title", authorname: "Asha Rao", year: 2025, volume: 1, issue: 1, frequency: "", pagenumber: "1-2", publishdate: "2025-01-15" };
    const blocks = certificateBlocks({ article, author: "Asha Rao" }, CERTIFICATE_TEXT_WIDTH, top, CERTIFICATE_FOOTER_TOP);
    expect(blocks[2].lines).toHaveLength(1);
    expect(blocks[2].lines[0].size).toBe(27);
  });

  it("the longest editor name, post, degree, affiliation and country stay above the signature", async () => {
    const top = await headerBottom();
    const editor = {
      id: 1,
      name: words(20, 9).slice(0, 200),
      category: "associate editor",
      post: words(50, 9).slice(0, 500),
      degree: words(20, 9).slice(0, 200),
      content: words(200, 9).slice(0, 2000),
      country: words(12, 9).slice(0, 128),
      email: "",
      phone: "",
    };
    const blocks = editorCertificateBlocks({ editor, journal, issuedOn: "2025-01-15" }, A4_LANDSCAPE[0] - 200, top, EDITOR_FOOTER_TOP);
    expect(totalHeight(blocks)).toBeLessThanOrEqual(top - EDITOR_FOOTER_TOP);
    for (const b of blocks) for (const l of b.lines) expect(l.width).toBeLessThanOrEqual(A4_LANDSCAPE[0] - 200 + 0.01);
    expect(text(blocks[2].lines)).toBe(editor.name);
  });

  it("the signer's name (at most 200 characters) fits the box under the signature line, uncut", () => {
    for (const name of ["Prof. Ramesh Chandra Verma", words(20, 9).slice(0, 200)]) {
      const lines = signatureNameLines(name);
      expect(text(lines)).toBe(name);
      for (const l of lines) expect(l.width).toBeLessThanOrEqual(SIGNATURE_NAME_BOX.width + 0.01);
      expect(lines.length * lines[0].size * 1.15).toBeLessThanOrEqual(SIGNATURE_NAME_BOX.height + 0.01);
    }
  });
});

describe("editorial board text", () => {
  it("HTML affiliations keep their line breaks instead of running together", () => {
    expect(htmlLines("Dept. of Agronomy<br>Punjab Agricultural University<br/>Ludhiana")).toEqual(["Dept. of Agronomy", "Punjab Agricultural University", "Ludhiana"]);
    expect(htmlLines("<p>ICAR</p><p>New <b>Delhi</b></p>")).toEqual(["ICAR", "New Delhi"]);
  });

  it("a phone number is never split across lines", () => {
    const width = 595.28 - 2 * 48 - 190 - 18;
    for (const [email, phone] of [
      ["a.very.long.address.of.an.editor@some-university.example.ac.in", "+91 98765 43210"],
      ["", "+91 (0)161 240 1960 ext. 417 / +91 98765 43210 / +91 98765 43211"],
      ["x@y.in", "+91 98765 43210"],
    ]) {
      const lines = contactLines(email, phone, width);
      expect(lines.some((l) => l.text.includes(`Phone: ${phone}`)), phone).toBe(true);
      for (const l of lines) expect(l.width).toBeLessThanOrEqual(width + 0.01);
    }
  });
});
