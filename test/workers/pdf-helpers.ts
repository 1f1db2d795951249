/**
 * Reading generated PDFs back inside workerd: pdf-lib parses the file; the text is recovered
 * two ways — from the /ActualText of each line (the logical Unicode text) and from the glyphs
 * themselves through each font's ToUnicode map — so a test can check both what a line says
 * and that the glyphs drawn really are those characters.
 */
import { unzlibSync } from "fflate";
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFRef, type PDFPage } from "pdf-lib";
import { expect } from "vitest";
import { fetchWorker } from "../factories";

/** One glyph drawn on the page. */
export interface Glyph {
  /** What the glyph stands for, through its font's ToUnicode map ('क्ष' for a conjunct). */
  text: string;
  /** BaseFont name. */
  font: string;
  /** Left edge of the glyph on the page (text matrix, TJ adjustments and font widths applied). */
  x: number;
  /** Advance width in points. */
  width: number;
}

export interface TextLine {
  /** The line's /ActualText. */
  text: string;
  /** The line's glyphs decoded through ToUnicode, in drawing order. */
  glyphs: string;
  /** The line's glyphs one by one, in drawing order; sort by x for visual order. */
  glyphRun: Glyph[];
  /** BaseFont names used in the line. */
  fonts: string[];
  /** Glyph text drawn with each font. */
  byFont: Record<string, string>;
}

function streamText(stream: PDFRawStream): string {
  const filter = stream.dict.get(PDFName.of("Filter"));
  const bytes = filter ? unzlibSync(stream.contents) : stream.contents;
  let s = "";
  for (let i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]);
  return s;
}

function utf16(hex: string): string {
  let h = hex;
  if (h.toUpperCase().startsWith("FEFF")) h = h.slice(4);
  let out = "";
  for (let i = 0; i + 4 <= h.length; i += 4) out += String.fromCharCode(parseInt(h.slice(i, i + 4), 16));
  return out;
}

function toUnicodeMap(doc: PDFDocument, font: PDFDict): Map<number, string> {
  const map = new Map<number, string>();
  const ref = font.get(PDFName.of("ToUnicode"));
  const stream = ref instanceof PDFRef ? doc.context.lookup(ref) : ref;
  if (!(stream instanceof PDFRawStream)) return map;
  const text = streamText(stream);
  for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) map.set(parseInt(m[1], 16), utf16(m[2]));
  }
  return map;
}

function pageContent(doc: PDFDocument, page: PDFPage): string {
  const contents = page.node.get(PDFName.of("Contents"));
  const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
  return refs
    .map((r) => (r instanceof PDFRef ? doc.context.lookup(r) : r))
    .filter((s): s is PDFRawStream => s instanceof PDFRawStream)
    .map(streamText)
    .join("\n");
}

/** The CIDFont's /W array as CID → width (thousandths of an em); /DW for the rest. */
function cidWidths(doc: PDFDocument, font: PDFDict): (cid: number) => number {
  const descendants = font.lookup(PDFName.of("DescendantFonts"));
  const cidFont = descendants instanceof PDFArray ? doc.context.lookup(descendants.get(0), PDFDict) : undefined;
  const widths = new Map<number, number>();
  const dw = cidFont?.lookup(PDFName.of("DW"));
  const fallback = dw instanceof PDFNumber ? dw.asNumber() : 1000;
  const w = cidFont?.lookup(PDFName.of("W"));
  if (w instanceof PDFArray) {
    const items = w.asArray().map((item) => doc.context.lookup(item) ?? item);
    for (let i = 0; i < items.length; ) {
      const first = (items[i] as PDFNumber).asNumber();
      const next = items[i + 1];
      if (next instanceof PDFArray) {
        next.asArray().forEach((v, k) => widths.set(first + k, (doc.context.lookup(v) as PDFNumber).asNumber()));
        i += 2;
      } else {
        const last = (next as PDFNumber).asNumber();
        const width = (items[i + 2] as PDFNumber).asNumber();
        for (let c = first; c <= last; c++) widths.set(c, width);
        i += 3;
      }
    }
  }
  return (cid) => widths.get(cid) ?? fallback;
}

/** Lines of text of one page, in drawing order. */
export function pageLines(doc: PDFDocument, pageIndex: number): TextLine[] {
  const page = doc.getPage(pageIndex);
  const resources = page.node.Resources();
  const fontDict = resources?.lookup(PDFName.of("Font"), PDFDict);
  type FontInfo = { name: string; map: Map<number, string>; width: (cid: number) => number };
  const fonts = new Map<string, FontInfo>();
  for (const [key, ref] of fontDict?.entries() ?? []) {
    const font = doc.context.lookup(ref, PDFDict);
    fonts.set(key.asString(), {
      name: font.get(PDFName.of("BaseFont"))!.toString().slice(1),
      map: toUnicodeMap(doc, font),
      width: cidWidths(doc, font),
    });
  }
  const content = pageContent(doc, page);
  const lines: TextLine[] = [];
  let current: TextLine | null = null;
  let font: FontInfo | undefined;
  let size = 0;
  // Text state as far as these documents use it: Tm (translation only), Tf, Tc and TJ.
  let x = 0;
  let charSpacing = 0;
  const number = String.raw`(-?[\d.]+)`;
  const token = new RegExp(
    [
      String.raw`\/ActualText\s*<([0-9A-Fa-f]*)>`,
      String.raw`(\/[A-Za-z0-9_.-]+)\s+([\d.]+)\s+Tf`,
      String.raw`\[((?:[^\]])*)\]\s*TJ`,
      String.raw`\bEMC\b`,
      `${number}\\s+${number}\\s+${number}\\s+${number}\\s+${number}\\s+${number}\\s+Tm\\b`,
      `${number}\\s+Tc\\b`,
    ].join("|"),
    "g",
  );
  for (const m of content.matchAll(token)) {
    if (m[1] !== undefined) {
      current = { text: utf16(m[1]), glyphs: "", glyphRun: [], fonts: [], byFont: {} };
      lines.push(current);
    } else if (m[2]) {
      font = fonts.get(m[2]);
      size = Number(m[3]);
      if (current && font && !current.fonts.includes(font.name)) current.fonts.push(font.name);
    } else if (m[4] !== undefined && current && font) {
      // Each glyph is drawn at the pen, which then moves by its width (plus Tc); a number
      // moves the pen back by that many thousandths of the font size.
      for (const item of m[4].matchAll(/<([0-9A-Fa-f]*)>|(-?[\d.]+)/g)) {
        if (item[2] !== undefined) {
          x -= (Number(item[2]) / 1000) * size;
          continue;
        }
        for (let i = 0; i + 4 <= item[1].length; i += 4) {
          const cid = parseInt(item[1].slice(i, i + 4), 16);
          const ch = font.map.get(cid) ?? "\ufffd";
          const width = (font.width(cid) / 1000) * size;
          current.glyphRun.push({ text: ch, font: font.name, x, width });
          x += width + charSpacing;
          current.glyphs += ch;
          current.byFont[font.name] = (current.byFont[font.name] ?? "") + ch;
        }
      }
    } else if (m[0] === "EMC") {
      current = null;
    } else if (m[5] !== undefined) {
      x = Number(m[9]);
    } else if (m[11] !== undefined) {
      charSpacing = Number(m[11]);
    }
  }
  return lines;
}

/** All ActualText of a document, one line per text line, pages separated by a form feed. */
export function documentText(doc: PDFDocument): string {
  return doc
    .getPages()
    .map((_, i) => pageLines(doc, i).map((l) => l.text).join("\n"))
    .join("\n\f\n");
}

const sorted = (s: string) => Array.from(s.replace(/\s+/g, "")).sort().join("");

/**
 * Every line's glyphs stand for the characters its ActualText claims: exactly the same
 * characters (Latin, where glyphs are in logical order), or — for lines with Devanagari, whose
 * glyphs are in visual order and may cover several characters — every character accounted for.
 */
export function expectGlyphsMatchText(doc: PDFDocument): void {
  for (let p = 0; p < doc.getPageCount(); p++) {
    for (const line of pageLines(doc, p)) {
      expect(line.glyphs).not.toContain("\ufffd");
      if (/[\u0900-\u097f]/.test(line.text)) {
        for (const ch of line.text.replace(/\s+/g, "")) expect(line.glyphs, line.text).toContain(ch);
      } else {
        expect(sorted(line.glyphs), line.text).toBe(sorted(line.text));
      }
    }
  }
}

export async function loadPdf(bytes: ArrayBuffer | Uint8Array): Promise<PDFDocument> {
  const u8 = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  expect(new TextDecoder().decode(u8.subarray(0, 5))).toBe("%PDF-");
  return PDFDocument.load(u8, { updateMetadata: false });
}

export async function loadPdfResponse(res: Response, filename: string): Promise<PDFDocument> {
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/pdf");
  expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${filename}"`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(res.headers.get("content-length")).toBe(String(bytes.length));
  return loadPdf(bytes);
}

/** Signs in as a new admin of the journal and returns the Authorization header. */
export async function adminAuth(j: { url(path: string): string }, user: { username: string; password: string }): Promise<Record<string, string>> {
  const res = await fetchWorker(j.url("/auth/login/"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: user.username, password: user.password }),
  });
  expect(res.status).toBe(200);
  const { token } = (await res.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

export function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetchWorker(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}
