/**
 * Fonts of the PDF documents: which face draws each character, shaping, and embedding.
 *
 * Noto Serif Devanagari (Latin + Devanagari in one face, regular and bold) carries the text;
 * Noto Serif's italic the italic parts of titles. Characters those lack come from further faces,
 * tried in order per style (scripts/fonts/prepare.mjs lists them): Noto Serif's Vietnamese,
 * Greek, Cyrillic and symbol subsets, a DejaVu Serif subset (≤ ≥ → ∞ ‰ † ‡), then one Noto face
 * per script — Naskh Arabic (Arabic, Persian, Urdu), Hebrew, Thai, Bengali, Gurmukhi, Gujarati,
 * Oriya, Tamil, Telugu, Kannada, Malayalam — and Noto Serif SC/TC/JP/KR in their unicode-range
 * slices. The files are static assets read on first use (font-files.server.ts, ADR 026); a face
 * is chosen for a character from the manifest's coverage, before any font is read.
 *
 * Text is shaped with fontkit (OpenType GSUB/GPOS: Indic reordering, conjuncts, matras, reph,
 * split vowels; Arabic joining forms; Thai marks; mark positioning; Latin kerning and
 * ligatures), right-to-left runs in their own direction (bidi.server.ts), and embedded as
 * TrueType CID fonts (Identity-H) with a ToUnicode map.
 *
 * Cost model — everything expensive happens once per isolate, not per document:
 * - each face is read and parsed on first use, and shaping results are memoised;
 * - each main face has a pre-built "base" subset (Basic Latin, Latin-1, Latin Extended-A and
 *   typographic punctuation), encoded and deflated once; a document whose text stays inside it
 *   (every Latin-name certificate) embeds those cached bytes as they are;
 * - only glyphs outside the base (Devanagari names, Greek letters, CJK…) go into a per-document
 *   subset, which is encoded and deflated for that document alone.
 */
import fontkit from "@pdf-lib/fontkit";
import type { Font as FontkitFont, Subset } from "@pdf-lib/fontkit";
import { zlibSync } from "fflate";
import { PDFObject, PDFRawStream, PDFString, type PDFDocument, type PDFRef } from "pdf-lib";
import regeneratorRuntime from "regenerator-runtime";
import { cjkHint, type CjkHint } from "../lib/cjk";
import { woffToSfnt } from "../lib/woff";
import { mirrored } from "./bidi.server";
import { fontFile, fontManifest, loadedManifest, ResourcesPending, type FontManifest } from "./font-files.server";

// fontkit's Indic shaper runs a state machine compiled with regenerator; it expects the runtime
// as a global. Set once, before any shaping.
(globalThis as { regeneratorRuntime?: unknown }).regeneratorRuntime ??= regeneratorRuntime;

export type TextStyle = "regular" | "bold" | "italic";

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
 * Invisible characters dropped rather than drawn: soft hyphen, BOM, zero-width space and the
 * bidi controls (their work is done when the line's levels are resolved).
 */
const DROPPED = /[\u00ad\ufeff\u200b\u200e\u200f\u202a-\u202e\u2066-\u2069\u061c]/;
/** Joiners and variation selectors: kept for shaping, never the reason to pick a face. */
const IGNORABLE = /^[\u200c\u200d\u034f\ufe00-\ufe0f]$|^\udb40[\udd00-\uddef]$/;

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
  /** Bidi embedding level: odd is right to left (glyphs are then already in visual order). */
  level: number;
  /** Whether every glyph is in the face's pre-built base subset (decided lazily). */
  inBase?: boolean;
  /**
   * Set on a stand-in for text whose face this isolate has not loaded yet: no glyphs, no
   * width. A document that draws one is built again once the face is loaded (withFonts).
   */
  pending?: true;
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
  private readonly size: number;
  constructor(size: number) {
    this.size = size;
  }

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

  clear(): void {
    this.current = new Map();
    this.old = new Map();
  }

  get entries(): number {
    return this.current.size + this.old.size;
  }
}

/** Entries per generation of the shaping memos (a few hundred bytes each). */
const SHAPE_CACHE_GENERATION = 12_000;

/**
 * Bytes of parsed font files an isolate keeps (of its 128 MB). Past it, faces no document is
 * drawing are unloaded, least recently used first (their next use reads them again). The main
 * faces and a few scripts take ~3 MB; a CJK slice 0.1–0.2 MB.
 */
const FONT_MEMORY_BUDGET = 24 * 1024 * 1024;

/** Code point ranges from the manifest's "delta.length" base-36 encoding: [start, end) pairs. */
function decodeRanges(cover: string): Uint32Array {
  const parts = cover ? cover.split(",") : [];
  const out = new Uint32Array(parts.length * 2);
  let prevEnd = 0;
  parts.forEach((p, i) => {
    const dot = p.indexOf(".");
    const start = prevEnd + parseInt(p.slice(0, dot), 36);
    const end = start + parseInt(p.slice(dot + 1), 36);
    out[i * 2] = start;
    out[i * 2 + 1] = end;
    prevEnd = end;
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

let useClock = 0;
let anchorsPatched = false;

/**
 * OpenType lets a mark-attachment record carry a NULL anchor ("this mark does not attach to
 * this base here"); Noto's Arabic and Indic fonts use them. fontkit reads the anchor's
 * coordinates regardless and throws. Its GPOS processor (one class, shared by every font) is
 * taught to leave such a pair unattached, as HarfBuzz does.
 */
function patchNullAnchors(font: FontkitFont): void {
  if (anchorsPatched) return;
  const gpos = (font as unknown as { _layoutEngine?: { engine?: { GPOSProcessor?: object } } })._layoutEngine?.engine?.GPOSProcessor;
  if (!gpos) return;
  const proto = Object.getPrototypeOf(gpos) as { applyAnchor: (this: unknown, markRecord: { markAnchor?: unknown } | null, baseAnchor: unknown, baseGlyphIndex: number) => void };
  const applyAnchor = proto.applyAnchor;
  proto.applyAnchor = function (markRecord, baseAnchor, baseGlyphIndex) {
    if (!baseAnchor || !markRecord?.markAnchor) return;
    applyAnchor.call(this, markRecord, baseAnchor, baseGlyphIndex);
  };
  anchorsPatched = true;
}

class Face {
  private parsed: FontkitFont | null = null;
  private loading: Promise<void> | null = null;
  private ranges: Uint32Array | null = null;
  private shapes = new GenerationalCache<Shaped>(SHAPE_CACHE_GENERATION);
  private baseSubset: BaseSubset | null | undefined;
  /** Size of the parsed file in bytes (0 while not loaded). */
  bytes = 0;
  lastUsed = 0;

  readonly id: string;
  private readonly file: string;
  private readonly cover: string;
  private readonly withBase: boolean;
  constructor(id: string, file: string, cover: string, withBase: boolean) {
    this.id = id;
    this.file = file;
    this.cover = cover;
    this.withBase = withBase;
  }

  get loaded(): boolean {
    return this.parsed !== null;
  }

  /** Reads and parses the face (once; concurrent callers share the read). */
  load(): Promise<void> {
    if (this.parsed) return Promise.resolve();
    this.loading ??= fontFile(this.file)
      .then((bytes) => {
        const sfnt = woffToSfnt(bytes);
        const font = fontkit.create(sfnt);
        patchNullAnchors(font);
        this.parsed = font;
        this.bytes = sfnt.length;
        loadedBytes.total += sfnt.length;
      })
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }

  /** Forgets the parsed font and what was shaped with it (memory); the next use reads it again. */
  unload(): void {
    if (!this.parsed) return;
    loadedBytes.total -= this.bytes;
    this.parsed = null;
    this.bytes = 0;
    this.shapes.clear();
    this.baseSubset = undefined;
  }

  get font(): FontkitFont {
    if (!this.parsed) throw new Error(`font face ${this.id} used before it was loaded`);
    return this.parsed;
  }

  get postscriptName(): string {
    return (this.font.postscriptName || `Font-${this.id}`).replace(/[^A-Za-z0-9-]/g, "");
  }

  get scale(): number {
    return 1000 / this.font.unitsPerEm;
  }

  /** Whether the face's cmap has the code point (from the manifest: no font is read). */
  covers(codePoint: number): boolean {
    const r = (this.ranges ??= decodeRanges(this.cover));
    let lo = 0;
    let hi = r.length / 2 - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (codePoint < r[mid * 2]) hi = mid - 1;
      else if (codePoint >= r[mid * 2 + 1]) lo = mid + 1;
      else return true;
    }
    return false;
  }

  /** OpenType layout of `text`, memoised per isolate (static phrases repeat in every document). */
  shape(text: string, level = 0): Shaped {
    const rtl = level % 2 === 1;
    const key = rtl ? `\u0001${text}` : text;
    if (!this.parsed) return { face: this, text, gids: [], widths: [], advances: [], dx: [], dy: [], codePoints: [], width: 0, level, pending: true };
    this.lastUsed = ++useClock;
    const cached = this.shapes.get(key);
    if (cached) return cached.level === level ? cached : { ...cached, level };
    // fontkit's layout takes the direction as its fifth argument (its typings stop at two).
    const layout = this.parsed.layout as unknown as (text: string, features?: unknown, script?: unknown, language?: unknown, direction?: "ltr" | "rtl") => ReturnType<FontkitFont["layout"]>;
    const run = layout.call(this.parsed, text, undefined, undefined, undefined, rtl ? "rtl" : "ltr");
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
      level,
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
    this.shapes.set(key, shaped);
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
    const { bytes } = encodeSubset(font, subset);
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

/** Bytes of the faces this isolate holds parsed. */
const loadedBytes = { total: 0 };

// ---- Choosing a face ---------------------------------------------------------------------------

export { cjkHint, type CjkHint };

interface Library {
  faces: Map<string, Face>;
  manifest: FontManifest;
  chains: Map<string, Face[]>;
  picks: Map<string, Map<string, Face | null>>;
}

let library: Library | null = null;

function currentLibrary(): Library {
  if (library) return library;
  const manifest = loadedManifest();
  if (!manifest) throw new ResourcesPending([fontManifest]);
  const faces = new Map<string, Face>();
  for (const [id, f] of Object.entries(manifest.faces)) faces.set(id, new Face(id, f.file, f.cover, !!f.base));
  library = { faces, manifest, chains: new Map(), picks: new Map() };
  return library;
}

const CJK_ORDER: Record<CjkHint, CjkHint[]> = { sc: ["sc", "tc", "jp", "kr"], tc: ["tc", "sc", "jp", "kr"], jp: ["jp", "sc", "tc", "kr"], kr: ["kr", "sc", "tc", "jp"] };

/** The faces a style tries, in order, for a text with this CJK hint. */
function chainFor(style: TextStyle, hint: CjkHint): Face[] {
  const lib = currentLibrary();
  const key = `${style}:${hint}`;
  let chain = lib.chains.get(key);
  if (!chain) {
    const ids = [...lib.manifest.chains[style]];
    // Bold falls back to regular CJK slices too (and regular to nothing further).
    for (const group of CJK_ORDER[hint]) ids.push(...lib.manifest.cjk[group][style === "bold" ? "bold" : "regular"]);
    if (style === "bold") for (const group of CJK_ORDER[hint]) ids.push(...lib.manifest.cjk[group].regular);
    if (style === "bold") for (const id of lib.manifest.chains.regular) if (!ids.includes(id)) ids.push(id);
    chain = ids.map((id) => lib.faces.get(id)!).filter(Boolean);
    lib.chains.set(key, chain);
  }
  return chain;
}

/** The first face of the chain that has every (non-ignorable) code point of a grapheme. */
function pickFace(style: TextStyle, hint: CjkHint, grapheme: string): Face | null {
  const lib = currentLibrary();
  const key = `${style}:${hint}`;
  let picks = lib.picks.get(key);
  if (!picks) lib.picks.set(key, (picks = new Map()));
  let face = picks.get(grapheme);
  if (face !== undefined) return face;
  const cps: number[] = [];
  for (const ch of grapheme) if (!IGNORABLE.test(ch)) cps.push(ch.codePointAt(0)!);
  const chain = chainFor(style, hint);
  face = cps.length ? (chain.find((f) => cps.every((cp) => f.covers(cp))) ?? null) : chain[0];
  if (!face && cps.length > 1) face = chain.find((f) => f.covers(cps[0])) ?? null;
  if (picks.size < 50_000) picks.set(grapheme, face);
  return face;
}

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

export function graphemes(text: string): string[] {
  return Array.from(segmenter.segment(text), (s) => s.segment);
}

/**
 * The first character of `text` no face can draw (the form refuses it, naming it), or null.
 * Needs the manifest (fontsReady); invisible characters are fine.
 */
export function unprintableCharacter(text: string): string | null {
  const clean = text.normalize("NFC");
  const hint = cjkHint(clean);
  for (const g of graphemes(clean)) {
    if (/^\s+$/.test(g) || DROPPED.test(g) || /^[\u0000-\u001f\u007f-\u009f]$/.test(g)) continue;
    for (const ch of g) {
      if (IGNORABLE.test(ch) || DROPPED.test(ch)) continue;
      const face = pickFace("regular", hint, ch);
      if (!face) return ch;
    }
  }
  return null;
}

/** Reads the manifest (once per isolate): afterwards faces can be chosen synchronously. */
export async function fontsReady(): Promise<void> {
  await fontManifest();
  currentLibrary();
}

/**
 * Loads every face the texts need in the given styles (and the bidi tables for right-to-left
 * text): for callers that lay text out outside `withFonts` (tests, the preview image).
 */
export async function loadFontsFor(texts: string[], styles: TextStyle[] = ["regular", "bold", "italic"]): Promise<void> {
  await fontsReady();
  const needed = new Set<Face>();
  for (const text of texts) {
    const hint = cjkHint(text);
    for (const style of styles) for (const g of graphemes(text.normalize("NFC"))) {
      const face = pickFace(style, hint, g);
      if (face && !face.loaded) needed.add(face);
    }
  }
  await Promise.all([...needed].map((f) => f.load()));
}

/**
 * Unloads faces least recently used first while the isolate holds more than the budget.
 * Called only when no document is being drawn (withFonts), so no build loses a face it uses.
 */
export function trimFonts(budget = FONT_MEMORY_BUDGET): void {
  if (loadedBytes.total <= budget || !library) return;
  const loaded = [...library.faces.values()].filter((f) => f.loaded).sort((a, b) => a.lastUsed - b.lastUsed);
  for (const face of loaded) {
    if (loadedBytes.total <= budget / 2) break;
    face.unload();
  }
  wordCache.clear();
}

// ---- Shaping -----------------------------------------------------------------------------------

const wordCache = new GenerationalCache<Shaped[]>(SHAPE_CACHE_GENERATION);

/**
 * Shapes one word (or any text without line breaks) in a style: splits it into pieces by which
 * face has the glyphs (grapheme by grapheme, so a letter and its marks stay in one face) and by
 * bidi level (`levels`: one per UTF-16 code unit of `text`, from the paragraph; absent = all
 * left to right), then shapes each piece. `hint` orders the CJK families (from the whole
 * paragraph, so a traditional Chinese title is set in one family throughout). Memoised per
 * isolate. A piece of a face not loaded yet is a pending stand-in (not memoised).
 */
export function shapeText(text: string, style: TextStyle, levels?: ArrayLike<number> | null, hint: CjkHint = cjkHint(text)): Shaped[] {
  let levelKey = "";
  if (levels) for (let i = 0; i < text.length; i++) levelKey += String.fromCharCode(48 + levels[i]);
  if (levelKey && /^0*$/.test(levelKey)) levelKey = "";
  const key = `${style}\u0000${hint}\u0000${text}\u0000${levelKey}`;
  const cached = wordCache.get(key);
  if (cached) return cached;
  const pieces: Shaped[] = [];
  let current: Face | null = null;
  let currentLevel = 0;
  let buffer = "";
  let pending = false;
  const flush = () => {
    if (buffer && current) {
      const piece = current.shape(buffer, currentLevel);
      if (piece.pending) pending = true;
      pieces.push(piece);
    }
    buffer = "";
  };
  let offset = 0;
  for (const g of graphemes(text)) {
    const level = levelKey ? levels![offset] : 0;
    offset += g.length;
    let chars = g;
    if (DROPPED.test(chars)) chars = Array.from(chars).filter((c) => !DROPPED.test(c)).join("");
    if (!chars) continue;
    if (level % 2 === 1 && chars.length === 1) chars = mirrored(chars);
    let face = pickFace(style, hint, chars);
    if (!face) {
      // No face has it (the forms refuse such characters; older data may hold one): the main
      // face's missing-glyph box is drawn, never a look-alike.
      console.warn(`no font has U+${chars.codePointAt(0)!.toString(16).toUpperCase()}; drawn as a missing glyph`);
      face = chainFor(style, hint)[0];
    }
    if (face !== current || level !== currentLevel) flush();
    current = face;
    currentLevel = level;
    buffer += chars;
  }
  flush();
  if (!pending) wordCache.set(key, pieces);
  return pieces;
}

/** Width of shaped pieces at a font size, in points. */
export function piecesWidth(pieces: Shaped[], size: number): number {
  let w = 0;
  for (const p of pieces) if (!p.pending) w += (p.width * p.face.scale * size) / 1000;
  return w;
}

/** The faces of pending pieces, as a ResourcesPending to throw (or null when none). */
export function pendingOf(pieces: Iterable<Shaped>): ResourcesPending | null {
  const faces = new Set<Face>();
  for (const p of pieces) if (p.pending) faces.add(p.face);
  return faces.size ? new ResourcesPending([...faces].map((f) => () => f.load())) : null;
}

/** A glyph's outline as PDF path operators at the origin, and its advance (both at size 1). */
export interface Outline {
  ops(size: number): string;
  advance: number;
}

/**
 * Outlines of the glyphs of shaped pieces in visual order (for the seal: curved text and the
 * monogram as vectors). Throws ResourcesPending if a face is not loaded yet.
 */
export function glyphOutlines(pieces: Shaped[]): Outline[] {
  const pending = pendingOf(pieces);
  if (pending) throw pending;
  const out: Outline[] = [];
  for (const piece of pieces) {
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
function encodeSubset(font: FontkitFont, subset: Subset): { bytes: Uint8Array } {
  if (!EncodeStreamClass) {
    const probe = font.createSubset().encodeStream() as unknown as EncodeStream;
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
  private readonly text: string;
  constructor(text: string) {
    super();
    this.text = text;
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

  readonly face: Face;
  readonly kind: "base" | "dynamic";
  constructor(doc: PDFDocument, face: Face, kind: "base" | "dynamic") {
    this.face = face;
    this.kind = kind;
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
      const { bytes } = encodeSubset(font, this.subset!);
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

  private readonly doc: PDFDocument;
  constructor(doc: PDFDocument) {
    this.doc = doc;
  }

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

