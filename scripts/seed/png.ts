/**
 * Tiny PNG painter for demo images (editor portraits, partner logos) so the seed needs no
 * binary fixtures. Plain TypeScript with fflate's zlib, so it runs in Node (seed, samples) and
 * in workerd (the tests' images) alike.
 */
import { Zlib, zlibSync } from "fflate";

export type RGB = [number, number, number];

export class Canvas {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
  constructor(width: number, height: number, background: RGB) {
    this.width = width;
    this.height = height;
    this.data = new Uint8Array(width * height * 3);
    this.rect(0, 0, width, height, background);
  }
  set(x: number, y: number, c: RGB) {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * 3;
    this.data[i] = c[0];
    this.data[i + 1] = c[1];
    this.data[i + 2] = c[2];
  }
  rect(x0: number, y0: number, w: number, h: number, c: RGB) {
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) this.set(x, y, c);
  }
  ellipse(cx: number, cy: number, rx: number, ry: number, c: RGB) {
    for (let y = Math.floor(cy - ry); y <= cy + ry; y++)
      for (let x = Math.floor(cx - rx); x <= cx + rx; x++)
        if (((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1) this.set(x, y, c);
  }
  text(str: string, x: number, y: number, scale: number, c: RGB) {
    let cx = x;
    for (const ch of str.toUpperCase()) {
      const glyph = FONT[ch] ?? FONT[" "];
      glyph.forEach((row, gy) => {
        for (let gx = 0; gx < 5; gx++) if (row & (1 << (4 - gx))) this.rect(cx + gx * scale, y + gy * scale, scale, scale, c);
      });
      cx += 6 * scale;
    }
  }
  static textWidth(str: string, scale: number) {
    return str.length * 6 * scale - scale;
  }
  png(): Uint8Array {
    const raw = new Uint8Array((this.width * 3 + 1) * this.height);
    for (let y = 0; y < this.height; y++) {
      raw[y * (this.width * 3 + 1)] = 0;
      raw.set(this.data.subarray(y * this.width * 3, (y + 1) * this.width * 3), y * (this.width * 3 + 1) + 1);
    }
    return encodePng(this.width, this.height, 2, raw);
  }
}

/**
 * A PNG file from its unfiltered scanlines (each row: filter byte 0, then the pixels), 8 bits
 * per channel; colour type 2 = RGB, 6 = RGBA.
 */
export function encodePng(width: number, height: number, colourType: 2 | 6, scanlines: Uint8Array): Uint8Array {
  const ihdr = new Uint8Array(13);
  const dv = new DataView(ihdr.buffer);
  dv.setUint32(0, width);
  dv.setUint32(4, height);
  ihdr.set([8, colourType, 0, 0, 0], 8);
  return concat([
    new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", ihdr),
    chunk("IDAT", zlibSync(scanlines)),
    chunk("IEND", new Uint8Array(0)),
  ]);
}

/**
 * A PNG whose pixels are all transparent black, compressed row by row so that making it never
 * holds the raw image: a 6000×6000 RGBA one is about 140 KB on disk and 144 MB decoded (the
 * decompression bomb of issue 15.2).
 */
export function blankPng(width: number, height: number, colourType: 2 | 6 = 6): Uint8Array {
  const parts: Uint8Array[] = [];
  const z = new Zlib({ level: 9 }, (data) => parts.push(data));
  const rows = Math.max(1, Math.floor((1 << 20) / (1 + width * 4)));
  const block = new Uint8Array(rows * (1 + width * (colourType === 6 ? 4 : 3)));
  for (let y = 0; y < height; y += rows) {
    const n = Math.min(rows, height - y);
    z.push(block.subarray(0, (block.length / rows) * n), y + n >= height);
  }
  const ihdr = new Uint8Array(13);
  const dv = new DataView(ihdr.buffer);
  dv.setUint32(0, width);
  dv.setUint32(4, height);
  ihdr.set([8, colourType, 0, 0, 0], 8);
  return concat([
    new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", ihdr),
    chunk("IDAT", concat(parts)),
    chunk("IEND", new Uint8Array(0)),
  ]);
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, data.length);
  const typeBytes = new TextEncoder().encode(type);
  out.set(typeBytes, 4);
  out.set(data, 8);
  dv.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

// 5x7 bitmap font: each row is 5 bits, most significant bit on the left.
const FONT: Record<string, number[]> = {
  " ": [0, 0, 0, 0, 0, 0, 0],
  A: [14, 17, 17, 31, 17, 17, 17], B: [30, 17, 17, 30, 17, 17, 30], C: [14, 17, 16, 16, 16, 17, 14],
  D: [30, 17, 17, 17, 17, 17, 30], E: [31, 16, 16, 30, 16, 16, 31], F: [31, 16, 16, 30, 16, 16, 16],
  G: [14, 17, 16, 23, 17, 17, 15], H: [17, 17, 17, 31, 17, 17, 17], I: [14, 4, 4, 4, 4, 4, 14],
  J: [7, 2, 2, 2, 2, 18, 12], K: [17, 18, 20, 24, 20, 18, 17], L: [16, 16, 16, 16, 16, 16, 31],
  M: [17, 27, 21, 21, 17, 17, 17], N: [17, 17, 25, 21, 19, 17, 17], O: [14, 17, 17, 17, 17, 17, 14],
  P: [30, 17, 17, 30, 16, 16, 16], Q: [14, 17, 17, 17, 21, 18, 13], R: [30, 17, 17, 30, 20, 18, 17],
  S: [15, 16, 16, 14, 1, 1, 30], T: [31, 4, 4, 4, 4, 4, 4], U: [17, 17, 17, 17, 17, 17, 14],
  V: [17, 17, 17, 17, 17, 10, 4], W: [17, 17, 17, 21, 21, 21, 10], X: [17, 17, 10, 4, 10, 17, 17],
  Y: [17, 17, 10, 4, 4, 4, 4], Z: [31, 1, 2, 4, 8, 16, 31],
  "0": [14, 17, 19, 21, 25, 17, 14], "1": [4, 12, 4, 4, 4, 4, 14], "2": [14, 17, 1, 2, 4, 8, 31],
  "3": [31, 2, 4, 2, 1, 17, 14], "4": [2, 6, 10, 18, 31, 2, 2], "5": [31, 16, 30, 1, 1, 17, 14],
  "6": [6, 8, 16, 30, 17, 17, 14], "7": [31, 1, 2, 4, 8, 8, 8], "8": [14, 17, 17, 14, 17, 17, 14],
  "9": [14, 17, 17, 15, 1, 2, 12], "-": [0, 0, 0, 31, 0, 0, 0], ".": [0, 0, 0, 0, 0, 12, 12],
  "&": [12, 18, 20, 8, 21, 18, 13],
};

/** A head-and-shoulders portrait on a coloured background. */
export function portrait(bg: RGB, fg: RGB): Uint8Array {
  const c = new Canvas(240, 240, bg);
  c.ellipse(120, 92, 46, 52, fg);
  c.ellipse(120, 240, 92, 78, fg);
  return c.png();
}

/** A partner logo: coloured band with the partner's name in block letters. */
export function logo(title: string, bg: RGB, fg: RGB): Uint8Array {
  const c = new Canvas(400, 160, [255, 255, 255]);
  c.rect(0, 0, 400, 160, [250, 250, 250]);
  c.rect(0, 0, 400, 12, bg);
  c.rect(0, 148, 400, 12, bg);
  const words = title.toUpperCase().split(/\s+/);
  const lines: string[] = [];
  for (const w of words) {
    const last = lines[lines.length - 1];
    if (last && Canvas.textWidth(`${last} ${w}`, 4) <= 370) lines[lines.length - 1] = `${last} ${w}`;
    else lines.push(w);
  }
  const scale = lines.length > 2 ? 3 : 4;
  const lineHeight = 9 * scale;
  let y = 80 - (lines.length * lineHeight) / 2 + scale;
  for (const line of lines.slice(0, 3)) {
    c.text(line, Math.max(10, Math.round((400 - Canvas.textWidth(line, scale)) / 2)), Math.round(y), scale, fg);
    y += lineHeight;
  }
  return c.png();
}

/** A journal emblem: gold and navy rings around a cream disc with a green sprout. */
export function emblem(): Uint8Array {
  const c = new Canvas(240, 240, [255, 255, 255]);
  c.ellipse(120, 120, 116, 116, [176, 141, 60]);
  c.ellipse(120, 120, 104, 104, [20, 54, 93]);
  c.ellipse(120, 120, 70, 70, [248, 243, 230]);
  c.rect(112, 70, 16, 100, [46, 125, 50]);
  c.ellipse(95, 100, 26, 12, [46, 125, 50]);
  c.ellipse(145, 125, 26, 12, [46, 125, 50]);
  return c.png();
}
