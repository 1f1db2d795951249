/** Request-body helpers shared by the API sub-apps: clear 400s for malformed input. */

export type JsonBody = { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

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

export type FormBody = { ok: true; form: FormData } | { ok: false; error: string };

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
