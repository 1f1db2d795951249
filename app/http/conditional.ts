/**
 * Conditional and range requests for stored files (RFC 9110 §13 and §14), decided from the
 * request's headers and the file's validators before any byte is read. Every header here is
 * untrusted text: a malformed one is answered as the RFC allows (ignored, or a failed
 * condition), never thrown.
 */

interface Validators {
  /** The strong entity tag, quoted: `"abc…"`. */
  etag: string;
  lastModified: Date;
  size: number;
}

type Decision =
  /** 200 with the whole file. */
  | { status: 200 }
  /** 206 with bytes offset … offset + length − 1. */
  | { status: 206; offset: number; length: number }
  /** 304: the client's copy is current. */
  | { status: 304 }
  /** 412: an If-Match or If-Unmodified-Since condition failed. */
  | { status: 412 }
  /** 416: no byte of the range exists; `Content-Range: bytes *\/{size}`. */
  | { status: 416 };

interface EntityTag {
  weak: boolean;
  opaque: string;
}

const ENTITY_TAG = /^(W\/)?("[\x21\x23-\x7E\x80-\xFF]*")$/;

function parseEntityTag(text: string): EntityTag | null {
  const m = ENTITY_TAG.exec(text.trim());
  return m ? { weak: !!m[1], opaque: m[2] } : null;
}

/**
 * An If-Match / If-None-Match value: `*`, or the well-formed entity tags of a comma-separated
 * list. Members that are not entity tags are left out (a list holding none matches nothing).
 */
function parseTagList(header: string): "*" | EntityTag[] {
  if (header.trim() === "*") return "*";
  const tags: EntityTag[] = [];
  // Commas may sit inside a quoted tag, so split on the tags themselves.
  for (const m of header.matchAll(/(?:W\/)?"[^"]*"/g)) {
    const tag = parseEntityTag(m[0]);
    if (tag) tags.push(tag);
  }
  return tags;
}

const strongMatch = (a: EntityTag, b: EntityTag) => !a.weak && !b.weak && a.opaque === b.opaque;
const weakMatch = (a: EntityTag, b: EntityTag) => a.opaque === b.opaque;

const HTTP_DATE =
  /^(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT|(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \d{2}-(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)-\d{2} \d{2}:\d{2}:\d{2} GMT|(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [ \d]\d \d{2}:\d{2}:\d{2} \d{4})$/;

/** An HTTP-date (IMF-fixdate, RFC 850 or asctime) in whole seconds, or null. */
export function parseHttpDate(header: string | null): number | null {
  if (header === null) return null;
  const value = header.trim();
  if (!HTTP_DATE.test(value)) return null;
  const ms = Date.parse(value.endsWith("GMT") ? value : `${value} GMT`);
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** Digits as a byte position; more than 15 digits is past any file we hold. */
function position(digits: string): number {
  return digits.length > 15 ? Number.POSITIVE_INFINITY : Number(digits);
}

type RangeAnswer = { kind: "ignore" } | { kind: "unsatisfiable" } | { kind: "range"; offset: number; length: number };

/**
 * A `Range` header against a file of `size` bytes. One satisfiable byte range is served; a
 * malformed header, another unit or several ranges are ignored (the whole file, which §14.2
 * allows); a set of ranges none of which holds a byte of the file is unsatisfiable.
 */
export function parseRange(header: string, size: number): RangeAnswer {
  const m = /^\s*bytes\s*=\s*(.+)$/i.exec(header);
  if (!m) return { kind: "ignore" };
  const specs = m[1].split(",").map((s) => s.trim()).filter(Boolean);
  if (!specs.length) return { kind: "ignore" };
  const satisfiable: { offset: number; length: number }[] = [];
  for (const spec of specs) {
    const r = /^(\d*)-(\d*)$/.exec(spec);
    if (!r || (!r[1] && !r[2])) return { kind: "ignore" };
    if (!r[1]) {
      // Suffix: the last n bytes.
      const n = position(r[2]);
      if (n > 0 && size > 0) {
        const length = Math.min(n, size);
        satisfiable.push({ offset: size - length, length });
      }
      continue;
    }
    const first = position(r[1]);
    const last = r[2] ? position(r[2]) : Number.POSITIVE_INFINITY;
    if (last < first) return { kind: "ignore" };
    if (first >= size) continue;
    satisfiable.push({ offset: first, length: Math.min(last, size - 1) - first + 1 });
  }
  if (!satisfiable.length) return { kind: "unsatisfiable" };
  if (satisfiable.length > 1) return { kind: "ignore" };
  return { kind: "range", ...satisfiable[0] };
}

/** Whether If-Range lets the Range apply: its tag matches strongly, or its date is exactly Last-Modified. */
function ifRangeHolds(header: string, v: Validators): boolean {
  const current = parseEntityTag(v.etag);
  const tag = parseEntityTag(header);
  if (tag) return !!current && strongMatch(tag, current);
  const date = parseHttpDate(header);
  return date !== null && date === seconds(v.lastModified);
}

/**
 * What to answer for a GET or HEAD of a file with these validators (RFC 9110 §13.2.2 order:
 * If-Match, If-Unmodified-Since, If-None-Match, If-Modified-Since, then Range with If-Range).
 */
export function decide(method: string, headers: Headers, v: Validators): Decision {
  const current = parseEntityTag(v.etag);
  const ifMatch = headers.get("if-match");
  if (ifMatch !== null) {
    const list = parseTagList(ifMatch);
    const ok = list === "*" || (!!current && list.some((t) => strongMatch(t, current)));
    if (!ok) return { status: 412 };
  } else {
    const since = parseHttpDate(headers.get("if-unmodified-since"));
    if (since !== null && seconds(v.lastModified) > since) return { status: 412 };
  }
  const ifNoneMatch = headers.get("if-none-match");
  if (ifNoneMatch !== null) {
    const list = parseTagList(ifNoneMatch);
    if (list === "*" || (!!current && list.some((t) => weakMatch(t, current)))) return { status: 304 };
  } else {
    const since = parseHttpDate(headers.get("if-modified-since"));
    if (since !== null && seconds(v.lastModified) <= since) return { status: 304 };
  }
  const range = headers.get("range");
  if (method !== "GET" || range === null) return { status: 200 };
  const ifRange = headers.get("if-range");
  // A stale validator: the client's partial copy is of another file, so it gets the whole one.
  if (ifRange !== null && !ifRangeHolds(ifRange, v)) return { status: 200 };
  const answer = parseRange(range, v.size);
  if (answer.kind === "ignore") return { status: 200 };
  if (answer.kind === "unsatisfiable") return { status: 416 };
  return { status: 206, offset: answer.offset, length: answer.length };
}
