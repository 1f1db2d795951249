/** Result of validating a form/API body: clean values, or field errors and/or one error code. */
export type Validation<T> =
  | { ok: true; value: T }
  | { ok: false; fields: Record<string, string>; code?: string };

export type Input = Record<string, unknown>;

export function str(input: Input, key: string, max = 10_000): string {
  const v = input[key];
  if (v === undefined || v === null) return "";
  if (typeof v !== "string" && typeof v !== "number" && typeof v !== "boolean") return "";
  return String(v).trim().slice(0, max);
}

export function bool(input: Input, key: string): boolean {
  const v = input[key];
  return v === true || v === 1 || v === "1" || v === "true" || v === "on" || v === "yes";
}

/** Reads a FormData into a plain object of its string fields (files are left out). */
export function formFields(form: FormData): Input {
  const out: Input = {};
  for (const [k, v] of form.entries()) if (typeof v === "string") out[k] = v;
  return out;
}

/** A web address staff may give for a link (an editor's website, an index's page): http(s), no spaces or quotes. */
export function isWebAddress(value: string): boolean {
  return /^https?:\/\/[^\s<>"']+$/i.test(value);
}
