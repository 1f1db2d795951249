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
