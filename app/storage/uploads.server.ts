/**
 * Checks on uploaded files, by content rather than by the client's file name or type.
 */
import { MAX_PDF_BYTES } from "../schemas/article";

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const MAX_IMAGE_SIDE = 6000;
/**
 * Issue 15.2: images the server decodes (the journal logo, decoded by pdf-lib for documents)
 * may have at most this many pixels. Decoding costs about 5 bytes per pixel at its peak (a
 * 6000×6000 PNG took +175 MB), so 4 MP stays near 20 MB — comfortable in the 128 MB isolate
 * beside the rest of the request. The limit is read from the header, before decoding.
 */
export const MAX_DECODED_PIXELS = 4_000_000;

export type UploadError = "file_too_large" | "not_a_pdf" | "unsupported_image" | "image_too_large" | "not_transparent";

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

export interface CheckedImage {
  bytes: Uint8Array;
  ext: "jpg" | "png" | "webp";
  contentType: string;
  width: number;
  height: number;
}

function pngSize(b: Uint8Array): [number, number] | null {
  if (b.length < 24 || !startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return null;
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  return [dv.getUint32(16), dv.getUint32(20)];
}

function jpegSize(b: Uint8Array): [number, number] | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1];
    const length = (b[i + 2] << 8) | b[i + 3];
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return [(b[i + 7] << 8) | b[i + 8], (b[i + 5] << 8) | b[i + 6]];
    }
    i += 2 + length;
  }
  return null;
}

function webpSize(b: Uint8Array): [number, number] | null {
  if (b.length < 30 || !startsWith(b, [0x52, 0x49, 0x46, 0x46]) || !startsWith(b, [0x57, 0x45, 0x42, 0x50], 8)) return null;
  const chunk = String.fromCharCode(b[12], b[13], b[14], b[15]);
  if (chunk === "VP8X") return [1 + (b[24] | (b[25] << 8) | (b[26] << 16)), 1 + (b[27] | (b[28] << 8) | (b[29] << 16))];
  if (chunk === "VP8 ") return [(b[26] | (b[27] << 8)) & 0x3fff, (b[28] | (b[29] << 8)) & 0x3fff];
  if (chunk === "VP8L") {
    const bits = b[21] | (b[22] << 8) | (b[23] << 16) | (b[24] << 24);
    return [(bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1];
  }
  return null;
}

/** Type and dimensions of a JPEG, PNG or WebP, read from its header only (nothing is decoded). */
export function imageHeader(bytes: Uint8Array): { ext: CheckedImage["ext"]; width: number; height: number } | null {
  let size: [number, number] | null;
  let ext: CheckedImage["ext"];
  if ((size = pngSize(bytes))) ext = "png";
  else if ((size = jpegSize(bytes))) ext = "jpg";
  else if ((size = webpSize(bytes))) ext = "webp";
  else return null;
  return { ext, width: size[0], height: size[1] };
}

/** Whether an image of these dimensions may be decoded on the server (issue 15.2). */
export function decodable(width: number, height: number): boolean {
  return width > 0 && height > 0 && width * height <= MAX_DECODED_PIXELS;
}

/** An image upload: JPEG, PNG or WebP by magic bytes (never SVG), size- and dimension-capped. */
export async function checkImage(file: File): Promise<CheckedImage> {
  if (file.size > MAX_IMAGE_BYTES) throw new UploadRejected("file_too_large", 413);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.length > MAX_IMAGE_BYTES) throw new UploadRejected("file_too_large", 413);
  const header = imageHeader(bytes);
  if (!header) throw new UploadRejected("unsupported_image");
  const { ext: kind, width, height } = header;
  if (!width || !height || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) throw new UploadRejected("image_too_large");
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
