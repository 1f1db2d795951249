/**
 * Fonts of the PDF documents.
 *
 * Noto Serif Devanagari (Latin + Devanagari in one face, regular and bold) carries the text;
 * Noto Serif's Latin italic carries the italic parts of titles; small Noto Serif subsets (Latin
 * symbols such as ± µ ², Latin Extended such as ṛ ṣ, Greek, sub/superscripts) and a vendored
 * DejaVu Serif subset (≤ ≥ → ⇌ ∞ ‰ † ‡) fill in characters the main faces lack. The font files
 * come from npm packages (and app/documents/fonts/) and are inlined into the Worker bundle by Vite's
 * `?inline` import (a base64 data URL), which works the same in `vite build` and in vitest.
 *
 * Text is shaped with fontkit (OpenType GSUB/GPOS: Devanagari reordering, conjuncts, matras,
 * reph, mark positioning, Latin kerning and ligatures) and embedded as TrueType CID fonts
 * (Identity-H) with a ToUnicode map.
 *
 * Cost model — everything expensive happens once per isolate, not per document:
 * - each face is decoded and parsed on first use, and shaping results are memoised;
 * - each main face has a pre-built "base" subset (Basic Latin, Latin-1, Latin Extended-A and
 *   typographic punctuation), encoded and deflated once; a document whose text stays inside it
 *   (every Latin-name certificate) embeds those cached bytes as they are;
 * - only glyphs outside the base (Devanagari names, Greek letters…) go into a per-document
 *   subset, which is encoded and deflated for that document alone.
 */
import fontkit from "@pdf-lib/fontkit";
import type { Font as FontkitFont, Subset } from "@pdf-lib/fontkit";
import { unzlibSync, zlibSync } from "fflate";
import { PDFObject, PDFRawStream, PDFString, type PDFDocument, type PDFRef } from "pdf-lib";
import regeneratorRuntime from "regenerator-runtime";
import boldSource from "@expo-google-fonts/noto-serif-devanagari/700Bold/NotoSerifDevanagari_700Bold.ttf?inline";
import regularSource from "@expo-google-fonts/noto-serif-devanagari/400Regular/NotoSerifDevanagari_400Regular.ttf?inline";
import greekItalicSource from "@fontsource/noto-serif/files/noto-serif-greek-400-italic.woff?inline";
import greekSource from "@fontsource/noto-serif/files/noto-serif-greek-400-normal.woff?inline";
import italicSource from "@fontsource/noto-serif/files/noto-serif-latin-400-italic.woff?inline";
import latinExtSource from "@fontsource/noto-serif/files/noto-serif-latin-ext-400-normal.woff?inline";
import latinSource from "@fontsource/noto-serif/files/noto-serif-latin-400-normal.woff?inline";
import mathSource from "@fontsource/noto-serif/files/noto-serif-math-400-normal.woff?inline";
import symbolsSource from "./fonts/symbols-serif.ttf?inline";

// fontkit's Indic shaper runs a state machine compiled with regenerator; it expects the runtime
// as a global. Set once, before any shaping.
(globalThis as { regeneratorRuntime?: unknown }).regeneratorRuntime ??= regeneratorRuntime;

export type TextStyle = "regular" | "bold" | "italic";
type FaceId = "regular" | "bold" | "italic" | "latin" | "latinExt" | "greek" | "greekItalic" | "math" | "symbols";

/** Characters the base subsets cover: what nearly every document uses. */
const BASE_TEXT = (() => {
  let s = "";
  for (let c = 0x20; c <= 0x7e; c++) s += String.fromCharCode(c);
  for (let c = 0xa0; c <= 0x17f; c++) s += String.fromCharCode(c);
  return `${s}‐‑–—‘’‚“”„†•…‰′″‹›€₹™−`;
})();
/** Ligatures the Latin faces form; their glyphs belong in the base subsets too. */
const LIGATURE_SEEDS = ["ff", "fi", "fl", "ffi", "ffl", "ft", "fj"];

/**
 * Invisible characters dropped rather than drawn. Everything else a title or name really holds
 * has a glyph in some face: sub/superscripts (U+2070–209F) from Noto Serif's math subset, arrows,
 * relations, ∞, ‰, † and ‡ from a DejaVu Serif subset (each parsed only when a document needs it).
 */
const SUBSTITUTES: Record<string, string> = {
  "\u00ad": "", "\ufeff": "", "\u200b": "",
};

/** A shaped piece of text in one face: glyph ids and positions in font units. */
export interface Shaped {
  face: Face;
  text: string;
  gids: number[];
  /** hmtx advance of each glyph (what the PDF W array says). */
  widths: number[];
  /** GPOS-adjusted advance of each glyph (kerning, zeroed marks). */
  advances: number[];
  dx: number[];
  dy: number[];
  /** Code points each glyph stands for (ligatures and conjuncts: several). */
  codePoints: number[][];
  /** Total advance in font units. */
  width: number;
  /** Whether every glyph is in the face's pre-built base subset (decided lazily). */
  inBase?: boolean;
}

interface BaseSubset {
  /** The W array, serialised once. */
  widthsObject: RawObject;
  tag: string;
  map: Map<number, number>;
  fontFile: Uint8Array;
  fontFileLength: number;
  toUnicode: Uint8Array;
  widths: number[];
}

/**
 * A bounded memo that forgets gradually: when the current generation is full it becomes the
 * old one (the previous old one is dropped), and a hit in the old generation moves back into
 * the current one. Emptying the whole memo when full made every long document (a 200-article
 * index page alone shapes thousands of distinct words) and every document after a big zip
 * start cold; here what is used keeps being found. At most 2 × `size` entries.
 */
export class GenerationalCache<V> {
  private current = new Map<string, V>();
  private old = new Map<string, V>();
  constructor(private readonly size: number) {}

  get(key: string): V | undefined {
    const hit = this.current.get(key);
    if (hit !== undefined) return hit;
    const aged = this.old.get(key);
    if (aged !== undefined) this.set(key, aged);
    return aged;
  }

  set(key: string, value: V): void {
    if (this.current.size >= this.size) {
      this.old = this.current;
      this.current = new Map();
    }
    this.current.set(key, value);
  }

  get entries(): number {
    return this.current.size + this.old.size;
  }
}

/** Entries per generation of the shaping memos (a few hundred bytes each). */
const SHAPE_CACHE_GENERATION = 12_000;

function dataUrlBytes(url: string): Uint8Array {
  const base64 = url.slice(url.indexOf(",") + 1);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Unpacks a WOFF 1.0 font into a plain sfnt (TrueType) file. fontkit reads WOFF directly but
 * inflates a table again on every access — the whole glyf table once per glyph — which makes
 * subsetting a WOFF face hundreds of times slower than subsetting the same font as TTF.
 */
export function woffToSfnt(woff: Uint8Array): Uint8Array {
  const view = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  if (view.getUint32(0) !== 0x774f4646) return woff; // not 'wOFF'
  const flavor = view.getUint32(4);
  const numTables = view.getUint16(12);
  const tables: { tag: number; checksum: number; data: Uint8Array }[] = [];
  for (let i = 0; i < numTables; i++) {
    const e = 44 + i * 20;
    const tag = view.getUint32(e);
    const offset = view.getUint32(e + 4);
    const compLength = view.getUint32(e + 8);
    const origLength = view.getUint32(e + 12);
    const checksum = view.getUint32(e + 16);
    const raw = woff.subarray(offset, offset + compLength);
    tables.push({ tag, checksum, data: compLength < origLength ? unzlibSync(raw) : raw });
  }
  tables.sort((a, b) => a.tag - b.tag);
  let entrySelector = 0;
  while (1 << (entrySelector + 1) <= numTables) entrySelector++;
  const searchRange = (1 << entrySelector) * 16;
  let size = 12 + numTables * 16;
  for (const t of tables) size += (t.data.length + 3) & ~3;
  const out = new Uint8Array(size);
  const o = new DataView(out.buffer);
  o.setUint32(0, flavor);
  o.setUint16(4, numTables);
  o.setUint16(6, searchRange);
  o.setUint16(8, entrySelector);
  o.setUint16(10, numTables * 16 - searchRange);
  let offset = 12 + numTables * 16;
  tables.forEach((t, i) => {
    const r = 12 + i * 16;
    o.setUint32(r, t.tag);
    o.setUint32(r + 4, t.checksum);
    o.setUint32(r + 8, offset);
    o.setUint32(r + 12, t.data.length);
    out.set(t.data, offset);
    offset += (t.data.length + 3) & ~3;
  });
  return out;
}

function subsetTag(seed: string): string {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  let tag = "";
  for (let i = 0; i < 6; i++) {
    tag += String.fromCharCode(65 + ((h >>> (i * 5)) & 31) % 26);
  }
  return tag;
}

export class Face {
  private parsed: FontkitFont | null = null;
  private shapes = new GenerationalCache<Shaped>(SHAPE_CACHE_GENERATION);
  private coverage = new Map<number, boolean>();
  private baseSubset: BaseSubset | null | undefined;

  constructor(
    readonly id: FaceId,
    private readonly source: string,
    private readonly withBase: boolean,
  ) {}

  get font(): FontkitFont {
    if (!this.parsed) this.parsed = fontkit.create(woffToSfnt(dataUrlBytes(this.source)));
    return this.parsed;
  }

  get postscriptName(): string {
    return (this.font.postscriptName || `Font-${this.id}`).replace(/[^A-Za-z0-9-]/g, "");
  }

  get scale(): number {
    return 1000 / this.font.unitsPerEm;
  }

  covers(codePoint: number): boolean {
    let known = this.coverage.get(codePoint);
    if (known === undefined) {
      known = this.font.hasGlyphForCodePoint(codePoint);
      this.coverage.set(codePoint, known);
    }
    return known;
  }

  /** OpenType layout of `text`, memoised per isolate (static phrases repeat in every document). */
  shape(text: string): Shaped {
    const cached = this.shapes.get(text);
    if (cached) return cached;
    const run = this.font.layout(text);
    const n = run.glyphs.length;
    const shaped: Shaped = {
      face: this,
      text,
      gids: new Array(n),
      widths: new Array(n),
      advances: new Array(n),
      dx: new Array(n),
      dy: new Array(n),
      codePoints: new Array(n),
      width: 0,
    };
    for (let i = 0; i < n; i++) {
      const glyph = run.glyphs[i];
      const pos = run.positions[i];
      shaped.gids[i] = glyph.id;
      shaped.widths[i] = glyph.advanceWidth;
      shaped.advances[i] = pos.xAdvance;
      shaped.dx[i] = pos.xOffset;
      shaped.dy[i] = pos.yOffset;
      shaped.codePoints[i] = glyph.codePoints;
      shaped.width += pos.xAdvance;
    }
    this.shapes.set(text, shaped);
    return shaped;
  }

  /** The pre-built base subset of this face (built on first use), or null for fallback faces. */
  base(): BaseSubset | null {
    if (this.baseSubset !== undefined) return this.baseSubset;
    if (!this.withBase) return (this.baseSubset = null);
    const font = this.font;
    const subset = font.createSubset();
    const map = new Map<number, number>([[0, 0]]);
    const unicode = new Map<number, number[]>();
    const include = (gid: number, codePoints: number[]) => {
      if (!map.has(gid)) map.set(gid, subset.includeGlyph(gid));
      const id = map.get(gid)!;
      if (!unicode.has(id) && codePoints.length) unicode.set(id, codePoints);
    };
    for (const ch of BASE_TEXT) {
      const cp = ch.codePointAt(0)!;
      if (font.hasGlyphForCodePoint(cp)) include(font.glyphForCodePoint(cp).id, [cp]);
    }
    for (const seed of LIGATURE_SEEDS) {
      const run = font.layout(seed);
      run.glyphs.forEach((g) => include(g.id, g.codePoints));
    }
    const { bytes } = encodeSubset(subset);
    const widths: number[] = [];
    for (const [gid, id] of map) widths[id] = font.getGlyph(gid).advanceWidth * this.scale;
    // Composite glyphs pull their components into the subset; those need widths too.
    for (let id = 0; id < widths.length; id++) widths[id] ??= 0;
    this.baseSubset = {
      widthsObject: new RawObject(widthsArray(widths)),
      tag: subsetTag(`${this.postscriptName}:base`),
      map,
      fontFile: zlibSync(bytes, { level: 6 }),
      fontFileLength: bytes.length,
      toUnicode: zlibSync(new TextEncoder().encode(toUnicodeCMap(unicode)), { level: 6 }),
      widths,
    };
    return this.baseSubset;
  }
}

const faces: Record<FaceId, Face> = {
  regular: new Face("regular", regularSource, true),
  bold: new Face("bold", boldSource, true),
  italic: new Face("italic", italicSource, true),
  latin: new Face("latin", latinSource, false),
  latinExt: new Face("latinExt", latinExtSource, false),
  greek: new Face("greek", greekSource, false),
  greekItalic: new Face("greekItalic", greekItalicSource, false),
  math: new Face("math", mathSource, false),
  // Vendored DejaVu Serif subset (app/documents/fonts/README.md): ≤ ≥ → ⇌ ∞ † ‡ ‰ and kin.
  symbols: new Face("symbols", symbolsSource, false),
};

/** Which faces a style tries, in order, for each character. */
const CHAINS: Record<TextStyle, Face[]> = {
  regular: [faces.regular, faces.latin, faces.latinExt, faces.greek, faces.math, faces.symbols],
  bold: [faces.bold, faces.regular, faces.latin, faces.latinExt, faces.greek, faces.math, faces.symbols],
  italic: [faces.italic, faces.greekItalic, faces.regular, faces.latin, faces.latinExt, faces.greek, faces.math, faces.symbols],
};

// Marks, joiners and selectors stay in the face of the character they modify.
const CLINGS = /^[\p{M}\u200c\u200d\ufe00-\ufe0f]$/u;

const wordCache = new GenerationalCache<Shaped[]>(SHAPE_CACHE_GENERATION);

/**
 * Shapes one word (or any text without line breaks) in a style: splits it into pieces by
 * which face has the glyphs, then shapes each piece. Memoised per isolate.
 */
export function shapeText(text: string, style: TextStyle): Shaped[] {
  const key = `${style}\u0000${text}`;
  const cached = wordCache.get(key);
  if (cached) return cached;
  const chain = CHAINS[style];
  const pieces: Shaped[] = [];
  let current: Face | null = null;
  let buffer = "";
  const flush = () => {
    if (buffer && current) pieces.push(current.shape(buffer));
    buffer = "";
  };
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    let face: Face | undefined;
    if (current && CLINGS.test(ch)) face = current;
    else face = chain.find((f) => f.covers(cp));
    if (!face) {
      const substitute = SUBSTITUTES[ch];
      if (substitute !== undefined) {
        for (const sub of substitute) {
          const f = chain.find((candidate) => candidate.covers(sub.codePointAt(0)!)) ?? chain[0];
          if (f !== current) flush();
          current = f;
          buffer += sub;
        }
        continue;
      }
      face = chain[0];
      if (face !== current) flush();
      current = face;
      buffer += "?";
      continue;
    }
    if (face !== current) flush();
    current = face;
    buffer += ch;
  }
  flush();
  wordCache.set(key, pieces);
  return pieces;
}

/** Width of shaped pieces at a font size, in points. */
export function piecesWidth(pieces: Shaped[], size: number): number {
  let w = 0;
  for (const p of pieces) w += (p.width * p.face.scale * size) / 1000;
  return w;
}

/** A glyph's outline as PDF path operators at the origin, and its advance (both at size 1). */
export interface Outline {
  ops(size: number): string;
  advance: number;
}

/** Outlines of the glyphs of `text` (for the seal: curved text and the monogram as vectors). */
export function glyphOutlines(style: TextStyle, text: string): Outline[] {
  const out: Outline[] = [];
  for (const piece of shapeText(text, style)) {
    const font = piece.face.font;
    const upm = font.unitsPerEm;
    for (let i = 0; i < piece.gids.length; i++) {
      const path = font.getGlyph(piece.gids[i]).path as unknown as { commands: { command: string; args: number[] }[] };
      const dx = piece.dx[i];
      const dy = piece.dy[i];
      out.push({
        advance: piece.advances[i] / upm,
        ops: (size) => pathToPdf(path, (dx * size) / upm, (dy * size) / upm, size / upm),
      });
    }
  }
  return out;
}

function pathToPdf(path: { commands: { command: string; args: number[] }[] }, ox: number, oy: number, k: number): string {
  const f = (n: number) => num(n);
  let out = "";
  let cx = 0;
  let cy = 0;
  for (const { command, args } of path.commands) {
    if (command === "moveTo") {
      [cx, cy] = args;
      out += `${f(ox + cx * k)} ${f(oy + cy * k)} m\n`;
    } else if (command === "lineTo") {
      [cx, cy] = args;
      out += `${f(ox + cx * k)} ${f(oy + cy * k)} l\n`;
    } else if (command === "quadraticCurveTo") {
      const [qx, qy, x, y] = args;
      const c1x = cx + (2 / 3) * (qx - cx);
      const c1y = cy + (2 / 3) * (qy - cy);
      const c2x = x + (2 / 3) * (qx - x);
      const c2y = y + (2 / 3) * (qy - y);
      out += `${f(ox + c1x * k)} ${f(oy + c1y * k)} ${f(ox + c2x * k)} ${f(oy + c2y * k)} ${f(ox + x * k)} ${f(oy + y * k)} c\n`;
      cx = x;
      cy = y;
    } else if (command === "bezierCurveTo") {
      const [a, b, c, d, x, y] = args;
      out += `${f(ox + a * k)} ${f(oy + b * k)} ${f(ox + c * k)} ${f(oy + d * k)} ${f(ox + x * k)} ${f(oy + y * k)} c\n`;
      cx = x;
      cy = y;
    } else if (command === "closePath") {
      out += "h\n";
    }
  }
  return out;
}

/** A number for a content stream: at most 3 decimals, no exponent, no trailing zeros. */
export function num(n: number): string {
  const r = Math.round(n * 1000) / 1000;
  return r === 0 ? "0" : String(r);
}

// ---- Embedding ------------------------------------------------------------------------------

type EncodeStream = { push(chunk: Uint8Array | null): boolean; flush(): void };
let EncodeStreamClass: (new () => EncodeStream) | null = null;

/**
 * Encodes a subset synchronously. fontkit's own encodeStream() defers the work to a timer;
 * we borrow its stream class once (from a throw-away .notdef-only subset) and call encode()
 * directly, capturing the chunks it pushes.
 */
function encodeSubset(subset: Subset): { bytes: Uint8Array } {
  if (!EncodeStreamClass) {
    const probe = faces.latin.font.createSubset().encodeStream() as unknown as EncodeStream;
    EncodeStreamClass = probe.constructor as new () => EncodeStream;
  }
  const stream = new EncodeStreamClass();
  const parts: Uint8Array[] = [];
  stream.push = (chunk) => {
    if (chunk) parts.push(chunk);
    return true;
  };
  (subset as unknown as { encode(s: EncodeStream): void }).encode(stream);
  stream.flush();
  let length = 0;
  for (const p of parts) length += p.length;
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const p of parts) {
    bytes.set(p, offset);
    offset += p.length;
  }
  return { bytes };
}

/** The CIDFont W array for CIDs 0..n-1: "[0 [w0 w1 …]]". */
function widthsArray(widths: number[]): string {
  return `[0 [${widths.map((x) => Math.round(x)).join(" ")}]]`;
}

/** A PDF object written as pre-serialised text (used for large arrays built once per isolate). */
class RawObject extends PDFObject {
  private readonly bytes: Uint8Array;
  constructor(private readonly text: string) {
    super();
    this.bytes = new TextEncoder().encode(text);
  }
  clone(): RawObject {
    return this;
  }
  toString(): string {
    return this.text;
  }
  sizeInBytes(): number {
    return this.bytes.length;
  }
  copyBytesInto(buffer: Uint8Array, offset: number): number {
    buffer.set(this.bytes, offset);
    return this.bytes.length;
  }
}

function hex4(n: number): string {
  return n.toString(16).padStart(4, "0");
}

function utf16Hex(codePoints: number[]): string {
  let out = "";
  for (const cp of codePoints) {
    if (cp > 0xffff) {
      const v = cp - 0x10000;
      out += hex4(0xd800 + (v >> 10)) + hex4(0xdc00 + (v & 0x3ff));
    } else {
      out += hex4(cp);
    }
  }
  return out;
}

function toUnicodeCMap(map: Map<number, number[]>): string {
  const entries = [...map.entries()].filter(([, cps]) => cps.length).sort((a, b) => a[0] - b[0]);
  let body = "";
  for (let i = 0; i < entries.length; i += 100) {
    const chunk = entries.slice(i, i + 100);
    body += `${chunk.length} beginbfchar\n${chunk.map(([id, cps]) => `<${hex4(id)}> <${utf16Hex(cps)}>`).join("\n")}\nendbfchar\n`;
  }
  return `/CIDInit /ProcSet findresource begin
12 dict begin
begincmap
/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
/CMapName /Adobe-Identity-UCS def
/CMapType 2 def
1 begincodespacerange
<0000> <FFFF>
endcodespacerange
${body}endcmap
CMapName currentdict /CMap defineresource pop
end
end`;
}

/** One PDF font object of a document: the face's base subset or a per-document subset. */
export class PdfFont {
  readonly ref: PDFRef;
  private subset: Subset | null = null;
  private ids = new Map<number, number>();
  private unicode = new Map<number, number[]>();
  private widths: number[] = [];

  constructor(
    doc: PDFDocument,
    readonly face: Face,
    readonly kind: "base" | "dynamic",
  ) {
    this.ref = doc.context.nextRef();
    if (kind === "dynamic") {
      this.subset = face.font.createSubset();
      this.ids.set(0, 0);
      this.widths[0] = face.font.getGlyph(0).advanceWidth * face.scale;
    }
  }

  /** CID of a glyph of this face in this PDF font. */
  cid(gid: number, codePoints: number[], width: number): number {
    if (this.kind === "base") return this.face.base()!.map.get(gid) ?? 0;
    let id = this.ids.get(gid);
    if (id === undefined) {
      id = this.subset!.includeGlyph(gid);
      this.ids.set(gid, id);
      this.widths[id] = width * this.face.scale;
    }
    if (codePoints.length && !this.unicode.has(id)) this.unicode.set(id, codePoints);
    return id;
  }

  embed(doc: PDFDocument): void {
    const context = doc.context;
    const face = this.face;
    const font = face.font;
    const k = face.scale;
    let fontFile: Uint8Array;
    let fontFileLength: number;
    let toUnicode: Uint8Array;
    let widths: number[];
    let tag: string;
    if (this.kind === "base") {
      const base = face.base()!;
      ({ fontFile, fontFileLength, toUnicode, widths, tag } = base);
    } else {
      const { bytes } = encodeSubset(this.subset!);
      fontFile = zlibSync(bytes, { level: 6 });
      fontFileLength = bytes.length;
      toUnicode = zlibSync(new TextEncoder().encode(toUnicodeCMap(this.unicode)), { level: 6 });
      widths = this.widths;
      // Components of composite glyphs were added during encoding; give them a width.
      for (let id = 0; id < widths.length; id++) widths[id] ??= 0;
      tag = subsetTag(`${face.postscriptName}:${[...this.ids.keys()].join(",")}`);
    }
    const baseFont = `${tag}+${face.postscriptName}`;
    const fontFileRef = context.register(
      PDFRawStream.of(context.obj({ Filter: "FlateDecode", Length: fontFile.length, Length1: fontFileLength }), fontFile),
    );
    const toUnicodeRef = context.register(
      PDFRawStream.of(context.obj({ Filter: "FlateDecode", Length: toUnicode.length }), toUnicode),
    );
    const bbox = font.bbox;
    const descriptorRef = context.register(
      context.obj({
        Type: "FontDescriptor",
        FontName: baseFont,
        // Serif (2) + Symbolic (3) — symbolic because the glyphs are addressed by CID.
        Flags: (1 << 1) | (1 << 2) | (font.italicAngle ? 1 << 6 : 0),
        FontBBox: [bbox.minX * k, bbox.minY * k, bbox.maxX * k, bbox.maxY * k].map(Math.round),
        ItalicAngle: font.italicAngle,
        Ascent: Math.round(font.ascent * k),
        Descent: Math.round(font.descent * k),
        CapHeight: Math.round((font.capHeight || font.ascent) * k),
        XHeight: Math.round((font.xHeight || 0) * k),
        StemV: 80,
        FontFile2: fontFileRef,
      }),
    );
    const w = this.kind === "base" ? face.base()!.widthsObject : new RawObject(widthsArray(widths));
    const cidFontRef = context.register(
      context.obj({
        Type: "Font",
        Subtype: "CIDFontType2",
        BaseFont: baseFont,
        CIDSystemInfo: { Registry: PDFString.of("Adobe"), Ordering: PDFString.of("Identity"), Supplement: 0 },
        FontDescriptor: descriptorRef,
        W: w,
        CIDToGIDMap: "Identity",
      }),
    );
    context.assign(
      this.ref,
      context.obj({
        Type: "Font",
        Subtype: "Type0",
        BaseFont: baseFont,
        Encoding: "Identity-H",
        DescendantFonts: [cidFontRef],
        ToUnicode: toUnicodeRef,
      }),
    );
  }
}

/** The PDF fonts one document uses, created on demand and embedded before saving. */
export class DocumentFonts {
  private fonts = new Map<string, PdfFont>();

  constructor(private readonly doc: PDFDocument) {}

  /** The PDF font that can show this shaped piece. */
  fontFor(piece: Shaped): PdfFont {
    const face = piece.face;
    if (piece.inBase === undefined) {
      const base = face.base();
      piece.inBase = !!base && piece.gids.every((g) => base.map.has(g));
    }
    const kind = piece.inBase ? "base" : "dynamic";
    const key = `${face.id}:${kind}`;
    let font = this.fonts.get(key);
    if (!font) {
      font = new PdfFont(this.doc, face, kind);
      this.fonts.set(key, font);
    }
    return font;
  }

  embedAll(): void {
    for (const font of this.fonts.values()) font.embed(this.doc);
  }
}

