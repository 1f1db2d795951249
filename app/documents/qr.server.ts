/** A certificate's verification URL as a QR code drawn as vector rectangles (the matrix: app/lib/qr.ts). */
import { qrMatrix } from "../lib/qr";
import type { Canvas } from "./canvas.server";
import { num } from "./fonts.server";

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
