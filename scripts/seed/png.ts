/**
 * Tiny PNG painter for demo images (editor portraits, partner logos) so the seed needs no
 * binary fixtures. Plain TypeScript over app/lib/png.ts, so it runs in Node (seed, samples) and
 * in workerd (the tests' images) alike.
 */
import { encodeRgbPng } from "../../app/lib/png.ts";

export type RGB = [number, number, number];

class Canvas {
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
    return encodeRgbPng(this.width, this.height, this.data);
  }
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
