import { describe, expect, it } from "vitest";
import { decide, parseHttpDate, parseRange } from "./conditional";

const ETAG = '"3f2a9c"';
const MODIFIED = new Date("2026-03-04T05:06:07.890Z");
const FILE = { etag: ETAG, lastModified: MODIFIED, size: 1000 };
const get = (headers: Record<string, string>) => decide("GET", new Headers(headers), FILE);

describe("RFC 9110 conditional and range decisions", () => {
  it("serves one byte range, a suffix and an open range, clamped to the file", () => {
    expect(get({ range: "bytes=0-99" })).toEqual({ status: 206, offset: 0, length: 100 });
    expect(get({ range: "bytes=-10" })).toEqual({ status: 206, offset: 990, length: 10 });
    expect(get({ range: "bytes=990-" })).toEqual({ status: 206, offset: 990, length: 10 });
    expect(get({ range: "bytes=900-5000" })).toEqual({ status: 206, offset: 900, length: 100 });
    expect(get({ range: "bytes=-5000" })).toEqual({ status: 206, offset: 0, length: 1000 });
    expect(get({ range: "BYTES = 1-1" })).toEqual({ status: 206, offset: 1, length: 1 });
  });

  it("answers 416 when no byte of the range exists", () => {
    for (const range of ["bytes=1000-", "bytes=1000-2000", "bytes=5000-6000", "bytes=-0", "bytes=99999999999999999999-", "bytes=1000-1001, 2000-"]) {
      expect(get({ range }), range).toEqual({ status: 416 });
    }
    expect(decide("GET", new Headers({ range: "bytes=0-" }), { ...FILE, size: 0 })).toEqual({ status: 416 });
  });

  it("ignores malformed ranges, other units and multiple ranges (the whole file)", () => {
    for (const range of ["bytes=", "bytes=abc", "bytes=5-1", "bytes=--1", "bytes=1-2-3", "items=0-1", "0-99", "bytes=0-1,4-5", "bytes=1e3-", "bytes= - ", "x".repeat(5000)]) {
      expect(get({ range }), range).toEqual({ status: 200 });
    }
    expect(decide("HEAD", new Headers({ range: "bytes=0-1" }), FILE)).toEqual({ status: 200 });
  });

  it("If-Range: a stale or malformed validator gets the whole current file; the current one its range", () => {
    expect(get({ range: "bytes=0-99", "if-range": '"old-version"' })).toEqual({ status: 200 });
    expect(get({ range: "bytes=0-99", "if-range": `W/${ETAG}` })).toEqual({ status: 200 });
    expect(get({ range: "bytes=0-99", "if-range": "garbage" })).toEqual({ status: 200 });
    expect(get({ range: "bytes=0-99", "if-range": "Wed, 04 Mar 2026 05:06:06 GMT" })).toEqual({ status: 200 });
    expect(get({ range: "bytes=0-99", "if-range": ETAG })).toEqual({ status: 206, offset: 0, length: 100 });
    expect(get({ range: "bytes=0-99", "if-range": "Wed, 04 Mar 2026 05:06:07 GMT" })).toEqual({ status: 206, offset: 0, length: 100 });
    expect(get({ range: "bytes=2000-", "if-range": '"old-version"' })).toEqual({ status: 200 });
  });

  it("If-None-Match and If-Modified-Since: 304 when current; malformed values are never an error", () => {
    expect(get({ "if-none-match": ETAG })).toEqual({ status: 304 });
    expect(get({ "if-none-match": `"a", W/${ETAG}` })).toEqual({ status: 304 });
    expect(get({ "if-none-match": "*" })).toEqual({ status: 304 });
    expect(get({ "if-none-match": '"other"' })).toEqual({ status: 200 });
    for (const value of ["garbage", '"unterminated', ",,,", "W/", '""', "\u00ff\u00fe", "\"a\u0001\""]) expect(get({ "if-none-match": value }), value).toEqual({ status: 200 });
    expect(get({ "if-modified-since": "Wed, 04 Mar 2026 05:06:07 GMT" })).toEqual({ status: 304 });
    expect(get({ "if-modified-since": "Wed, 04 Mar 2026 05:06:06 GMT" })).toEqual({ status: 200 });
    for (const value of ["yesterday", "Wed, 31 Feb 2026 05:06:07 GMT", "0", ""]) expect(get({ "if-modified-since": value }), value).toEqual({ status: 200 });
    // If-None-Match wins over If-Modified-Since (RFC 9110 §13.2.2).
    expect(get({ "if-none-match": '"other"', "if-modified-since": "Wed, 04 Mar 2099 05:06:07 GMT" })).toEqual({ status: 200 });
  });

  it("If-Match and If-Unmodified-Since: 412 unless current; a malformed If-Match fails, a malformed date is ignored", () => {
    expect(get({ "if-match": ETAG })).toEqual({ status: 200 });
    expect(get({ "if-match": "*" })).toEqual({ status: 200 });
    expect(get({ "if-match": `W/${ETAG}` })).toEqual({ status: 412 });
    expect(get({ "if-match": "garbage" })).toEqual({ status: 412 });
    expect(get({ "if-match": '"other"', range: "bytes=0-1" })).toEqual({ status: 412 });
    expect(get({ "if-unmodified-since": "Wed, 04 Mar 2026 05:06:06 GMT" })).toEqual({ status: 412 });
    expect(get({ "if-unmodified-since": "Wed, 04 Mar 2026 05:06:07 GMT", range: "bytes=0-0" })).toEqual({ status: 206, offset: 0, length: 1 });
    expect(get({ "if-unmodified-since": "not a date" })).toEqual({ status: 200 });
  });

  it("reads the three HTTP-date forms and nothing else", () => {
    const t = Date.UTC(1994, 10, 6, 8, 49, 37) / 1000;
    expect(parseHttpDate("Sun, 06 Nov 1994 08:49:37 GMT")).toBe(t);
    expect(parseHttpDate("Sunday, 06-Nov-94 08:49:37 GMT")).toBe(t);
    expect(parseHttpDate("Sun Nov  6 08:49:37 1994")).toBe(t);
    for (const bad of ["1994-11-06", "Sun, 06 Nov 1994 08:49:37", "", "Sun, 06 Nov 1994 08:49:37 GMT trailing"]) expect(parseHttpDate(bad), bad).toBeNull();
  });

  it("parseRange on its own: satisfiable, unsatisfiable, ignored", () => {
    expect(parseRange("bytes=0-0", 1)).toEqual({ kind: "range", offset: 0, length: 1 });
    expect(parseRange("bytes=1-", 1)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=0-1,,", 10)).toEqual({ kind: "range", offset: 0, length: 2 });
    expect(parseRange("bytes=,", 10)).toEqual({ kind: "ignore" });
  });
});
