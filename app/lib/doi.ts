/**
 * DOIs as this platform makes them: the journal's Crossref prefix, a slash, and a
 * suffix built from the journal's suffix pattern. Pure and browser-safe: the Settings form
 * previews a DOI with exactly the function the server assigns it with.
 */

/**
 * A whole DOI, Crossref's recommended pattern: '10.' + 4–9 digit registrant code + '/' + a
 * suffix of letters, digits and - . _ ; ( ) / : only. Checked when a DOI is stored (article
 * form and API) and again when one is exported (RIS, BibTeX, CSL-JSON, metadata), so no
 * stored value can carry braces, quotes or line breaks into an export.
 */
export const DOI_SYNTAX = /^10\.\d{4,9}\/[-._;()/:A-Za-z0-9]{1,200}$/;

/** The DOI if it has that syntax, else '' (exports leave out what they cannot vouch for). */
export function exportableDoi(doi: string | null | undefined): string {
  const value = (doi ?? "").trim();
  return DOI_SYNTAX.test(value) ? value : "";
}

/** A Crossref DOI prefix: '10.' followed by 4–9 digits. */
export const DOI_PREFIX_SYNTAX = /^10\.\d{4,9}$/;

/** The placeholders a suffix pattern may use, with what each stands for. */
export const DOI_PLACEHOLDERS = {
  slug: "the journal's short name",
  year: "the issue's year",
  volume: "the volume number",
  issue: "the issue number",
  refnumber: "the article's reference number",
} as const;

export type DoiPlaceholder = keyof typeof DOI_PLACEHOLDERS;

/**
 * Characters a pattern may have between its placeholders: Crossref's recommended suffix set
 * (letters, digits and - . _ ; ( ) /), which needs no escaping in a URL or in XML.
 */
export const DOI_SUFFIX_LITERAL = /^[A-Za-z0-9._;()/-]*$/;

export interface DoiPatternParts {
  /** Placeholder names used, in order ('{volume}' → 'volume'), known or not. */
  placeholders: string[];
  /** The text between them. */
  literals: string[];
  /** A '{' or '}' that opens or closes no placeholder. */
  strayBrace: boolean;
}

/** Splits a suffix pattern into its placeholders and the literal text around them. */
export function parseDoiPattern(pattern: string): DoiPatternParts {
  const placeholders: string[] = [];
  const literals: string[] = [];
  let rest = pattern;
  for (let m = /\{([^{}]*)\}/.exec(rest); m; m = /\{([^{}]*)\}/.exec(rest)) {
    literals.push(rest.slice(0, m.index));
    placeholders.push(m[1]);
    rest = rest.slice(m.index + m[0].length);
  }
  literals.push(rest);
  return { placeholders, literals, strayBrace: literals.some((l) => /[{}]/.test(l)) };
}

export function isDoiPlaceholder(name: string): name is DoiPlaceholder {
  return Object.hasOwn(DOI_PLACEHOLDERS, name);
}

export interface DoiValues {
  slug: string;
  year: number;
  volume: number;
  issue: number;
  refnumber: string;
}

/** The suffix a (valid) pattern gives an article: every placeholder replaced by its value. */
export function doiSuffix(pattern: string, values: DoiValues): string {
  return pattern.replace(/\{([^{}]*)\}/g, (whole, name: string) => (isDoiPlaceholder(name) ? String(values[name]) : whole));
}

/** The article's DOI under the journal's prefix, e.g. '10.12345/ijals.2026.v4i1.482135'. */
export function makeDoi(prefix: string, pattern: string, values: DoiValues): string {
  return `${prefix}/${doiSuffix(pattern, values)}`;
}

/**
 * A prefix as staff paste it: 'https://doi.org/10.12345/', 'doi:10.12345' and '10.12345/' all
 * mean '10.12345'.
 */
export function normaliseDoiPrefix(value: string): string {
  return value
    .trim()
    .replace(/^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)/i, "")
    .replace(/\/+$/, "");
}

/** DOIs are case-insensitive (the DOI Handbook): the form two DOIs are compared in. */
export function doiKey(doi: string): string {
  return doi.trim().toLowerCase();
}
