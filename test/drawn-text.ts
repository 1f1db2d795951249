/**
 * What a PDF really draws for a line of text, compared with an independent renderer: Poppler
 * renders the page (pdftoppm) and finds the line (pdftotext -bbox-layout); Chromium (HarfBuzz
 * shaping, its own bidi and font fallback, Skia) draws the same text with the same font files;
 * the two drawings are cropped to their ink, brought to one size and compared stroke by stroke.
 * A "?" or a box in place of a letter, a missing mark, unjoined Arabic, Indic syllables in the
 * wrong order or a word order reversed all change the drawing; the text layer is never read
 * for the comparison (it may say the right thing while the page shows "????").
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { decodePng } from "./images.ts";

export interface Box {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

const decodeXml = (s: string) => s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, "&");

/** The text boxes Poppler finds on a page, in points (each of our lines is one box). */
export function textBoxes(file: string, page = 1): Box[] {
  const xml = execFileSync("pdftotext", ["-bbox-layout", "-enc", "UTF-8", "-f", String(page), "-l", String(page), file, "-"], { encoding: "utf8" });
  const out: Box[] = [];
  for (const m of xml.matchAll(/<line xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([\s\S]*?)<\/line>/g)) {
    const words = [...m[5].matchAll(/<word[^>]*>([\s\S]*?)<\/word>/g)].map((w) => decodeXml(w[1]));
    out.push({ text: words.join(" ").normalize("NFC").replace(/\s+/g, " ").trim(), xMin: +m[1], yMin: +m[2], xMax: +m[3], yMax: +m[4] });
  }
  return out;
}

export interface Grey {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/**
 * The drawing of a text line: its box on the page (points), widened by its height above and
 * below and a third of it on either side (Poppler's box comes from the font's ascent, descent
 * and advances, which tall Arabic letters, stacked marks and overhanging glyphs exceed), rendered by pdftoppm in grey at `dpi`, then cut to the band of
 * rows around the box's middle that holds ink darker than `threshold` — blank rows separate it
 * from the lines above and below.
 */
export function renderLine(file: string, box: Box, { page = 1, dpi = 300, threshold = 75 } = {}): Grey {
  const k = dpi / 72;
  const pad = box.yMax - box.yMin;
  const region = renderRegion(file, { ...box, xMin: Math.max(0, box.xMin - pad * 0.3), xMax: box.xMax + pad * 0.3, yMin: Math.max(0, box.yMin - pad), yMax: box.yMax + pad }, { page, dpi });
  const rowInk = (y: number) => {
    for (let x = 0; x < region.width; x++) if (region.pixels[y * region.width + x] < threshold) return true;
    return false;
  };
  const mid = Math.round(((box.yMin + box.yMax) / 2 - Math.max(0, box.yMin - pad)) * k) + 2;
  const maxGap = Math.max(3, Math.round((box.yMax - box.yMin) * k * 0.12));
  let top = mid;
  let bottom = mid;
  for (let y = mid, gap = 0; y >= 0 && gap <= maxGap; y--) {
    if (rowInk(y)) {
      top = y;
      gap = 0;
    } else gap++;
  }
  for (let y = mid, gap = 0; y < region.height && gap <= maxGap; y++) {
    if (rowInk(y)) {
      bottom = y;
      gap = 0;
    } else gap++;
  }
  const height = bottom - top + 1;
  return { width: region.width, height, pixels: region.pixels.slice(top * region.width, (bottom + 1) * region.width) };
}

/** A region of a page (points) rendered by pdftoppm in grey at `dpi`. */
export function renderRegion(file: string, box: Box, { page = 1, dpi = 300 } = {}): Grey {
  const k = dpi / 72;
  const x = Math.floor(box.xMin * k) - 2;
  const y = Math.floor(box.yMin * k) - 2;
  const w = Math.ceil((box.xMax - box.xMin) * k) + 4;
  const h = Math.ceil((box.yMax - box.yMin) * k) + 4;
  const prefix = path.join(path.dirname(file), `crop-${process.pid}`);
  execFileSync("pdftoppm", ["-r", String(dpi), "-gray", "-singlefile", "-f", String(page), "-l", String(page), "-x", String(x), "-y", String(y), "-W", String(w), "-H", String(h), file, prefix]);
  const pgm = readFileSync(`${prefix}.pgm`);
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 64).toString("latin1"))!;
  const width = Number(header[1]);
  const height = Number(header[2]);
  return { width, height, pixels: new Uint8Array(pgm.subarray(header[0].length, header[0].length + width * height)) };
}

/** Grey image of a PNG (RGB or RGBA on white). */
export function pngToGrey(png: Uint8Array): Grey {
  const { width, height, rgb } = decodePng(png);
  const pixels = new Uint8Array(width * height);
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.round(0.299 * rgb[i * 3] + 0.587 * rgb[i * 3 + 1] + 0.114 * rgb[i * 3 + 2]);
  return { width, height, pixels };
}

/** The image cropped to the bounding box of its ink (pixels darker than `threshold`), or null if blank. */
export function inkCrop(g: Grey, threshold = 110): Grey | null {
  let x0 = g.width;
  let y0 = g.height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < g.height; y++) {
    for (let x = 0; x < g.width; x++) {
      if (g.pixels[y * g.width + x] < threshold) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
    }
  }
  if (x1 < 0) return null;
  const width = x1 - x0 + 1;
  const height = y1 - y0 + 1;
  const pixels = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) pixels.set(g.pixels.subarray((y0 + y) * g.width + x0, (y0 + y) * g.width + x0 + width), y * width);
  return { width, height, pixels };
}

/** Area-averaged resize. */
export function resize(g: Grey, width: number, height: number): Grey {
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const sy0 = (y * g.height) / height;
    const sy1 = ((y + 1) * g.height) / height;
    for (let x = 0; x < width; x++) {
      const sx0 = (x * g.width) / width;
      const sx1 = ((x + 1) * g.width) / width;
      let sum = 0;
      let area = 0;
      for (let sy = Math.floor(sy0); sy < Math.ceil(sy1); sy++) {
        const wy = Math.min(sy + 1, sy1) - Math.max(sy, sy0);
        for (let sx = Math.floor(sx0); sx < Math.ceil(sx1); sx++) {
          const wx = Math.min(sx + 1, sx1) - Math.max(sx, sx0);
          sum += g.pixels[Math.min(sy, g.height - 1) * g.width + Math.min(sx, g.width - 1)] * wx * wy;
          area += wx * wy;
        }
      }
      out[y * width + x] = Math.round(sum / area);
    }
  }
  return { width, height, pixels: out };
}

export interface Likeness {
  /** Width ÷ height of the drawn ink, PDF over Chromium (1 = same proportions). */
  aspect: number;
  /** Share of each drawing's ink that has ink of the other nearby (harmonic mean), 0–1. */
  overall: number;
  /** The same in the worst vertical strip (each about half the ink's height wide). */
  worstStrip: number;
  worstStripAt: number;
}

/**
 * How alike two drawings of one line are. Both are cropped to their ink; the second is resized
 * to the first; a pixel of ink counts as matched when the other drawing has ink within `reach`
 * pixels (antialiasing and hinting differ between renderers by about a pixel).
 */
export function likeness(pdf: Grey, browser: Grey, { pdfThreshold = 75, browserThreshold = 46, reach = 2 } = {}): Likeness {
  // The documents' text ink is #1d2733 (grey 36), other text lighter (grey ≥ 93); Chromium's is
  // black: the same share of a pixel covered is ink on both sides.
  const a = inkCrop(pdf, pdfThreshold);
  const b0raw = inkCrop(browser, browserThreshold);
  const threshold = pdfThreshold;
  // Chromium's drawing, levelled to the PDF's ink and threshold.
  const b0 = b0raw && { ...b0raw, pixels: b0raw.pixels.map((v) => Math.round(36 + (v * (255 - 36)) / 255)) };
  if (!a || !b0) return { aspect: a || b0 ? 0 : 1, overall: 0, worstStrip: 0, worstStripAt: 0 };
  const aspect = a.width / a.height / (b0.width / b0.height);
  const b = resize(b0, a.width, a.height);
  const W = a.width;
  const H = a.height;
  const inkA = (i: number) => a.pixels[i] < threshold;
  const inkB = (i: number) => b.pixels[i] < threshold;
  const near = (ink: (i: number) => boolean, x: number, y: number) => {
    for (let dy = -reach; dy <= reach; dy++) {
      const yy = y + dy;
      if (yy < 0 || yy >= H) continue;
      for (let dx = -reach; dx <= reach; dx++) {
        const xx = x + dx;
        if (xx >= 0 && xx < W && ink(yy * W + xx)) return true;
      }
    }
    return false;
  };
  const strip = Math.max(4, Math.round(H / 2));
  const strips = Math.ceil(W / strip);
  const counts = Array.from({ length: strips }, () => ({ a: 0, aHit: 0, b: 0, bHit: 0 }));
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const c = counts[Math.floor(x / strip)];
      if (inkA(i)) {
        c.a++;
        if (near(inkB, x, y)) c.aHit++;
      }
      if (inkB(i)) {
        c.b++;
        if (near(inkA, x, y)) c.bHit++;
      }
    }
  }
  const f1 = (c: { a: number; aHit: number; b: number; bHit: number }) => {
    if (c.a + c.b < 8) return 1; // (almost) no ink on either side: a gap between words
    // Share of each side's ink with ink of the other nearby (a side without ink misses nothing).
    const p = c.a ? c.aHit / c.a : 1;
    const r = c.b ? c.bHit / c.b : 1;
    return p + r ? (2 * p * r) / (p + r) : 0;
  };
  const total = counts.reduce((t, c) => ({ a: t.a + c.a, aHit: t.aHit + c.aHit, b: t.b + c.b, bHit: t.bHit + c.bHit }), { a: 0, aHit: 0, b: 0, bHit: 0 });
  let worstStrip = 1;
  let worstStripAt = 0;
  counts.forEach((c, k) => {
    const v = f1(c);
    if (v < worstStrip) {
      worstStrip = v;
      worstStripAt = k / strips;
    }
  });
  return { aspect, overall: f1(total), worstStrip, worstStripAt };
}

interface ManifestFace {
  file: string;
  cover: string;
}
export interface FontManifestLike {
  faces: Record<string, ManifestFace>;
  chains: Record<"regular" | "bold" | "italic", string[]>;
  cjk: Record<string, { regular: string[]; bold: string[] }>;
}

/** A face's code points as a CSS unicode-range. */
function unicodeRange(cover: string): string {
  const out: string[] = [];
  let prevEnd = 0;
  for (const p of cover ? cover.split(",") : []) {
    const [d, n] = p.split(".").map((v) => parseInt(v, 36));
    const start = prevEnd + d;
    prevEnd = start + n;
    out.push(n === 1 ? `U+${start.toString(16)}` : `U+${start.toString(16)}-${(prevEnd - 1).toString(16)}`);
  }
  return out.join(",");
}

function covers(cover: string, cp: number): boolean {
  let prevEnd = 0;
  for (const p of cover ? cover.split(",") : []) {
    const [d, n] = p.split(".").map((v) => parseInt(v, 36));
    const start = prevEnd + d;
    const end = start + n;
    if (cp >= start && cp < end) return true;
    if (start > cp) return false;
    prevEnd = end;
  }
  return false;
}

/**
 * Chromium's drawing of `text` with the documents' font files, in the order the documents try
 * them (the manifest's chain for the style; CJK families in the order a reader of `cjkFirst`
 * expects), each as a family of its own so that Chromium's own per-character fallback picks the
 * face — shaping, bidi and positioning are all Chromium's.
 */
export async function browserDrawing(page: Page, fontsUrl: string, manifest: FontManifestLike, text: string, style: "regular" | "bold", cjkFirst = "sc", px = 120): Promise<Grey> {
  const order = [cjkFirst, ...["sc", "tc", "jp", "kr"].filter((g) => g !== cjkFirst)];
  const ids = [...manifest.chains[style], ...order.flatMap((g) => manifest.cjk[g][style])];
  const cps = [...text].map((c) => c.codePointAt(0)!).filter((cp) => cp > 0x20);
  // Only the faces that have any of the text's characters (the order is kept).
  const used = ids.filter((id, i) => ids.indexOf(id) === i && cps.some((cp) => covers(manifest.faces[id].cover, cp)));
  // Each face only for the characters its cmap has: Chromium never draws a character with a
  // face that lacks it (it would compose "ễ" from "e" and marks where the documents use the
  // face that has the letter).
  const faces = used
    .map((id, i) => `@font-face{font-family:"F${i}";src:url("${fontsUrl}${manifest.faces[id].file}") format("${manifest.faces[id].file.endsWith(".ttf") ? "truetype" : "woff"}");unicode-range:${unicodeRange(manifest.faces[id].cover)}}`)
    .join("\n");
  const family = used.map((_, i) => `"F${i}"`).join(",");
  const escaped = text.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  // Fonts load under CORS: the page must share the fonts' origin (a blank page served there by the test).
  const blank = new URL("/__drawn-text__", fontsUrl).href;
  if (page.url() !== blank) {
    await page.route(blank, (route) => route.fulfill({ contentType: "text/html", body: "<!doctype html><html></html>" }));
    await page.goto(blank);
  }
  await page.setContent(
    `<!doctype html><html lang="en" dir="ltr"><head><style>${faces}
    body{margin:0;background:#fff}
    #t{display:inline-block;padding:40px;font:400 ${px}px/1.6 ${family};font-synthesis:none;white-space:pre;color:#000;font-kerning:normal}</style></head>
    <body><span id="t">${escaped}</span></body></html>`,
  );
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  return pngToGrey(new Uint8Array(await page.locator("#t").screenshot()));
}
