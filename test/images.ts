import { unzlibSync } from "fflate";
// With its extension: the browser tests (plain node --test) load this file too.
import { concat, encodePng } from "../app/lib/png.ts";

/** Real, decodable test images (the upload checks read only headers; PDFs decode them). */

/** An RGBA PNG: a navy disc on a transparent square (so it has an alpha channel). */
export function rgbaPng(width = 64, height = 48): Uint8Array {
  const raw = new Uint8Array(height * (1 + width * 4));
  for (let y = 0; y < height; y++) {
    raw[y * (1 + width * 4)] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const i = y * (1 + width * 4) + 1 + x * 4;
      const inside = (x - width / 2) ** 2 + (y - height / 2) ** 2 < (Math.min(width, height) / 2) ** 2;
      raw.set(inside ? [20, 54, 93, 255] : [0, 0, 0, 0], i);
    }
  }
  return encodePng(width, height, 6, raw);
}

/** A 1×1 baseline-style JPEG built from its segments (enough for PDF's DCTDecode embedding). */
export function tinyJpeg(): Uint8Array {
  return new Uint8Array([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x01, 0x00, 0x48, 0x00, 0x48, 0x00, 0x00,
    0xff, 0xdb, 0x00, 0x43, 0x00, ...new Array<number>(64).fill(0xff),
    0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01, 0x11, 0x00,
    0xff, 0xc4, 0x00, 0x14, 0x00, 0x01, ...new Array<number>(16).fill(0x00),
    0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00, 0xd2, 0xcf, 0x20, 0xff, 0xd9,
  ]);
}

/**
 * Decodes an 8-bit RGB or RGBA PNG (any scanline filter, no interlace) to RGB pixels — enough
 * to read back the images the site draws (tests look at what a reader would see).
 */
export function decodePng(bytes: Uint8Array): { width: number; height: number; rgb: Uint8Array } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  const [depth, colourType, , , interlace] = bytes.subarray(24, 29);
  if (depth !== 8 || (colourType !== 2 && colourType !== 6) || interlace !== 0) throw new Error("decodePng: only 8-bit RGB(A), not interlaced");
  const idat: Uint8Array[] = [];
  for (let o = 8; o < bytes.length; ) {
    const length = view.getUint32(o);
    const type = new TextDecoder().decode(bytes.subarray(o + 4, o + 8));
    if (type === "IDAT") idat.push(bytes.subarray(o + 8, o + 8 + length));
    o += 12 + length;
  }
  const raw = unzlibSync(concat(idat));
  const bpp = colourType === 6 ? 4 : 3;
  const stride = width * bpp;
  const pixels = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const a = i >= bpp ? pixels[y * stride + i - bpp] : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + i] : 0;
      const c = i >= bpp && y > 0 ? pixels[(y - 1) * stride + i - bpp] : 0;
      const p = a + b - c;
      const pa = Math.abs(p - a);
      const pb = Math.abs(p - b);
      const pc = Math.abs(p - c);
      const predictor = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][filter];
      pixels[y * stride + i] = (line[i] + predictor) & 255;
    }
  }
  if (bpp === 3) return { width, height, rgb: pixels };
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) rgb.set(pixels.subarray(i * 4, i * 4 + 3), i * 3);
  return { width, height, rgb };
}

/** A square RGBA PNG of `size` px: an opaque disc of `colour` on a transparent ground (compresses to a few KB at any size). */
export function discPng(size: number, colour: [number, number, number]): Uint8Array {
  const raw = new Uint8Array(size * (1 + size * 4));
  const r2 = (size / 2) ** 2;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if ((x + 0.5 - size / 2) ** 2 + (y + 0.5 - size / 2) ** 2 < r2) raw.set([...colour, 255], y * (1 + size * 4) + 1 + x * 4);
    }
  }
  return encodePng(size, size, 6, raw);
}
