/**
 * A verification URL or an authenticator key as a QR code matrix (byte mode, error correction
 * level M). The matrix comes from uqr, a maintained encoder (MIT, unjs); it replaced a
 * hand-written encoder here (ADR 010: identical matrices, ~0.5 ms per code, 3.8 KB gzipped).
 * Pages draw it as SVG (below); documents as PDF rectangles (app/documents/qr.server.ts), so
 * the pages never load the PDF code to show one.
 */
import { encode } from "uqr";

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
