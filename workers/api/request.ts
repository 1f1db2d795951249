/** Request-body helpers shared by the API sub-apps: clear 400s for malformed input. */
import { SELECTION_MESSAGES } from "../../app/schemas/messages";
import { parseSelectionText } from "../../app/schemas/selection";

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

/** A use-case failure (app/models/staff-writes.server.ts) in the API's error shape. */
export function failureBody(failure: { code?: string; fields: Record<string, string> }): Record<string, unknown> {
  return failure.code ? { error: failure.code } : { error: "validation_failed", fields: failure.fields };
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
