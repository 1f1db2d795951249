/**
 * PDFs read back by Poppler, a reader nobody here wrote: pdftotext for the text (in reading
 * order), pdftoppm for the pixels. Used by the browser-suite tests that check what a document
 * really says (certificate QR codes and names, every character family) — never the
 * generator's own /ActualText or ToUnicode maps.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Writes `bytes` as `name` in `dir` and returns the file's path. */
export function savePdf(dir: string, name: string, bytes: ArrayBuffer | Uint8Array): string {
  const file = path.join(dir, name);
  writeFileSync(file, new Uint8Array(bytes));
  return file;
}

/** The text of a PDF file as pdftotext reads it; `layout` keeps each printed line together. */
export function pdfText(file: string, { layout = false }: { layout?: boolean } = {}): string {
  return execFileSync("pdftotext", [...(layout ? ["-layout"] : []), "-enc", "UTF-8", file, "-"], { encoding: "utf8" });
}

/** One page rendered by pdftoppm in grey: its size and one byte a pixel, rows top to bottom. */
export function renderPageGrey(file: string, { page = 1, dpi = 150 }: { page?: number; dpi?: number } = {}): { width: number; height: number; pixels: Uint8Array } {
  const prefix = path.join(path.dirname(file), `page-${path.basename(file, ".pdf")}-${page}`);
  execFileSync("pdftoppm", ["-r", String(dpi), "-gray", "-singlefile", "-f", String(page), "-l", String(page), file, prefix]);
  const pgm = readFileSync(`${prefix}.pgm`);
  // P5 header: magic, width, height, maxval, each followed by whitespace.
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 64).toString("latin1"));
  if (!header) throw new Error(`${prefix}.pgm is no binary PGM`);
  const [width, height] = [Number(header[1]), Number(header[2])];
  return { width, height, pixels: new Uint8Array(pgm.subarray(header[0].length, header[0].length + width * height)) };
}
