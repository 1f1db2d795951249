/**
 * The journal's own logo on documents. A PNG is decoded and deflated (and its alpha channel
 * split into a soft mask) ONCE per isolate per logo, a JPEG passed through as it is; every
 * document then embeds the prepared bytes as raw image streams — no decoding or compression per
 * certificate. Logo object names change with every upload, so a prepared logo never goes stale.
 */
import { JpegEmbedder, PDFContext, PDFName, PDFRawStream, PDFRef, PngEmbedder, type PDFDict, type PDFObject } from "pdf-lib";
import { decodableImage, imageHeader } from "../storage/uploads.server";
import type { Canvas, DocBuilder } from "./canvas.server";

interface PreparedStream {
  entries: [PDFName, PDFObject][];
  bytes: Uint8Array;
}

export interface PreparedLogo {
  /** Cache key: the stored object's name (a new one per upload). */
  name: string;
  width: number;
  height: number;
  image: PreparedStream;
  smask: PreparedStream | null;
}

const prepared = new Map<string, Promise<PreparedLogo>>();
/**
 * Logos this isolate found unusable (missing, not an image, too many pixels, undecodable):
 * never read or decoded again here, the documents use the seal. Names change with every
 * upload, so a new logo is tried afresh.
 */
const unusable = new Set<string>();

/** Whether this isolate has found the logo unusable (tests). */
export function isUnusableLogo(name: string): boolean {
  return unusable.has(name);
}

class UnusableLogoError extends Error {
  constructor(name: string, why: string) {
    super(`logo ${name} left out: ${why}`);
    this.name = "UnusableLogoError";
  }
}
/** How many logos this isolate has decoded (tests check it is once per logo, not per document). */
export const logoPreparations = { count: 0 };

const SKIP = new Set(["Length", "SMask"]);

function take(context: PDFContext, ref: PDFRef): PreparedStream {
  const stream = context.lookup(ref) as PDFRawStream;
  const dict: PDFDict = stream.dict;
  const entries = dict.entries().filter(([key]) => !SKIP.has(key.decodeText()));
  // For a deflated stream getContents() is the compressed bytes (computed once, here).
  return { entries, bytes: stream.getContents() };
}

async function prepare(name: string, kind: "png" | "jpg", load: () => Promise<Uint8Array>): Promise<PreparedLogo> {
  const bytes = await load();
  // The real structure, dimensions and decoding cost, before anything is decoded — whatever the
  // upload check said, the stored object is read as a decoder would read it (a forged first
  // chunk, a second header or a bomb never reaches the decoder).
  const header = imageHeader(bytes);
  if (!header || header.ext !== kind) throw new UnusableLogoError(name, "not a well-formed PNG or JPEG");
  if (!decodableImage(bytes)) throw new UnusableLogoError(name, `${header.width}×${header.height} px is over the pixel or memory bound, or its data does not match its header`);
  logoPreparations.count++;
  const context = PDFContext.create();
  let embedder: PngEmbedder | JpegEmbedder;
  let ref: PDFRef;
  try {
    embedder = kind === "png" ? await PngEmbedder.for(bytes) : await JpegEmbedder.for(bytes);
    ref = await embedder.embedIntoContext(context);
  } catch (error) {
    throw new UnusableLogoError(name, `cannot be decoded (${error instanceof Error ? error.message : String(error)})`);
  }
  const image = context.lookup(ref) as PDFRawStream;
  const smask = image.dict.get(PDFName.of("SMask"));
  return {
    name,
    width: embedder.width,
    height: embedder.height,
    image: take(context, ref),
    smask: smask instanceof PDFRef ? take(context, smask) : null,
  };
}

/**
 * The prepared form of a stored logo, built on first use in this isolate; `load` (reading the
 * object from R2) runs only then.
 */
export function prepareLogo(name: string, kind: "png" | "jpg", load: () => Promise<Uint8Array>): Promise<PreparedLogo> {
  if (unusable.has(name)) return Promise.reject(new UnusableLogoError(name, "found unusable before in this isolate"));
  let entry = prepared.get(name);
  if (!entry) {
    if (prepared.size >= 32) prepared.clear();
    if (unusable.size >= 256) unusable.clear();
    entry = prepare(name, kind, load);
    // A logo that cannot be used is remembered as such (the documents then use the seal); a
    // failed read from storage is only forgotten, so the next document tries again.
    entry.catch((error) => {
      prepared.delete(name);
      if (error instanceof UnusableLogoError) unusable.add(name);
    });
    prepared.set(name, entry);
  }
  return entry;
}

function register(builder: DocBuilder, stream: PreparedStream, extra: Record<string, PDFObject> = {}): PDFRef {
  const context = builder.doc.context;
  const dict = context.obj({});
  for (const [key, value] of stream.entries) dict.set(key, value);
  for (const [key, value] of Object.entries(extra)) dict.set(PDFName.of(key), value);
  dict.set(PDFName.of("Length"), context.obj(stream.bytes.length));
  return context.register(PDFRawStream.of(dict, stream.bytes));
}

/** The logo as an image XObject of this document (registered once per document). */
function logoRef(builder: DocBuilder, logo: PreparedLogo): PDFRef {
  return builder.sharedRef(`logo:${logo.name}`, () => {
    const smask = logo.smask ? register(builder, logo.smask) : null;
    return register(builder, logo.image, smask ? { SMask: smask } : {});
  });
}

/** Draws the logo fitted (aspect kept) into a `box`-point square centred on (cx, cy). */
export function drawLogo(canvas: Canvas, logo: PreparedLogo, cx: number, cy: number, box: number, opacity?: PDFRef): void {
  const scale = box / Math.max(logo.width, logo.height);
  const w = logo.width * scale;
  const h = logo.height * scale;
  canvas.image(logoRef(canvas.builder, logo), cx - w / 2, cy - h / 2, w, h, opacity);
}

/** Draws an image fitted (aspect kept) into the box (x, y, w, h), centred across and resting on its bottom edge. */
export function drawImageInBox(canvas: Canvas, image: PreparedLogo, x: number, y: number, w: number, h: number): void {
  const scale = Math.min(w / image.width, h / image.height);
  const dw = image.width * scale;
  const dh = image.height * scale;
  canvas.image(logoRef(canvas.builder, image), x + (w - dw) / 2, y, dw, dh);
}
