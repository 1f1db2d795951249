/**
 * A small drawing layer over pdf-lib: documents, pages as canvases that collect PDF operators,
 * and paragraph layout (word wrap, mixed regular/bold/italic runs, font fallback) with text
 * drawn as shaped glyphs. Every line of text is wrapped in an /ActualText span, so copying,
 * searching and text extraction give the logical Unicode text even where Devanagari glyphs
 * are stored in visual order.
 */
import { zlibSync } from "fflate";
import { PDFDocument, PDFRawStream, type PDFPage, type PDFRef } from "pdf-lib";
import { DocumentFonts, num, piecesWidth, shapeText, type PdfFont, type Shaped, type TextStyle } from "./fonts.server";

export type Color = readonly [number, number, number];

export function hex(color: string): Color {
  const v = parseInt(color.replace("#", ""), 16);
  return [((v >> 16) & 255) / 255, ((v >> 8) & 255) / 255, (v & 255) / 255];
}

export const A4: [number, number] = [595.28, 841.89];
export const A4_LANDSCAPE: [number, number] = [841.89, 595.28];

export interface DocumentInfo {
  title: string;
  subject?: string;
  author?: string;
  keywords?: string[];
  /**
   * The document's creation date, taken from its data (an article's publish date, the latest
   * change of the editors listed…), never from the clock: the same inputs must give the same
   * bytes, so a document can be cached and revalidated (workers/api/pdf.ts ETags).
   */
  date: Date;
  /** Its modification date; `date` when not given. */
  modified?: Date;
}

/**
 * Version of the document code: part of every document ETag (workers/api/pdf.ts). Bump it
 * whenever a builder's output changes for the same data (layout, wording, fonts or their
 * packages, pdf-lib), or browsers holding an older PDF will keep being told it is current.
 */
export const DOCUMENTS_VERSION = 2;

/**
 * Documents this isolate has finished building. Read by tests to show that a response was (or
 * was not) built, and when — e.g. that zip entries are built only as the client reads them.
 */
export const documentBuilds = { count: 0 };

/** A PDF under construction: pages, fonts and shared objects of one document. */
export class DocBuilder {
  readonly fonts: DocumentFonts;
  private pages: Canvas[] = [];
  private shared = new Map<string, PDFRef>();

  private constructor(readonly doc: PDFDocument) {
    this.fonts = new DocumentFonts(doc);
  }

  static async create(info: DocumentInfo): Promise<DocBuilder> {
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.setTitle(clean(info.title), { showInWindowTitleBar: true });
    if (info.subject) doc.setSubject(clean(info.subject));
    if (info.author) doc.setAuthor(clean(info.author));
    if (info.keywords?.length) doc.setKeywords(info.keywords.map(clean));
    doc.setCreator(info.author ? clean(info.author) : "Journal site");
    doc.setProducer("Journal site (pdf-lib)");
    doc.setCreationDate(info.date);
    doc.setModificationDate(info.modified ?? info.date);
    doc.setLanguage("en");
    return new DocBuilder(doc);
  }

  addPage(size: [number, number]): Canvas {
    const page = this.doc.addPage(size);
    const canvas = new Canvas(this, page);
    this.pages.push(canvas);
    return canvas;
  }

  /** A document-wide object (an XObject, a graphics state) created once per document. */
  sharedRef(key: string, make: () => PDFRef): PDFRef {
    let ref = this.shared.get(key);
    if (!ref) {
      ref = make();
      this.shared.set(key, ref);
    }
    return ref;
  }

  async save(): Promise<Uint8Array> {
    for (const page of this.pages) page.finish();
    this.fonts.embedAll();
    const bytes = await this.doc.save({ useObjectStreams: false, objectsPerTick: Number.POSITIVE_INFINITY, addDefaultPage: false });
    documentBuilds.count++;
    return bytes;
  }
}

function clean(text: string): string {
  return text.replace(/[\u0000-\u001f]/g, " ").trim();
}

// ---- Paragraph layout ----------------------------------------------------------------------

export interface Run {
  text: string;
  style: TextStyle;
}

interface Part {
  text: string;
  style: TextStyle;
  pieces: Shaped[];
  /** Width at size 1. */
  width: number;
}

interface Word {
  parts: Part[];
  width: number;
  /** Style of the space that precedes this word. */
  spaceStyle: TextStyle;
}

export interface Line {
  words: Word[];
  /** Width in points at `size`. */
  width: number;
  size: number;
  text: string;
}

function spaceWidth(style: TextStyle): number {
  return piecesWidth(shapeText(" ", style), 1);
}

function makePart(text: string, style: TextStyle): Part {
  const pieces = shapeText(text, style);
  return { text, style, pieces, width: piecesWidth(pieces, 1) };
}

/** Splits runs into words; words may mix styles ("<i>Oryza</i>-based"). */
function toWords(runs: Run[]): Word[] {
  const words: Word[] = [];
  let current: Word | null = null;
  for (const run of runs) {
    const text = run.text.replace(/\s+/g, " ");
    const chunks = text.split(" ");
    chunks.forEach((chunk, i) => {
      if (i > 0) current = null; // a space ends the word
      if (!chunk) return;
      if (!current) {
        current = { parts: [], width: 0, spaceStyle: run.style };
        words.push(current);
      }
      const part = makePart(chunk, run.style);
      current.parts.push(part);
      current.width += part.width;
    });
  }
  return words;
}

const segmenter = typeof Intl !== "undefined" && "Segmenter" in Intl ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null;

function graphemes(text: string): string[] {
  if (segmenter) return Array.from(segmenter.segment(text), (s) => s.segment);
  return Array.from(text);
}

/** Breaks a word wider than the line into pieces at grapheme boundaries. */
function splitWord(word: Word, maxWidth: number, size: number): Word[] {
  const out: Word[] = [];
  let current: Word = { parts: [], width: 0, spaceStyle: word.spaceStyle };
  for (const part of word.parts) {
    let buffer = "";
    for (const g of graphemes(part.text)) {
      const candidate = makePart(buffer + g, part.style);
      if (buffer && (current.width + candidate.width) * size > maxWidth) {
        const done = makePart(buffer, part.style);
        current.parts.push(done);
        current.width += done.width;
        out.push(current);
        current = { parts: [], width: 0, spaceStyle: part.style };
        buffer = g;
      } else {
        buffer += g;
      }
    }
    if (buffer) {
      const rest = makePart(buffer, part.style);
      current.parts.push(rest);
      current.width += rest.width;
    }
  }
  if (current.parts.length) out.push(current);
  return out;
}

/** Greedy word wrap of runs at a size into lines no wider than maxWidth (points). */
export function layoutRuns(runs: Run[], size: number, maxWidth: number): Line[] {
  const lines: Line[] = [];
  let line: Word[] = [];
  let width = 0;
  const push = () => {
    if (!line.length) return;
    lines.push({ words: line, width: width * size, size, text: lineText(line) });
    line = [];
    width = 0;
  };
  for (const original of toWords(runs)) {
    const words = original.width * size > maxWidth ? splitWord(original, maxWidth, size) : [original];
    for (const word of words) {
      const gap = line.length ? spaceWidth(word.spaceStyle) : 0;
      if (line.length && (width + gap + word.width) * size > maxWidth) push();
      width += (line.length ? spaceWidth(word.spaceStyle) : 0) + word.width;
      line.push(word);
    }
  }
  push();
  return lines;
}

/**
 * Lays runs out at the largest size from `size` down to `minSize` that needs at most
 * `maxLines` lines; below that it keeps `minSize` and lets the text take more lines (text is
 * never cut).
 */
export function fitRuns(
  runs: Run[],
  opts: { size: number; minSize: number; maxWidth: number; maxLines: number; step?: number; balance?: boolean },
): Line[] {
  const step = opts.step ?? 0.5;
  let lines: Line[] = [];
  let size = opts.size;
  for (; size >= opts.minSize - 1e-9; size -= step) {
    lines = layoutRuns(runs, size, opts.maxWidth);
    if (lines.length <= opts.maxLines) break;
  }
  size = Math.max(size, opts.minSize);
  return opts.balance ? balance(runs, size, opts.maxWidth, lines) : lines;
}

/**
 * For centred text: the narrowest width that still needs the same number of lines, so a title
 * breaks into lines of similar length instead of a full line and a stub.
 */
function balance(runs: Run[], size: number, maxWidth: number, lines: Line[]): Line[] {
  if (lines.length < 2) return lines;
  const count = lines.length;
  let lo = maxWidth * 0.4;
  let hi = maxWidth;
  let best = lines;
  for (let i = 0; i < 9; i++) {
    const mid = (lo + hi) / 2;
    const attempt = layoutRuns(runs, size, mid);
    if (attempt.length <= count) {
      best = attempt;
      hi = mid;
    } else {
      lo = mid;
    }
  }
  return best;
}

function lineText(words: Word[]): string {
  return words.map((w) => w.parts.map((p) => p.text).join("")).join(" ");
}

/** Width of plain text in one style, in points. */
export function textWidth(text: string, style: TextStyle, size: number): number {
  return layoutRuns([{ text, style }], size, Number.POSITIVE_INFINITY).reduce((w, l) => Math.max(w, l.width), 0);
}

export function singleLine(text: string, style: TextStyle, size: number): Line {
  return layoutRuns([{ text, style }], size, Number.POSITIVE_INFINITY)[0] ?? { words: [], width: 0, size, text: "" };
}

// ---- Canvas ----------------------------------------------------------------------------------

export type Align = "left" | "center" | "right";

export interface TextOptions {
  color?: Color;
  align?: Align;
  /** Extra space between glyphs, in points (letter-spaced capitals). */
  tracking?: number;
}

function utf16Hex(text: string): string {
  let out = "FEFF";
  for (let i = 0; i < text.length; i++) out += text.charCodeAt(i).toString(16).padStart(4, "0").toUpperCase();
  return out;
}

function glyphCount(line: Line): number {
  let n = 0;
  for (const w of line.words) for (const p of w.parts) for (const s of p.pieces) n += s.gids.length;
  return n + Math.max(0, line.words.length - 1);
}

/** Width of a line including letter spacing. */
export function lineWidth(line: Line, tracking = 0): number {
  return line.width + (tracking ? tracking * Math.max(0, glyphCount(line) - 1) : 0);
}

/** One page: collects content-stream operators, resolves font and XObject resource names. */
export class Canvas {
  private ops: string[] = [];
  private fontKeys = new Map<PdfFont, string>();
  private xKeys = new Map<PDFRef, string>();
  private gsKeys = new Map<PDFRef, string>();
  readonly width: number;
  readonly height: number;

  constructor(
    readonly builder: DocBuilder,
    readonly page: PDFPage,
  ) {
    const { width, height } = page.getSize();
    this.width = width;
    this.height = height;
  }

  raw(op: string): this {
    this.ops.push(op);
    return this;
  }

  save(): this {
    return this.raw("q");
  }

  restore(): this {
    return this.raw("Q");
  }

  fillColor(c: Color): this {
    return this.raw(`${num(c[0])} ${num(c[1])} ${num(c[2])} rg`);
  }

  strokeColor(c: Color): this {
    return this.raw(`${num(c[0])} ${num(c[1])} ${num(c[2])} RG`);
  }

  lineWidth(w: number): this {
    return this.raw(`${num(w)} w`);
  }

  rect(x: number, y: number, w: number, h: number, mode: "f" | "S" | "B"): this {
    return this.raw(`${num(x)} ${num(y)} ${num(w)} ${num(h)} re ${mode}`);
  }

  line(x1: number, y1: number, x2: number, y2: number): this {
    return this.raw(`${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S`);
  }

  /** Circle path (four Bézier arcs) followed by a painting operator. */
  circle(cx: number, cy: number, r: number, mode: "f" | "S" | "B" | "n"): this {
    return this.raw(circlePath(cx, cy, r) + mode);
  }

  /** A diamond (rhombus) centred on (cx, cy). */
  diamond(cx: number, cy: number, rx: number, ry: number, mode: "f" | "S" | "B"): this {
    return this.raw(`${num(cx)} ${num(cy + ry)} m ${num(cx + rx)} ${num(cy)} l ${num(cx)} ${num(cy - ry)} l ${num(cx - rx)} ${num(cy)} l h ${mode}`);
  }

  /** Draws a Form XObject scaled to `size` points wide, centred on (cx, cy). */
  xobject(ref: PDFRef, cx: number, cy: number, scale: number, opacity?: PDFRef): this {
    let key = this.xKeys.get(ref);
    if (!key) {
      key = this.page.node.newXObject("X", ref).toString();
      this.xKeys.set(ref, key);
    }
    this.save();
    if (opacity) this.raw(`${this.gs(opacity)} gs`);
    this.raw(`${num(scale)} 0 0 ${num(scale)} ${num(cx)} ${num(cy)} cm ${key} Do`);
    return this.restore();
  }

  /** Draws an image XObject into the rectangle (x, y, w, h). */
  image(ref: PDFRef, x: number, y: number, w: number, h: number, opacity?: PDFRef): this {
    let key = this.xKeys.get(ref);
    if (!key) {
      key = this.page.node.newXObject("Im", ref).toString();
      this.xKeys.set(ref, key);
    }
    this.save();
    if (opacity) this.raw(`${this.gs(opacity)} gs`);
    this.raw(`${num(w)} 0 0 ${num(h)} ${num(x)} ${num(y)} cm ${key} Do`);
    return this.restore();
  }

  gs(ref: PDFRef): string {
    let key = this.gsKeys.get(ref);
    if (!key) {
      key = this.page.node.newExtGState("GS", ref).toString();
      this.gsKeys.set(ref, key);
    }
    return key;
  }

  private fontKey(font: PdfFont): string {
    let key = this.fontKeys.get(font);
    if (!key) {
      key = this.page.node.newFontDictionary("F", font.ref).toString();
      this.fontKeys.set(font, key);
    }
    return key;
  }

  /**
   * Draws one line of text with its baseline at y. x is the left edge, the centre or the right
   * edge depending on `align`. Returns the line's width.
   */
  drawLine(line: Line, x: number, y: number, opts: TextOptions = {}): number {
    if (!line.words.length) return 0;
    const tracking = opts.tracking ?? 0;
    const width = lineWidth(line, tracking);
    const left = opts.align === "center" ? x - width / 2 : opts.align === "right" ? x - width : x;
    const size = line.size;
    const fonts = this.builder.fonts;
    let out = `/Span <</ActualText <${utf16Hex(line.text)}>>> BDC\nBT\n`;
    if (opts.color) out += `${num(opts.color[0])} ${num(opts.color[1])} ${num(opts.color[2])} rg\n`;
    if (tracking) out += `${num(tracking)} Tc\n`;
    out += `1 0 0 1 ${num(left)} ${num(y)} Tm\n`;
    let currentFont: PdfFont | null = null;
    const emit = (piece: Shaped) => {
      const font = fonts.fontFor(piece);
      if (font !== currentFont) {
        out += `${this.fontKey(font)} ${num(size)} Tf\n`;
        currentFont = font;
      }
      out += showGlyphs(piece, font, size);
    };
    line.words.forEach((word, i) => {
      if (i > 0) for (const p of shapeText(" ", word.spaceStyle)) emit(p);
      for (const part of word.parts) for (const piece of part.pieces) emit(piece);
    });
    if (tracking) out += "0 Tc\n";
    out += "ET\nEMC";
    this.ops.push(out);
    return width;
  }

  /** Draws lines top-down from the first baseline; returns the baseline after the last line. */
  drawLines(lines: Line[], x: number, firstBaseline: number, leading: number, opts: TextOptions = {}): number {
    let y = firstBaseline;
    for (const line of lines) {
      this.drawLine(line, x, y, opts);
      y -= leading;
    }
    return y;
  }

  /** Convenience: one line of plain text. */
  text(text: string, x: number, y: number, style: TextStyle, size: number, opts: TextOptions = {}): number {
    return this.drawLine(singleLine(text, style, size), x, y, opts);
  }

  finish(): void {
    const content = new TextEncoder().encode(this.ops.join("\n"));
    // Level 1: a tenth larger than level 6 for these operator streams, at half the time.
    const compressed = zlibSync(content, { level: 1 });
    const context = this.builder.doc.context;
    const ref = context.register(PDFRawStream.of(context.obj({ Filter: "FlateDecode", Length: compressed.length }), compressed));
    this.page.node.addContentStream(ref);
    this.ops = [];
  }
}

/** TJ/Ts operators that show a shaped piece with its GPOS advances and mark offsets. */
function showGlyphs(piece: Shaped, font: PdfFont, size: number): string {
  const k = piece.face.scale;
  let out = "";
  let items = "";
  let hexRun = "";
  let rise = 0;
  const flushHex = () => {
    if (hexRun) items += `<${hexRun}>`;
    hexRun = "";
  };
  const flushTJ = () => {
    flushHex();
    if (items) out += `[${items}] TJ\n`;
    items = "";
  };
  for (let i = 0; i < piece.gids.length; i++) {
    const dy = piece.dy[i];
    const targetRise = dy ? (dy * k * size) / 1000 : 0;
    if (Math.abs(targetRise - rise) > 1e-6) {
      flushTJ();
      out += `${num(targetRise)} Ts\n`;
      rise = targetRise;
    }
    const dx = piece.dx[i];
    if (dx) {
      flushHex();
      items += ` ${num(-dx * k)} `;
    }
    const cid = font.cid(piece.gids[i], piece.codePoints[i], piece.widths[i]);
    hexRun += cid.toString(16).padStart(4, "0");
    // Pen correction after the glyph: undo the x offset, apply the GPOS advance.
    const adjust = (dx - (piece.advances[i] - piece.widths[i])) * k;
    if (Math.abs(adjust) > 1e-6) {
      flushHex();
      items += ` ${num(adjust)} `;
    }
  }
  flushTJ();
  if (rise) out += "0 Ts\n";
  return out;
}

export function circlePath(cx: number, cy: number, r: number): string {
  const k = 0.5522847498 * r;
  return (
    `${num(cx + r)} ${num(cy)} m ` +
    `${num(cx + r)} ${num(cy + k)} ${num(cx + k)} ${num(cy + r)} ${num(cx)} ${num(cy + r)} c ` +
    `${num(cx - k)} ${num(cy + r)} ${num(cx - r)} ${num(cy + k)} ${num(cx - r)} ${num(cy)} c ` +
    `${num(cx - r)} ${num(cy - k)} ${num(cx - k)} ${num(cy - r)} ${num(cx)} ${num(cy - r)} c ` +
    `${num(cx + k)} ${num(cy - r)} ${num(cx + r)} ${num(cy - k)} ${num(cx + r)} ${num(cy)} c h `
  );
}

