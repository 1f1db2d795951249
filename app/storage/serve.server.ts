/**
 * One stored object answered over HTTP: the public files (/assets, the PDF beside its abstract
 * page, the journal list's logos) and the staff's PDF view share it. Validators, ranges and
 * conditional requests follow RFC 9110 (app/http/conditional.ts), decided from the object's
 * metadata before its body is read: a stale If-Range gets the whole current file (never another
 * version's bytes spliced onto the client's), a range past the end a 416, and a malformed
 * header is never a 500.
 */
import { contentDisposition } from "../http/content-disposition";
import { decide } from "../http/conditional";
import { contentTypeFor } from "./keys.server";

interface StoredFileOptions {
  key: string;
  /** The name readers see (type and Content-Disposition come from it). */
  fileName: string;
  cacheControl: string;
  /** More headers for every answer (a canonical Link, X-Robots-Tag…). */
  headers?: Record<string, string>;
}

/**
 * How long shared caches may keep a file before asking again. An article's PDF keeps its URL
 * when it is replaced or withdrawn, so every use revalidates (a 304 is cheap); pictures, logos
 * and signatures get a new name with every upload, so only a removal must reach caches, within
 * minutes.
 */
export const FILE_CACHE = {
  replaceable: "public, no-cache",
  versioned: "public, max-age=300, must-revalidate",
} as const;

const CONDITIONAL = ["range", "if-match", "if-none-match", "if-modified-since", "if-unmodified-since"];

/** The answer for a GET or HEAD of `opts.key`, or null when no such object exists (a 404 for the caller). */
export async function serveStoredFile(bucket: R2Bucket, request: Request, opts: StoredFileOptions): Promise<Response | null> {
  const method = request.method === "HEAD" ? "HEAD" : "GET";
  const conditional = CONDITIONAL.some((h) => request.headers.has(h));
  // The plain GET, most downloads, costs one R2 call; anything conditional asks for metadata first.
  if (method === "GET" && !conditional) {
    const object = await bucket.get(opts.key);
    if (!object) return null;
    const headers = fileHeaders(object, opts);
    headers.set("content-length", String(object.size));
    return new Response(object.body, { status: 200, headers });
  }
  const meta = await bucket.head(opts.key);
  if (!meta) return null;
  const headers = fileHeaders(meta, opts);
  const decision = decide(method, request.headers, { etag: meta.httpEtag, lastModified: meta.uploaded, size: meta.size });
  switch (decision.status) {
    case 304:
    case 412:
      headers.delete("content-type");
      headers.delete("content-disposition");
      return new Response(null, { status: decision.status, headers });
    case 416:
      headers.set("content-range", `bytes */${meta.size}`);
      headers.set("content-length", "0");
      return new Response(null, { status: 416, headers });
    case 206: {
      // The same object the decision was made on (keys are written once, but say so to R2 too).
      const part = await bucket.get(opts.key, { range: { offset: decision.offset, length: decision.length }, onlyIf: { etagMatches: meta.etag } });
      if (part && "body" in part) {
        headers.set("content-range", `bytes ${decision.offset}-${decision.offset + decision.length - 1}/${meta.size}`);
        headers.set("content-length", String(decision.length));
        return new Response(part.body, { status: 206, headers });
      }
      break; // replaced or gone meanwhile: answer with what is there now
    }
    default:
      if (method === "HEAD") {
        headers.set("content-length", String(meta.size));
        return new Response(null, { status: 200, headers });
      }
  }
  const object = await bucket.get(opts.key);
  if (!object) return null;
  const current = fileHeaders(object, opts);
  current.set("content-length", String(object.size));
  return new Response(object.body, { status: 200, headers: current });
}

function fileHeaders(object: R2Object, opts: StoredFileOptions): Headers {
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("content-type", contentTypeFor(opts.fileName));
  headers.set("etag", object.httpEtag);
  headers.set("last-modified", object.uploaded.toUTCString());
  headers.set("accept-ranges", "bytes");
  headers.set("cache-control", opts.cacheControl);
  headers.set("x-content-type-options", "nosniff");
  // Uploaded content never runs as part of the site.
  headers.set("content-security-policy", "sandbox");
  headers.set("content-disposition", contentDisposition("inline", opts.fileName));
  for (const [name, value] of Object.entries(opts.headers ?? {})) headers.set(name, value);
  return headers;
}
