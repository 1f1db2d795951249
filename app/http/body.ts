/**
 * Request bodies are bounded before anything reads them, so no request can exhaust the Worker's memory (ADR 017). The Worker
 * calls `boundRequest` once, before any route runs: a declared Content-Length over the route's
 * cap is refused unread, and the body is otherwise counted on the stream as the route reads it
 * — chunked bodies included — and cut off at the first chunk past the cap, so an 80 MB body
 * costs at most the cap in memory. One table below says what each route may receive.
 */
import { MAX_ARTICLE_BODY } from "../schemas/article.ts";
import { SELECTION_TOO_LARGE } from "../schemas/messages.ts";
import { MAX_SELECTION_BYTES } from "../schemas/selection.ts";

const KB = 1024;
const MB = 1024 * KB;

/** A form with one image (editor picture, journal logo, partner logo: at most 2 MB each) plus its fields. */
const MAX_IMAGE_FORM_BODY = 3 * MB;

export interface BodyRule {
  /** The largest body, in bytes, the route accepts. */
  max: number;
  /** How an over-cap body is answered: the API's JSON error, a form's own message, or a plain 413. */
  answer: "json" | "form" | "plain";
  /** The JSON error code (and message) for `answer: "json"`. */
  error?: { error: string; message?: string };
}

const PAYLOAD = { error: "payload_too_large" };
const FILE = { error: "file_too_large" };
const SELECTION = { error: "payload_too_large", message: SELECTION_TOO_LARGE };

/**
 * Caps by route, first match wins. Sign-in and OAI-PMH need a few KB; forms with files their
 * file limit plus a margin; other JSON and admin forms far less than a PDF. Anything not listed
 * (public pages take no bodies) gets the smallest cap. Paths are matched without a trailing
 * slash and without React Router's `.data` suffix (client-side form posts).
 */
const RULES: [RegExp, BodyRule][] = [
  [/^\/auth\/(login|logout)$/, { max: 8 * KB, answer: "json", error: PAYLOAD }],
  [/^\/admin\/(login|logout)$/, { max: 8 * KB, answer: "plain" }],
  [/^\/oai$/, { max: 8 * KB, answer: "plain" }],
  [/^\/api\/admin\/archives$|^\/api\/archives\/\d+$/, { max: MAX_ARTICLE_BODY, answer: "json", error: FILE }],
  [/^\/api\/(editors|settings|indexing)(\/.*)?$/, { max: MAX_IMAGE_FORM_BODY, answer: "json", error: FILE }],
  [/^\/api\/(pdf|export|doi)(\/.*)?$/, { max: MAX_SELECTION_BYTES, answer: "json", error: SELECTION }],
  [/^\/(api|auth)(\/.*)?$/, { max: 256 * KB, answer: "json", error: PAYLOAD }],
  [/^\/admin\/archives\/(add\/\d+\/\d+\/\d+|\d+)$/, { max: MAX_ARTICLE_BODY, answer: "form" }],
  [/^\/admin\/(editors\/(add|\d+)|settings|indexing(\/(add|\d+))?)$/, { max: MAX_IMAGE_FORM_BODY, answer: "form" }],
  [/^\/admin(\/.*)?$/, { max: 256 * KB, answer: "plain" }],
];
const DEFAULT_RULE: BodyRule = { max: 8 * KB, answer: "plain" };

export function bodyRule(pathname: string): BodyRule {
  const path = pathname.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
  for (const [pattern, rule] of RULES) if (pattern.test(path)) return rule;
  return DEFAULT_RULE;
}

/** Set (by the Worker only) on a form request whose declared body was over its cap and dropped unread. */
const BODY_TOO_LARGE_HEADER = "x-journal-body-too-large";

/** What a read of a bounded body throws at the first byte over the cap. */
class BodyTooLargeError extends Error {
  constructor() {
    super("request body over its cap");
    this.name = "BodyTooLargeError";
  }
}

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

type Bounded =
  | { over: false; rule: BodyRule | null; request: Request; tripped: () => boolean }
  | { over: true; rule: BodyRule; request: Request };

/**
 * The request with its body bounded by its route's cap, before any route runs. A declared
 * Content-Length over the cap: `over` (nothing is read; forms that answer with their own
 * message get a copy without a body, marked for `readForm`). Otherwise the body is wrapped in
 * a stream that counts bytes as the route reads them and errors at the first chunk past the
 * cap (chunked bodies, lying lengths): `tripped()` then says so, and the Worker answers 413
 * whatever the route made of the error. Nothing is read before the route asks for it, so a
 * call refused for other reasons (no session) never reads its body at all.
 */
export function boundRequest(request: Request): Bounded {
  const spoofed = request.headers.has(BODY_TOO_LARGE_HEADER);
  // Most requests are reads without the header: passed on as they are, nothing copied.
  if (!spoofed && (!BODY_METHODS.has(request.method) || !request.body)) return { over: false, rule: null, request, tripped: () => false };
  const headers = new Headers(request.headers);
  headers.delete(BODY_TOO_LARGE_HEADER);
  if (!BODY_METHODS.has(request.method) || !request.body) {
    return { over: false, rule: null, request: new Request(request.url, { method: request.method, headers, body: request.body }), tripped: () => false };
  }
  const rule = bodyRule(new URL(request.url).pathname);
  const declared = request.headers.get("content-length");
  if (declared !== null && (!/^\d{1,15}$/.test(declared.trim()) || Number(declared) > rule.max)) {
    request.body.cancel().catch(() => {});
    headers.set(BODY_TOO_LARGE_HEADER, "1");
    headers.delete("content-length");
    return { over: true, rule, request: new Request(request.url, { method: request.method, headers }) };
  }
  let total = 0;
  let over = false;
  const source = request.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await source.read();
      if (done) return controller.close();
      total += value.byteLength;
      if (total > rule.max) {
        over = true;
        source.cancel().catch(() => {});
        return controller.error(new BodyTooLargeError());
      }
      controller.enqueue(value);
    },
    cancel(reason) {
      return source.cancel(reason);
    },
  });
  headers.delete("content-length");
  return {
    over: false,
    rule,
    request: new Request(request.url, { method: request.method, headers, body, duplex: "half" } as RequestInit),
    tripped: () => over,
  };
}

/** True when `error` comes from reading a body past its cap. */
function isBodyTooLarge(error: unknown): boolean {
  return error instanceof BodyTooLargeError || (error instanceof Error && error.name === "BodyTooLargeError");
}

type FormRead = { ok: true; form: FormData } | { ok: false; reason: "too_large" | "malformed" };

/** A page action's form: over its cap (refused by the Worker), malformed, or read. */
export async function readForm(request: Request): Promise<FormRead> {
  if (request.headers.get(BODY_TOO_LARGE_HEADER)) return { ok: false, reason: "too_large" };
  try {
    return { ok: true, form: await request.formData() };
  } catch (error) {
    return { ok: false, reason: isBodyTooLarge(error) ? "too_large" : "malformed" };
  }
}
