/**
 * Reading generated PDFs back inside workerd: pdf-lib parses the file; the text is recovered
 * two ways — from the /ActualText of each line (the logical Unicode text) and from the glyphs
 * themselves through each font's ToUnicode map — so a test can check both what a line says
 * and that the glyphs drawn really are those characters.
 */
import { unzlibSync } from "fflate";
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, type PDFPage } from "pdf-lib";
import { expect } from "vitest";
import { fetchWorker } from "../factories";

export interface TextLine {
  /** The line's /ActualText. */
  text: string;
  /** The line's glyphs decoded through ToUnicode, in drawing order. */
  glyphs: string;
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

/** Lines of text of one page, in drawing order. */
export function pageLines(doc: PDFDocument, pageIndex: number): TextLine[] {
  const page = doc.getPage(pageIndex);
  const resources = page.node.Resources();
  const fontDict = resources?.lookup(PDFName.of("Font"), PDFDict);
  const fonts = new Map<string, { name: string; map: Map<number, string> }>();
  for (const [key, ref] of fontDict?.entries() ?? []) {
    const font = doc.context.lookup(ref, PDFDict);
    fonts.set(key.asString(), { name: font.get(PDFName.of("BaseFont"))!.toString().slice(1), map: toUnicodeMap(doc, font) });
  }
  const content = pageContent(doc, page);
  const lines: TextLine[] = [];
  let current: TextLine | null = null;
  let font: { name: string; map: Map<number, string> } | undefined;
  const token = /\/ActualText\s*<([0-9A-Fa-f]*)>|(\/[A-Za-z0-9_.-]+)\s+[\d.]+\s+Tf|\[((?:[^\]])*)\]\s*TJ|\bEMC\b/g;
  for (const m of content.matchAll(token)) {
    if (m[1] !== undefined) {
      current = { text: utf16(m[1]), glyphs: "", fonts: [], byFont: {} };
      lines.push(current);
    } else if (m[2]) {
      font = fonts.get(m[2]);
      if (current && font && !current.fonts.includes(font.name)) current.fonts.push(font.name);
    } else if (m[3] !== undefined && current && font) {
      for (const h of m[3].matchAll(/<([0-9A-Fa-f]*)>/g)) {
        for (let i = 0; i + 4 <= h[1].length; i += 4) {
          const ch = font.map.get(parseInt(h[1].slice(i, i + 4), 16)) ?? "\ufffd";
          current.glyphs += ch;
          current.byFont[font.name] = (current.byFont[font.name] ?? "") + ch;
        }
      }
    } else if (m[0] === "EMC") {
      current = null;
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
