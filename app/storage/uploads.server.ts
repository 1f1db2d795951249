/**
 * Checks on uploaded files, by content rather than by the client's file name or type.
 */
import { Inflate } from "fflate";
import { crc32 } from "../lib/png";
import { MAX_PDF_BYTES } from "../schemas/article";

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
const MAX_IMAGE_SIDE = 6000;
/**
 * Images the server decodes (the journal logo, decoded by pdf-lib for documents)
 * may have at most this many pixels. Decoding costs about 5 bytes per pixel at its peak (a
 * 6000×6000 PNG took +175 MB), so 4 MP stays near 20 MB — comfortable in the 128 MB isolate
 * beside the rest of the request. The limit is read from the header, before decoding.
 */
const MAX_DECODED_PIXELS = 4_000_000;

type UploadError = "file_too_large" | "not_a_pdf" | "unsupported_image" | "image_too_large" | "not_transparent";

export class UploadRejected extends Error {
  readonly code: UploadError;
  readonly status: 400 | 413;
  constructor(code: UploadError, status: 400 | 413 = 400) {
    super(code);
    this.code = code;
    this.status = status;
  }
}

function startsWith(bytes: Uint8Array, prefix: number[], offset = 0): boolean {
  return prefix.every((b, i) => bytes[offset + i] === b);
}

/** A PDF upload: at most 5,242,880 bytes and really a PDF (starts with %PDF-). */
export async function checkPdf(file: File): Promise<Uint8Array> {
  if (file.size > MAX_PDF_BYTES) throw new UploadRejected("file_too_large", 413);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.length > MAX_PDF_BYTES) throw new UploadRejected("file_too_large", 413);
  if (!startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) throw new UploadRejected("not_a_pdf");
  return bytes;
}

interface CheckedImage {
  bytes: Uint8Array;
  ext: "jpg" | "png" | "webp";
  contentType: string;
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Channels per pixel of each PNG colour type (grey, RGB, palette, grey+alpha, RGBA). */
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const PNG_DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };

interface PngInfo {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  interlace: number;
  /** Where the (consecutive) IDAT chunks' data lie: [start, end) pairs. */
  idat: [number, number][];
}

/**
 * A PNG read as a decoder reads it, or null: the signature; chunks that each fit in the file with
 * a correct CRC; IHDR first (13 bytes, valid depth and colour type) and only once; consecutive
 * IDAT chunks; IEND last, with nothing after it. The size is the real IHDR's — a first chunk
 * that merely claims a small size at the usual offset, or a second IHDR, is refused.
 */
function readPng(b: Uint8Array): PngInfo | null {
  if (b.length < 8 + 25 + 12 || !startsWith(b, PNG_SIGNATURE)) return null;
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let info: PngInfo | null = null;
  let idatDone = false;
  let ended = false;
  for (let i = 8; i < b.length; ) {
    if (ended || i + 12 > b.length) return null; // data after IEND, or a cut chunk header
    const length = dv.getUint32(i);
    const type = String.fromCharCode(b[i + 4], b[i + 5], b[i + 6], b[i + 7]);
    const end = i + 12 + length;
    if (length > 0x7fffffff || end > b.length) return null; // truncated
    if (crc32(b.subarray(i + 4, i + 8 + length)) !== dv.getUint32(i + 8 + length)) return null;
    if (!info) {
      if (type !== "IHDR" || length !== 13) return null;
      const width = dv.getUint32(i + 8);
      const height = dv.getUint32(i + 12);
      const [bitDepth, colorType, compression, filter, interlace] = [b[i + 16], b[i + 17], b[i + 18], b[i + 19], b[i + 20]];
      if (!width || !height || width > 0x7fffffff || height > 0x7fffffff) return null;
      if (!PNG_DEPTHS[colorType]?.includes(bitDepth) || compression !== 0 || filter !== 0 || interlace > 1) return null;
      info = { width, height, bitDepth, colorType, interlace, idat: [] };
    } else if (type === "IHDR") {
      return null;
    } else if (type === "IDAT") {
      if (idatDone) return null;
      info.idat.push([i + 8, i + 8 + length]);
    } else {
      if (info.idat.length) idatDone = true;
      if (type === "IEND") ended = true;
    }
    i = end;
  }
  return info && ended && info.idat.length ? info : null;
}

/** Bytes of a PNG's filtered scanlines: what its IDAT data must inflate to, exactly. */
function pngRawBytes(p: Pick<PngInfo, "width" | "height" | "bitDepth" | "colorType" | "interlace">): number {
  const bits = PNG_CHANNELS[p.colorType] * p.bitDepth;
  const rows = (w: number, h: number) => (w && h ? h * (1 + Math.ceil((w * bits) / 8)) : 0);
  if (!p.interlace) return rows(p.width, p.height);
  // Adam7: seven passes, each a smaller image of its own.
  const passes = [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]];
  let total = 0;
  for (const [x0, y0, dx, dy] of passes) total += rows(Math.ceil((p.width - x0) / dx), Math.ceil((p.height - y0) / dy));
  return total;
}

/**
 * Whether a PNG's image data inflates to exactly the bytes its header promises — streamed and
 * discarded (a few tens of KB of memory), stopping at the first byte too many. A truncated
 * stream, a short one or one that runs on is refused.
 */
function pngDataFits(b: Uint8Array, p: PngInfo): boolean {
  const expected = pngRawBytes(p);
  let produced = 0;
  let finished = false;
  let over = false;
  const inflater = new Inflate((chunk, final) => {
    produced += chunk.length;
    if (produced > expected) over = true;
    if (final) finished = true;
  });
  // zlib: a 2-byte header then deflate data; fflate's Inflate reads raw deflate.
  const all = p.idat.map(([s, e]) => b.subarray(s, e));
  let skip = 2;
  try {
    for (let k = 0; k < all.length && !over; k++) {
      let part = all[k];
      if (skip) {
        const n = Math.min(skip, part.length);
        part = part.subarray(n);
        skip -= n;
      }
      inflater.push(part, k === all.length - 1);
    }
  } catch {
    return false;
  }
  return !over && finished && produced === expected;
}

function jpegInfo(b: Uint8Array): { width: number; height: number; components: number } | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  let frame: { width: number; height: number; components: number } | null = null;
  let i = 2;
  for (;;) {
    // Markers may be preceded by any number of 0xFF fill bytes.
    if (i >= b.length || b[i] !== 0xff) return null;
    while (i < b.length && b[i] === 0xff) i++;
    if (i >= b.length) return null;
    const marker = b[i++];
    if (marker === 0xd9) return frame; // EOI: what follows is not part of this image
    if (marker === 0xd8 || marker === 0x00) return null;
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue;
    if (i + 2 > b.length) return null;
    const length = (b[i] << 8) | b[i + 1];
    if (length < 2 || i + length > b.length) return null; // truncated
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size; hierarchical
    // JPEG (DHP, EXP) is refused: decoders read one frame, and it must be the only one.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (frame) return null;
      const components = b[i + 7];
      if (length !== 8 + 3 * components || components < 1 || components > 4 || b[i + 2] !== 8) return null;
      frame = { height: (b[i + 3] << 8) | b[i + 4], width: (b[i + 5] << 8) | b[i + 6], components };
      if (!frame.width || !frame.height) return null;
    } else if (marker === 0xde || marker === 0xdf) {
      return null;
    }
    i += length;
    if (marker === 0xda) {
      if (!frame) return null;
      // Entropy-coded data up to the next marker (0xFF00 is a stuffed byte, 0xFFD0–D7 restarts).
      while (i + 1 < b.length && !(b[i] === 0xff && b[i + 1] !== 0x00 && !(b[i + 1] >= 0xd0 && b[i + 1] <= 0xd7))) i++;
      if (i + 1 >= b.length) return null; // no EOI: truncated
    }
  }
}

function webpSize(b: Uint8Array): [number, number] | null {
  if (b.length < 30 || !startsWith(b, [0x52, 0x49, 0x46, 0x46]) || !startsWith(b, [0x57, 0x45, 0x42, 0x50], 8)) return null;
  const riff = b[4] | (b[5] << 8) | (b[6] << 16) | (b[7] << 24);
  // The RIFF size covers the file after its first 8 bytes (chunks padded to even lengths).
  if (riff + 8 > b.length || riff + 8 < b.length - 1) return null;
  for (let i = 12; i < riff + 8; ) {
    if (i + 8 > b.length) return null;
    const size = b[i + 4] | (b[i + 5] << 8) | (b[i + 6] << 16) | (b[i + 7] << 24);
    if (size < 0 || i + 8 + size > b.length) return null;
    i += 8 + size + (size & 1);
  }
  const chunk = String.fromCharCode(b[12], b[13], b[14], b[15]);
  if (chunk === "VP8X") return [1 + (b[24] | (b[25] << 8) | (b[26] << 16)), 1 + (b[27] | (b[28] << 8) | (b[29] << 16))];
  if (chunk === "VP8 ") return [(b[26] | (b[27] << 8)) & 0x3fff, (b[28] | (b[29] << 8)) & 0x3fff];
  if (chunk === "VP8L") {
    const bits = b[21] | (b[22] << 8) | (b[23] << 16) | (b[24] << 24);
    return [(bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1];
  }
  return null;
}

interface ImageHeader {
  ext: CheckedImage["ext"];
  width: number;
  height: number;
  /** Bytes a decoder holds at its peak for this image (what the memory bound compares). */
  decodeBytes: number;
  png?: PngInfo;
}

/**
 * Type and real dimensions of a JPEG, PNG or WebP, from its structure as a decoder walks it (see
 * readPng, jpegInfo): null for anything malformed, truncated, with data past its end, or with a
 * second frame header. Nothing is decoded.
 */
export function imageHeader(bytes: Uint8Array): ImageHeader | null {
  const png = readPng(bytes);
  if (png) {
    // pdf-lib's reader inflates the scanlines, expands them to 8-bit RGBA and splits colour
    // and alpha: about the raw bytes plus 8 per pixel at its peak.
    return { ext: "png", width: png.width, height: png.height, decodeBytes: pngRawBytes(png) + png.width * png.height * 8, png };
  }
  if (startsWith(bytes, PNG_SIGNATURE)) return null;
  const jpeg = jpegInfo(bytes);
  // jpeg-js: coefficient buffers (2 bytes a sample, per component) and the RGB output.
  if (jpeg) return { ext: "jpg", width: jpeg.width, height: jpeg.height, decodeBytes: jpeg.width * jpeg.height * (jpeg.components * 2 + 3) };
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return null;
  const webp = webpSize(bytes);
  if (webp) return { ext: "webp", width: webp[0], height: webp[1], decodeBytes: webp[0] * webp[1] * 4 };
  return null;
}

/** Whether an image of these dimensions may be decoded on the server without running out of memory. */
export function decodable(width: number, height: number): boolean {
  return width > 0 && height > 0 && width * height <= MAX_DECODED_PIXELS;
}

/**
 * Bytes a decode may take in the Worker (of the isolate's 128 MB): a 4-megapixel 8-bit RGBA
 * PNG needs ≈ 48 MB, a 4-megapixel colour JPEG ≈ 36 MB.
 */
const MAX_DECODE_BYTES = 56 * 1024 * 1024;

/**
 * The header of a stored image the documents may decode — its real structure, within the pixel
 * and memory bounds, and for a PNG image data that inflates to exactly what the header says —
 * or null. Stored objects are checked again here whatever the upload check said: an object
 * written to R2 some other way (a restore, an older version of the site) gets the same bounds.
 */
export function decodableImage(bytes: Uint8Array): ImageHeader | null {
  const header = imageHeader(bytes);
  if (!header || !decodable(header.width, header.height) || header.decodeBytes > MAX_DECODE_BYTES) return null;
  if (header.png && !pngDataFits(bytes, header.png)) return null;
  return header;
}

/**
 * An image upload: JPEG, PNG or WebP by its structure (never SVG), size- and dimension-capped.
 * Every image upload goes through here (logo, signature, stamp, editor picture, partner image):
 * what is malformed, truncated or carries a second header is refused as unsupported, and a PNG
 * small enough to be decoded on the server must also hold exactly the image data its header
 * promises.
 */
export async function checkImage(file: File): Promise<CheckedImage> {
  if (file.size > MAX_IMAGE_BYTES) throw new UploadRejected("file_too_large", 413);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.length > MAX_IMAGE_BYTES) throw new UploadRejected("file_too_large", 413);
  const header = imageHeader(bytes);
  if (!header) throw new UploadRejected("unsupported_image");
  const { ext: kind, width, height } = header;
  if (!width || !height || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) throw new UploadRejected("image_too_large");
  if (header.png && decodable(width, height) && !pngDataFits(bytes, header.png)) throw new UploadRejected("unsupported_image");
  const contentType = kind === "jpg" ? "image/jpeg" : `image/${kind}`;
  return { bytes, ext: kind, contentType, width, height };
}

/** A short random suffix for object names, so every upload gets a fresh key. */
export function randomSuffix(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A present, non-empty File from a form field, or null. */
export function formFile(form: FormData, name: string): File | null {
  const value = form.get(name);
  return value && typeof value === "object" && "arrayBuffer" in value && (value as File).size > 0 ? (value as File) : null;
}
