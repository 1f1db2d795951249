/**
 * A certificate's verification URL as a QR code (byte mode, error correction level M), drawn as
 * vector rectangles. The matrix comes from uqr, a maintained encoder (MIT, unjs); it replaced a
 * hand-written encoder here (ADR 010: identical matrices, ~0.5 ms per code, 3.8 KB gzipped).
 */
import { encode } from "uqr";
import type { Canvas } from "./canvas.server";
import { num } from "./fonts.server";

/** Larger versions are too dense to scan reliably at the size certificates print them. */
const MAX_VERSION = 15;

/** The QR matrix for `text` (true = dark), or null if it needs more than version 15-M. */
export function qrMatrix(text: string): boolean[][] | null {
  try {
    const { data, version } = encode(text, { ecc: "M", border: 0 });
    return version <= MAX_VERSION ? data : null;
  } catch {
    return null; // longer than any QR version holds
  }
}

/** Draws the QR code of `text` with its bottom-left corner at (x, y), `size` points square. */
export function drawQr(canvas: Canvas, text: string, x: number, y: number, size: number): boolean {
  const matrix = qrMatrix(text);
  if (!matrix) return false;
  const n = matrix.length;
  const quiet = 2;
  const cell = size / (n + quiet * 2);
  let ops = `q 1 1 1 rg ${num(x)} ${num(y)} ${num(size)} ${num(size)} re f 0.078 0.212 0.365 rg\n`;
  for (let row = 0; row < n; row++) {
    const top = y + size - (quiet + row + 1) * cell;
    for (let col = 0; col < n; ) {
      if (!matrix[row][col]) {
        col++;
        continue;
      }
      let end = col;
      while (end < n && matrix[row][end]) end++;
      ops += `${num(x + (quiet + col) * cell)} ${num(top - 0.02)} ${num((end - col) * cell)} ${num(cell + 0.04)} re\n`;
      col = end;
    }
  }
  ops += "f Q";
  canvas.raw(ops);
  return true;
}

/**
 * The QR code of `text` as an SVG path of unit squares (with a 4-module quiet zone, as phone
 * scanners expect on a screen), for pages: `d` draws the dark modules in a `size`-unit square.
 */
export function qrSvgPath(text: string): { size: number; d: string } | null {
  const matrix = qrMatrix(text);
  if (!matrix) return null;
  const quiet = 4;
  let d = "";
  matrix.forEach((row, y) => {
    for (let x = 0; x < row.length; ) {
      if (!row[x]) {
        x++;
        continue;
      }
      let end = x;
      while (end < row.length && row[end]) end++;
      d += `M${x + quiet} ${y + quiet}h${end - x}v1h-${end - x}z`;
      x = end;
    }
  });
  return { size: matrix.length + quiet * 2, d };
}
