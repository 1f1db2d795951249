/**
 * A small drawing layer over pdf-lib: documents, pages as canvases that collect PDF operators,
 * and paragraph layout (word wrap, mixed regular/bold/italic runs, font fallback) with text
 * drawn as shaped glyphs. Every line of text is wrapped in an /ActualText span, so copying,
 * searching and text extraction give the logical Unicode text even where Devanagari glyphs
 * are stored in visual order.
 */
import { zlibSync } from "fflate";
import { PDFDocument, PDFRawStream, type PDFPage, type PDFRef } from "pdf-lib";
import { paragraphLevels, visualOrder } from "./bidi.server";
import { ResourcesPending } from "./font-files.server";
import { cjkHint, DocumentFonts, fontsReady, glyphOutlines, graphemes, num, pendingOf, piecesWidth, shapeText, trimFonts, type CjkHint, type Outline, type PdfFont, type Shaped, type TextStyle } from "./fonts.server";

export type Color = readonly [number, number, number];

export function hex(color: string): Color {
  const v = parseInt(color.replace("#", ""), 16);
  return [((v >> 16) & 255) / 255, ((v >> 8) & 255) / 255, (v & 255) / 255];
}

export const A4: [number, number] = [595.28, 841.89];
export const A4_LANDSCAPE: [number, number] = [841.89, 595.28];

interface DocumentInfo {
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
export const DOCUMENTS_VERSION = 3;

/**
 * Documents this isolate has finished building. Read by tests to show that a response was (or
 * was not) built, and when — e.g. that zip entries are built only as the client reads them.
 */
export const documentBuilds = { count: 0 };

/** A PDF under construction: pages, fonts and shared objects of one document. */
export class DocBuilder {
  readonly fonts: DocumentFonts;
  /** Text met before its face was loaded: the build is run again once it is (withFonts). */
  readonly pendingPieces: Shaped[] = [];
  private pages: Canvas[] = [];
  private shared = new Map<string, PDFRef>();

  readonly doc: PDFDocument;
  private constructor(doc: PDFDocument) {
    this.doc = doc;
    this.fonts = new DocumentFonts(doc);
  }

  static async create(info: DocumentInfo): Promise<DocBuilder> {
    await fontsReady();
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
    const pending = pendingOf(this.pendingPieces);
    if (pending) throw pending;
    for (const page of this.pages) page.finish();
    this.fonts.embedAll();
    const bytes = await this.doc.save({ useObjectStreams: false, objectsPerTick: Number.POSITIVE_INFINITY, addDefaultPage: false });
    documentBuilds.count++;
    return bytes;
  }
}

let activeBuilds = 0;

/**
 * Runs a document build with its fonts: the first build in an isolate that meets a face not
 * loaded yet lays out with stand-ins and throws ResourcesPending at save; the faces are loaded
 * and the (pure) build runs again — so a document reads only the font files it draws, and
 * later documents build in one pass. Unused faces are unloaded between builds when the
 * isolate holds more font bytes than its budget.
 */
export async function withFonts<T>(build: () => Promise<T> | T): Promise<T> {
  if (activeBuilds === 0) trimFonts();
  activeBuilds++;
  try {
    for (let attempt = 0; ; attempt++) {
      await fontsReady();
      try {
        return await build();
      } catch (error) {
        if (!(error instanceof ResourcesPending) || attempt >= 6) throw error;
        await error.load();
      }
    }
  } finally {
    activeBuilds--;
  }
}

/**
 * The shaped pieces of a line in the order they are drawn, left to right: logical order with
 * right-to-left runs (rule L2 of the bidi algorithm) reversed.
 */
export function visualPieces(line: Line): Shaped[] {
  const items: Shaped[] = [];
  line.words.forEach((word, i) => {
    if (i > 0) for (const p of shapeText(" ", word.spaceStyle)) items.push(word.spaceLevel ? { ...p, level: word.spaceLevel } : p);
    for (const part of word.parts) items.push(...part.pieces);
  });
  return visualOrder(items);
}

/** Glyph outlines of a text in one style, in visual order (the seal draws them as vectors). */
export function textOutlines(text: string, style: TextStyle): Outline[] {
  return glyphOutlines(visualPieces(singleLine(text, style, 1)));
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
  /** Bidi level of each UTF-16 unit of `text` (null: all left to right). */
  levels: Uint8Array | null;
  /** The paragraph's CJK family order. */
  hint: CjkHint;
  pieces: Shaped[];
  /** Width at size 1. */
  width: number;
}

interface Word {
  parts: Part[];
  width: number;
  /** Style of the space that precedes this word. */
  spaceStyle: TextStyle;
  /** Bidi level of that space. */
  spaceLevel: number;
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

function makePart(text: string, style: TextStyle, levels: Uint8Array | null, hint: CjkHint): Part {
  const pieces = shapeText(text, style, levels, hint);
  return { text, style, levels, hint, pieces, width: piecesWidth(pieces, 1) };
}

/**
 * Splits runs into words; words may mix styles ("<i>Oryza</i>-based"). The text is set in NFC
 * (a name typed with combining accents prints like its precomposed twin) and, when it holds
 * right-to-left script, the paragraph's bidi levels travel with each part.
 */
function toWords(runs: Run[]): Word[] {
  const texts = runs.map((run) => run.text.normalize("NFC").replace(/\s+/g, " "));
  const paragraph = texts.join("");
  const levels = paragraphLevels(paragraph);
  const hint = cjkHint(paragraph);
  const words: Word[] = [];
  let current: Word | null = null;
  let offset = 0;
  runs.forEach((run, r) => {
    const chunks = texts[r].split(" ");
    chunks.forEach((chunk, i) => {
      if (i > 0) {
        current = null; // a space ends the word
        offset += 1;
      }
      if (chunk) {
        if (!current) {
          current = { parts: [], width: 0, spaceStyle: run.style, spaceLevel: levels && offset > 0 ? levels[offset - 1] : 0 };
          words.push(current);
        }
        const part = makePart(chunk, run.style, levels ? levels.subarray(offset, offset + chunk.length) : null, hint);
        current.parts.push(part);
        current.width += part.width;
      }
      offset += chunk.length;
    });
  });
  return words;
}

const wordSegmenter = new Intl.Segmenter(undefined, { granularity: "word" });

/**
 * Where a word too wide for the line may break: between the words of scripts written without
 * spaces (Thai, Chinese, Japanese: the runtime's dictionary segmentation), and inside one only
 * at grapheme boundaries.
 */
function breakUnits(text: string): string[] {
  const units: string[] = [];
  for (const { segment } of wordSegmenter.segment(text)) units.push(segment);
  return units;
}

/** Breaks a word wider than the line into pieces, each no wider than maxWidth. */
function splitWord(word: Word, maxWidth: number, size: number): Word[] {
  const out: Word[] = [];
  let current: Word = { parts: [], width: 0, spaceStyle: word.spaceStyle, spaceLevel: word.spaceLevel };
  for (const part of word.parts) {
    let start = 0; // start of the chunk not yet placed, in part.text
    let pos = 0;
    let chunkWidth = 0;
    const close = (end: number) => {
      if (end <= start) return;
      const done = makePart(part.text.slice(start, end), part.style, part.levels ? part.levels.subarray(start, end) : null, part.hint);
      current.parts.push(done);
      current.width += done.width;
      start = end;
      chunkWidth = 0;
    };
    const units = breakUnits(part.text).flatMap((u) => {
      const w = makePart(u, part.style, null, part.hint).width;
      return w * size > maxWidth ? graphemes(u) : [u];
    });
    for (const unit of units) {
      const w = makePart(unit, part.style, null, part.hint).width;
      if (pos > start && (current.width + chunkWidth + w) * size > maxWidth) {
        close(pos);
        out.push(current);
        current = { parts: [], width: 0, spaceStyle: part.style, spaceLevel: word.spaceLevel };
      } else if (pos === start && current.parts.length && (current.width + w) * size > maxWidth) {
        out.push(current);
        current = { parts: [], width: 0, spaceStyle: part.style, spaceLevel: word.spaceLevel };
      }
      chunkWidth += w;
      pos += unit.length;
    }
    close(pos);
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

type Align = "left" | "center" | "right";

interface TextOptions {
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

  readonly builder: DocBuilder;
  readonly page: PDFPage;
  constructor(builder: DocBuilder, page: PDFPage) {
    this.builder = builder;
    this.page = page;
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
    return this.place(ref, "X", scale, scale, cx, cy, opacity);
  }

  /** Draws an image XObject into the rectangle (x, y, w, h). */
  image(ref: PDFRef, x: number, y: number, w: number, h: number, opacity?: PDFRef): this {
    return this.place(ref, "Im", w, h, x, y, opacity);
  }

  /** Paints an XObject (named once per page with `prefix`) scaled by (sx, sy) and moved to (x, y). */
  private place(ref: PDFRef, prefix: string, sx: number, sy: number, x: number, y: number, opacity?: PDFRef): this {
    let key = this.xKeys.get(ref);
    if (!key) {
      key = this.page.node.newXObject(prefix, ref).toString();
      this.xKeys.set(ref, key);
    }
    this.save();
    if (opacity) this.raw(`${this.gs(opacity)} gs`);
    this.raw(`${num(sx)} 0 0 ${num(sy)} ${num(x)} ${num(y)} cm ${key} Do`);
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
      if (piece.pending) {
        this.builder.pendingPieces.push(piece);
        return;
      }
      const font = fonts.fontFor(piece);
      if (font !== currentFont) {
        out += `${this.fontKey(font)} ${num(size)} Tf\n`;
        currentFont = font;
      }
      out += showGlyphs(piece, font, size);
    };
    for (const piece of visualPieces(line)) emit(piece);
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

