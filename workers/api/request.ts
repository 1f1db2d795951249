/** Request-body helpers shared by the API sub-apps: clear 400s for malformed input. */
import { SELECTION_MESSAGES } from "../../app/schemas/messages";
import { parseSelectionText } from "../../app/schemas/selection";
import type { HistoryItem } from "../../app/models/history.server";
import type { WriteFailure } from "../../app/models/staff-writes.server";
import { expectationOf, type Expectation } from "../../app/models/versioned.server";
import { formFields } from "../../app/schemas/common";

type JsonBody = { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

export async function readJson(request: Request): Promise<JsonBody> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.includes("application/json")) return { ok: false, error: "expected_json" };
  let value: unknown;
  try {
    value = await request.json();
  } catch {
    return { ok: false, error: "malformed_json" };
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return { ok: false, error: "malformed_json" };
  return { ok: true, value: value as Record<string, unknown> };
}

/** A JSON body that may be absent (an empty body is `{}`). */
export async function optionalJson(request: Request): Promise<JsonBody> {
  const length = request.headers.get("content-length");
  if (!request.body || length === "0") return { ok: true, value: {} };
  const text = await request.text();
  if (!text.trim()) return { ok: true, value: {} };
  return readJson(new Request("https://body.invalid/", { method: "POST", headers: { "content-type": request.headers.get("content-type") ?? "" }, body: text }));
}

type FormBody = { ok: true; form: FormData } | { ok: false; error: string };

export async function readMultipart(request: Request): Promise<FormBody> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.includes("multipart/form-data") && !type.includes("application/x-www-form-urlencoded")) {
    return { ok: false, error: "expected_multipart" };
  }
  try {
    return { ok: true, form: await request.formData() };
  } catch {
    return { ok: false, error: "malformed_multipart" };
  }
}

/** A positive integer id from a path segment, or null. */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,12}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

/**
 * A use-case failure (app/models/staff-writes.server.ts) in the API's error shape. A stale
 * version (409 edit_conflict) also says the record's version now and what changed since; a
 * stale ETag (412) the version now.
 */
export function failureBody(failure: WriteFailure | { code?: string; fields: Record<string, string>; message?: string }): Record<string, unknown> {
  const body: Record<string, unknown> = failure.code ? { error: failure.code } : { error: "validation_failed", fields: failure.fields };
  if ("message" in failure && failure.message) body.message = failure.message;
  if ("conflict" in failure && failure.conflict) {
    body.version = failure.conflict.version;
    if (failure.code === "edit_conflict") {
      body.changes = failure.conflict.changes.map(activityEntry);
      if (failure.conflict.fields.length) body.conflicting_fields = failure.conflict.fields;
    }
  }
  return body;
}

/** The headers of a failure: a 412 names the record's current ETag. */
export function failureHeaders(failure: WriteFailure): Record<string, string> {
  return failure.conflict?.etag ? { etag: failure.conflict.etag } : {};
}

/** One history entry as the API shows it (GET /api/admin/activity, conflicts). */
export function activityEntry(e: HistoryItem) {
  return { at: e.at, actor: e.actor, action: e.action, type: e.type, id: e.id, fields: e.fields };
}

/**
 * The version a write starts from: `If-Match` (a stale one → 412) or the body's `version`
 * (a stale one → 409 edit_conflict); neither → null, the write behaves as it always did.
 * Undefined after answering 400 for a malformed version.
 */
export function requestExpectation(request: Request, version: unknown): { ok: true; expect: Expectation } | { ok: false; body: { error: string } } {
  const found = expectationOf(request.headers.get("if-match"), version);
  if (found && "error" in found) return { ok: false, body: { error: found.error } };
  return { ok: true, expect: found };
}

/**
 * A conditional staff write's JSON body (ADR 020): its keys but `version`, and the version the
 * client names — `If-Match`, or the body's `version`. A 400 body when either is malformed.
 */
export async function versionedJson(request: Request): Promise<{ ok: true; input: Record<string, unknown>; expect: Expectation } | { ok: false; body: { error: string } }> {
  const body = await readJson(request);
  if (!body.ok) return { ok: false, body: { error: body.error } };
  const { version, ...input } = body.value;
  const expect = requestExpectation(request, version);
  return expect.ok ? { ok: true, input, expect: expect.expect } : expect;
}

/** The same for a multipart body: its text fields but `version`, and the form for its files. */
export async function versionedForm(request: Request): Promise<{ ok: true; form: FormData; fields: Record<string, unknown>; expect: Expectation } | { ok: false; body: { error: string } }> {
  const body = await readMultipart(request);
  if (!body.ok) return { ok: false, body: { error: body.error } };
  const { version, ...fields } = formFields(body.form);
  const expect = requestExpectation(request, version);
  return expect.ok ? { ok: true, form: body.form, fields, expect: expect.expect } : expect;
}

type Selection<T> = { ok: true; values: T[] } | { ok: false; response: Response };

/**
 * Reads a staff selection body (documents, deposits, DOIs): the rules — shape, values, how many —
 * are app/schemas/selection.ts's; its size is capped before any route runs (app/http/body.ts).
 * A 400 response when it is not a selection.
 */
export async function readSelection<T>(request: Request, key: string, noun: string, parse: (v: unknown) => T | null): Promise<Selection<T>> {
  const type = request.headers.get("content-type") ?? "";
  const result =
    type && !type.includes("application/json")
      ? ({ ok: false, error: "expected_json", message: SELECTION_MESSAGES.expectedJson(noun, key) } as const)
      : parseSelectionText(await request.text(), key, noun, parse);
  if (result.ok) return result;
  return {
    ok: false,
    response: new Response(JSON.stringify({ error: result.error, message: result.message }), {
      status: 400,
      headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
    }),
  };
}
