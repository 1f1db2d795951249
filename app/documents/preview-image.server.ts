/**
 * The link-preview image of a journal's pages (og:image, twitter:image, JSON-LD image): a
 * 1200×630 PNG with the journal's uploaded logo (PNG or JPEG; else its monogram seal) and its
 * name, drawn in the Worker from the same fonts as its documents. One image per journal (not
 * per article): it is rasterised once per logo and settings it shows, stored in R2 under a
 * digest of those inputs (app/documents/downloads.server.ts journalPreviewImage), and served
 * from the edge cache and browser caches (a year, immutable: its URL carries the version).
 */
// pdf-lib's PNG reader (UPNG + alpha split): the module the documents' PngEmbedder uses, so it adds nothing to the bundle.
import { PNG } from "pdf-lib/es/utils/png";
// jpeg-js's decoder module alone (its encoder stays out of the bundle): 5.6 KB gzip, no dependencies.
import decodeJpeg from "jpeg-js/lib/decoder.js";
import { decodableImage } from "../storage/uploads.server";
import { layoutRuns, visualPieces, withFonts, type Line } from "./canvas.server";
import { pendingOf, type Shaped } from "./fonts.server";
import { monogramInitials } from "../lib/initials";
import { encodeRgbPng } from "../lib/png";

const PREVIEW_WIDTH = 1200;
const PREVIEW_HEIGHT = 630;

type RGB = readonly [number, number, number];
const NAVY: RGB = [20, 54, 93];
const NAVY_DARK: RGB = [14, 41, 71];
const GOLD: RGB = [176, 141, 60];
const GOLD_LIGHT: RGB = [217, 196, 143];
const CREAM: RGB = [248, 243, 230];
const WHITE: RGB = [255, 255, 255];

/** Bump when the drawing changes: stored images are keyed by it with their inputs. */
export const PREVIEW_VERSION = 3;

/** How many preview images this isolate has rasterised (tests: once per inputs, not per request). */
export const previewBuilds = { count: 0 };

/** A decoded logo: 8-bit RGB and, when it has transparency, 8-bit alpha. */
export interface PreviewLogo {
  width: number;
  height: number;
  rgb: Uint8Array;
  alpha: Uint8Array | null;
}

/**
 * The pixels of an uploaded logo, or null (a WebP, malformed, over the pixel or memory bound —
 * checked from its real structure before anything is decoded, decodableImage — or undecodable:
 * the seal stands in).
 * A PNG through pdf-lib's own reader (already in the bundle for the documents: 8-bit RGB and
 * alpha directly; going through the documents' prepared logo instead would deflate and
 * re-inflate every pixel, about 5× the CPU for a 4-megapixel logo); a JPEG through jpeg-js's
 * decoder (opaque: drawn on the white plate like an opaque PNG). Both run once per logo: the
 * image is stored (ADR 016).
 */
export function decodePreviewLogo(bytes: Uint8Array): PreviewLogo | null {
  const header = decodableImage(bytes);
  if (!header) return null;
  try {
    if (header.ext === "png") {
      const png = PNG.load(bytes);
      if (png.rgbChannel.length !== png.width * png.height * 3) return null;
      return { width: png.width, height: png.height, rgb: png.rgbChannel, alpha: png.alphaChannel ?? null };
    }
    if (header.ext === "jpg") {
      // jpeg-js counts ≈ 70 MB for a 4-megapixel JPEG (coefficients per component + RGB out); its
      // default 512 MB cap would let a hostile file past the isolate's 128 MB, hence 96 (ADR 016).
      const jpeg = decodeJpeg(bytes, { useTArray: true, formatAsRGBA: false, maxResolutionInMP: 5, maxMemoryUsageInMB: 96 });
      if (jpeg.width !== header.width || jpeg.height !== header.height || jpeg.data.length !== jpeg.width * jpeg.height * 3) return null;
      return { width: jpeg.width, height: jpeg.height, rgb: jpeg.data, alpha: null };
    }
    return null;
  } catch {
    return null;
  }
}

class Raster {
  readonly data: Uint8Array;
  readonly width: number;
  readonly height: number;
  constructor(width: number, height: number, background: RGB) {
    this.width = width;
    this.height = height;
    this.data = new Uint8Array(width * height * 3);
    this.rect(0, 0, width, height, background);
  }

  blend(x: number, y: number, c: RGB, alpha: number): void {
    if (alpha <= 0 || x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const a = Math.min(1, alpha);
    const i = (y * this.width + x) * 3;
    for (let k = 0; k < 3; k++) this.data[i + k] = Math.round(this.data[i + k] * (1 - a) + c[k] * a);
  }

  /** An opaque rectangle: its first row is painted, the others copied from it. */
  rect(x: number, y: number, w: number, h: number, c: RGB): void {
    const x0 = Math.max(0, x);
    const x1 = Math.min(this.width, x + w);
    const y0 = Math.max(0, y);
    const y1 = Math.min(this.height, y + h);
    if (x1 <= x0 || y1 <= y0) return;
    const rowStart = (y0 * this.width + x0) * 3;
    for (let i = 0; i < x1 - x0; i++) this.data.set(c, rowStart + i * 3);
    for (let yy = y0 + 1; yy < y1; yy++) this.data.copyWithin((yy * this.width + x0) * 3, rowStart, rowStart + (x1 - x0) * 3);
  }

  /** An anti-aliased disc (or ring, with `inner`). */
  disc(cx: number, cy: number, r: number, c: RGB, inner = 0): void {
    for (let y = Math.floor(cy - r - 1); y <= cy + r + 1; y++) {
      for (let x = Math.floor(cx - r - 1); x <= cx + r + 1; x++) {
        const d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
        const outer = Math.max(0, Math.min(1, r - d + 0.5));
        const hole = inner ? Math.max(0, Math.min(1, inner - d + 0.5)) : 0;
        this.blend(x, y, c, outer - hole);
      }
    }
  }

  /**
   * Draws an image fitted (aspect kept) into a `box`-pixel square centred on (cx, cy), each
   * target pixel the alpha-weighted average of the source pixels it covers (area sampling, so a
   * 4-megapixel logo shrinks without aliasing; one pass over the source).
   */
  image(img: PreviewLogo, cx: number, cy: number, box: number): void {
    const scale = Math.min(box / img.width, box / img.height);
    const w = Math.max(1, Math.round(img.width * scale));
    const h = Math.max(1, Math.round(img.height * scale));
    const left = Math.round(cx - w / 2);
    const top = Math.round(cy - h / 2);
    const colour: [number, number, number] = [0, 0, 0];
    for (let ty = 0; ty < h; ty++) {
      const sy0 = Math.floor((ty * img.height) / h);
      const sy1 = Math.max(sy0 + 1, Math.floor(((ty + 1) * img.height) / h));
      for (let tx = 0; tx < w; tx++) {
        const sx0 = Math.floor((tx * img.width) / w);
        const sx1 = Math.max(sx0 + 1, Math.floor(((tx + 1) * img.width) / w));
        let r = 0;
        let g = 0;
        let b = 0;
        let a = 0;
        for (let sy = sy0; sy < sy1; sy++) {
          let i = sy * img.width + sx0;
          for (let sx = sx0; sx < sx1; sx++, i++) {
            const weight = img.alpha ? img.alpha[i] : 255;
            r += img.rgb[i * 3] * weight;
            g += img.rgb[i * 3 + 1] * weight;
            b += img.rgb[i * 3 + 2] * weight;
            a += weight;
          }
        }
        if (a === 0) continue;
        colour[0] = r / a;
        colour[1] = g / a;
        colour[2] = b / a;
        this.blend(left + tx, top + ty, colour, a / (255 * (sy1 - sy0) * (sx1 - sx0)));
      }
    }
  }

  /** Fills closed polygons (pixel coordinates, y down) with the nonzero rule, 4×4 samples per pixel. */
  fill(edges: number[][], c: RGB): void {
    if (!edges.length) return;
    let minY = Infinity;
    let maxY = -Infinity;
    let minX = Infinity;
    let maxX = -Infinity;
    for (const [x0, y0, x1, y1] of edges) {
      minY = Math.min(minY, y0, y1);
      maxY = Math.max(maxY, y0, y1);
      minX = Math.min(minX, x0, x1);
      maxX = Math.max(maxX, x0, x1);
    }
    const left = Math.max(0, Math.floor(minX));
    const right = Math.min(this.width, Math.ceil(maxX) + 1);
    const cover = new Float32Array(right - left);
    const SUB = 4;
    const top = Math.max(0, Math.floor(minY));
    const bottom = Math.min(this.height - 1, Math.ceil(maxY));
    // Edges bucketed by the pixel rows they cross: each row looks only at its own.
    const rows: number[][][] = Array.from({ length: bottom - top + 1 }, () => []);
    for (const e of edges) {
      const from = Math.max(top, Math.floor(Math.min(e[1], e[3])));
      const to = Math.min(bottom, Math.floor(Math.max(e[1], e[3])));
      for (let y = from; y <= to; y++) rows[y - top].push(e);
    }
    const hits: [number, number][] = [];
    for (let y = top; y <= bottom; y++) {
      const active = rows[y - top];
      if (!active.length) continue;
      cover.fill(0);
      for (let s = 0; s < SUB; s++) {
        const sy = y + (s + 0.5) / SUB;
        hits.length = 0;
        for (const [x0, y0, x1, y1] of active) {
          if ((y0 <= sy && y1 > sy) || (y1 <= sy && y0 > sy)) hits.push([x0 + ((sy - y0) / (y1 - y0)) * (x1 - x0), y1 > y0 ? 1 : -1]);
        }
        hits.sort((a, b) => a[0] - b[0]);
        let winding = 0;
        let start = 0;
        for (const [x, dir] of hits) {
          const was = winding;
          winding += dir;
          if (was === 0 && winding !== 0) start = x;
          else if (was !== 0 && winding === 0) this.span(cover, left, start, x, 1 / SUB);
        }
      }
      for (let i = 0; i < cover.length; i++) if (cover[i] > 0) this.blend(left + i, y, c, cover[i]);
    }
  }

  private span(cover: Float32Array, left: number, x0: number, x1: number, weight: number): void {
    const a = Math.max(x0, left);
    const b = Math.min(x1, left + cover.length);
    if (b <= a) return;
    const ia = Math.floor(a);
    const ib = Math.floor(b);
    if (ia === ib) {
      cover[ia - left] += (b - a) * weight;
      return;
    }
    cover[ia - left] += (ia + 1 - a) * weight;
    for (let i = ia + 1; i < ib && i - left < cover.length; i++) cover[i - left] += weight;
    if (ib - left < cover.length) cover[ib - left] += (b - ib) * weight;
  }
}

type Command = { command: string; args: number[] };

/** Edges of a glyph outline placed with its origin at (ox, oy) (pixels, y down), `k` pixels per font unit. */
function glyphEdges(commands: Command[], ox: number, oy: number, k: number, out: number[][]): void {
  let sx = 0;
  let sy = 0;
  let cx = 0;
  let cy = 0;
  const P = (x: number, y: number): [number, number] => [ox + x * k, oy - y * k];
  const line = (x: number, y: number) => {
    const [ax, ay] = P(cx, cy);
    const [bx, by] = P(x, y);
    if (ay !== by) out.push([ax, ay, bx, by]);
    cx = x;
    cy = y;
  };
  for (const { command, args } of commands) {
    if (command === "moveTo") {
      if (cx !== sx || cy !== sy) line(sx, sy);
      [cx, cy] = args;
      [sx, sy] = args;
    } else if (command === "lineTo") line(args[0], args[1]);
    else if (command === "quadraticCurveTo") {
      const [qx, qy, x, y] = args;
      const [x0, y0] = [cx, cy];
      for (let i = 1; i <= 8; i++) {
        const t = i / 8;
        const u = 1 - t;
        line(u * u * x0 + 2 * u * t * qx + t * t * x, u * u * y0 + 2 * u * t * qy + t * t * y);
      }
    } else if (command === "bezierCurveTo") {
      const [ax, ay, bx, by, x, y] = args;
      const [x0, y0] = [cx, cy];
      for (let i = 1; i <= 10; i++) {
        const t = i / 10;
        const u = 1 - t;
        line(u * u * u * x0 + 3 * u * u * t * ax + 3 * u * t * t * bx + t * t * t * x, u * u * u * y0 + 3 * u * u * t * ay + 3 * u * t * t * by + t * t * t * y);
      }
    } else if (command === "closePath") {
      line(sx, sy);
    }
  }
  if (cx !== sx || cy !== sy) line(sx, sy);
}

function pieceEdges(piece: Shaped, x: number, baseline: number, size: number, out: number[][]): number {
  const font = piece.face.font;
  const k = size / font.unitsPerEm;
  let pen = x;
  for (let i = 0; i < piece.gids.length; i++) {
    const path = font.getGlyph(piece.gids[i]).path as unknown as { commands: Command[] };
    glyphEdges(path.commands, pen + piece.dx[i] * k, baseline - piece.dy[i] * k, k, out);
    pen += piece.advances[i] * k;
  }
  return pen;
}

/** Draws laid-out lines (left-aligned at x; first baseline at y). */
function drawLines(r: Raster, lines: Line[], x: number, y: number, leading: number, c: RGB): void {
  lines.forEach((line, n) => {
    const edges: number[][] = [];
    let pen = x;
    const baseline = y + n * leading;
    for (const piece of drawable(line)) pen = pieceEdges(piece, pen, baseline, line.size, edges);
    r.fill(edges, c);
  });
}

function textEdgesCentred(text: string, size: number, cx: number, baseline: number): number[][] {
  const line = layoutRuns([{ text, style: "bold" }], size, Number.POSITIVE_INFINITY)[0];
  const edges: number[][] = [];
  if (!line) return edges;
  let pen = cx - line.width / 2;
  for (const piece of drawable(line)) pen = pieceEdges(piece, pen, baseline, size, edges);
  return edges;
}

/** A line's pieces in visual order; throws ResourcesPending while a face is not loaded (withFonts loads it). */
function drawable(line: Line): Shaped[] {
  const pieces = visualPieces(line);
  const pending = pendingOf(pieces);
  if (pending) throw pending;
  return pieces;
}

interface PreviewInput {
  /** Plain-text journal name. */
  name: string;
  /** A second line under the name (e.g. 'ISSN 2454-6127 · Peer-reviewed journal'). */
  subtitle: string;
  /** The host shown at the bottom. */
  domain: string;
  /** The journal's logo, drawn on the round plate instead of the monogram. */
  logo?: PreviewLogo | null;
}

/** The 1200×630 preview PNG of a journal, drawn with its fonts loaded on first use (withFonts). */
export function buildPreviewImage(input: PreviewInput): Promise<Uint8Array> {
  return withFonts(() => drawPreviewImage(input));
}

function drawPreviewImage(input: PreviewInput): Uint8Array {
  const W = PREVIEW_WIDTH;
  const H = PREVIEW_HEIGHT;
  const r = new Raster(W, H, NAVY);
  r.rect(0, 0, W, 14, NAVY_DARK);
  r.rect(0, H - 92, W, 92, NAVY_DARK);
  r.rect(0, H - 96, W, 4, GOLD);
  const cx = 210;
  const cy = 285;
  r.disc(cx, cy, 150, GOLD_LIGHT, 144);
  if (input.logo) {
    // The logo on a white round plate: its 196-px box has a half-diagonal of 139 px, inside the
    // plate's 140, so even an opaque square logo keeps within the circle.
    r.disc(cx, cy, 140, WHITE);
    r.image(input.logo, cx, cy, 196);
  } else {
    // The seal: navy disc with gold rings, cream centre and the monogram.
    r.disc(cx, cy, 112, GOLD);
    r.disc(cx, cy, 106, CREAM);
    r.disc(cx, cy, 99, GOLD, 97);
    const initials = monogramInitials(input.name, 5);
    const monoSize = Math.min(96, 150 / Math.max(1, layoutRuns([{ text: initials, style: "bold" }], 1, Number.POSITIVE_INFINITY)[0]?.width ?? 1));
    r.fill(textEdgesCentred(initials, monoSize, cx, cy + monoSize * 0.35), NAVY);
  }
  // The name, up to three lines, shrinking to fit.
  const textX = 410;
  const textWidth = W - textX - 70;
  let size = 64;
  let lines = layoutRuns([{ text: input.name || "Journal", style: "bold" }], size, textWidth);
  while (lines.length > 3 && size > 30) {
    size -= 4;
    lines = layoutRuns([{ text: input.name || "Journal", style: "bold" }], size, textWidth);
  }
  lines = lines.slice(0, 4);
  const leading = size * 1.18;
  const blockTop = 285 - (lines.length * leading) / 2 - 20;
  drawLines(r, lines, textX, blockTop + size, leading, WHITE);
  r.rect(textX, Math.round(blockTop + lines.length * leading + 18), 120, 4, GOLD);
  if (input.subtitle) {
    const sub = layoutRuns([{ text: input.subtitle, style: "regular" }], 28, textWidth).slice(0, 2);
    drawLines(r, sub, textX, blockTop + lines.length * leading + 66, 36, GOLD_LIGHT);
  }
  if (input.domain) {
    const dom = layoutRuns([{ text: input.domain, style: "regular" }], 30, W - 140).slice(0, 1);
    drawLines(r, dom, 70, H - 34, 36, CREAM);
  }
  previewBuilds.count++;
  return encodeRgbPng(W, H, r.data, 3);
}
