/**
 * The one PNG encoder: CRC-32, chunks and the file of 8-bit RGB/RGBA images. Used by the
 * link-preview image (app/documents/preview-image.server.ts), the seed's demo images
 * (scripts/seed/png.ts) and the tests' images. Pure TypeScript with fflate's zlib, so it runs in
 * the Worker, in workerd tests and in Node alike.
 */
import { Zlib, zlibSync, type DeflateOptions } from "fflate";

/** PNG colour types written here: 2 = RGB, 6 = RGBA (8 bits per channel). */
type PngColourType = 2 | 6;

const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** CRC-32 (ISO 3309) as PNG chunks carry it. */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** One PNG chunk: length, four-letter type, data, CRC of type and data. */
export function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  dv.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** The parts joined into one array (also used by tests to join streamed chunks). */
export function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

/** A PNG file from its header fields and its already-compressed image data (one IDAT chunk). */
export function pngFile(width: number, height: number, colourType: PngColourType, idat: Uint8Array): Uint8Array {
  const ihdr = new Uint8Array(13);
  const dv = new DataView(ihdr.buffer);
  dv.setUint32(0, width);
  dv.setUint32(4, height);
  ihdr.set([8, colourType, 0, 0, 0], 8);
  return concat([new Uint8Array(SIGNATURE), pngChunk("IHDR", ihdr), pngChunk("IDAT", idat), pngChunk("IEND", new Uint8Array(0))]);
}

/**
 * A PNG file from its unfiltered scanlines (each row: filter byte 0, then the pixels).
 * `level` is zlib's compression level (fflate's default, 6, unless given).
 */
export function encodePng(width: number, height: number, colourType: PngColourType, scanlines: Uint8Array, level?: DeflateOptions["level"]): Uint8Array {
  return pngFile(width, height, colourType, zlibSync(scanlines, level === undefined ? undefined : { level }));
}

/** Scanlines (filter byte 0 before each row) of tightly packed pixels, `channels` bytes each. */
function scanlines(width: number, height: number, channels: 3 | 4, pixels: Uint8Array): Uint8Array {
  const row = width * channels;
  const raw = new Uint8Array(height * (1 + row));
  for (let y = 0; y < height; y++) raw.set(pixels.subarray(y * row, (y + 1) * row), y * (1 + row) + 1);
  return raw;
}

/** An 8-bit RGB PNG from tightly packed RGB pixels. */
export function encodeRgbPng(width: number, height: number, rgb: Uint8Array, level?: DeflateOptions["level"]): Uint8Array {
  return encodePng(width, height, 2, scanlines(width, height, 3, rgb), level);
}

/**
 * A PNG whose pixels are all transparent black (or black, for RGB), compressed row by row so
 * that making it never holds the raw image: a 6000×6000 RGBA one is about 140 KB on disk and
 * 144 MB decoded (the decompression bomb the upload checks refuse).
 */
export function blankPng(width: number, height: number, colourType: PngColourType = 6): Uint8Array {
  const parts: Uint8Array[] = [];
  const z = new Zlib({ level: 9 }, (data) => parts.push(data));
  const rows = Math.max(1, Math.floor((1 << 20) / (1 + width * 4)));
  const block = new Uint8Array(rows * (1 + width * (colourType === 6 ? 4 : 3)));
  for (let y = 0; y < height; y += rows) {
    const n = Math.min(rows, height - y);
    z.push(block.subarray(0, (block.length / rows) * n), y + n >= height);
  }
  return pngFile(width, height, colourType, concat(parts));
}
