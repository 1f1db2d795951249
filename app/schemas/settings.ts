import { DOI_PREFIX_SYNTAX, DOI_SUFFIX_LITERAL, isDoiPlaceholder, normaliseDoiPrefix, parseDoiPattern } from "../lib/doi";
import { isTimeZone } from "../lib/dates";
import { bool, str, type Input, type Validation } from "./common";
import { DOI_SETTING_MESSAGES, FIELD_MESSAGES, LICENSE_MESSAGES } from "./messages";
import { isLicenseUrl, normaliseLicenseUrl } from "../lib/licenses";
import { cleanField } from "./html-fields";
import { forbiddenCharacterErrors } from "./text";
import { normaliseHostname } from "../lib/hosts";

/** Text settings of spec §3 plus issn, google_review_link and our publisher/phone fields. */
export const SETTINGS_TEXT_FIELDS = [
  "websitename", "domain", "formatted_journal_name", "websiteemail", "whatsup_number", "issn", "journal_essn",
  "year_started", "journal_frequency", "journal_type", "journal_language", "nassScore", "nassScoreYear",
  "impactfactor", "fee_rupee", "fee_dollar", "home_content", "google_review_link", "publisher_name",
  "publisher_address", "phone", "timezone",
  // Crossref, DOAJ and JATS: what the indexes need of the journal.
  "abbrev_title", "doi_prefix", "doi_suffix_pattern", "doi_depositor_name", "doi_depositor_email", "doi_registrant",
  // The licence articles are published under (app/lib/licenses.ts).
  "license_url",
] as const;

/** The DOI settings (a section of their own on the Settings form). */
export const DOI_SETTINGS_FIELDS = [
  "doi_prefix", "doi_suffix_pattern", "doi_depositor_name", "doi_depositor_email", "doi_registrant", "abbrev_title",
] as const;

/** Crossref's limits (crossref5.3.1.xsd): depositor_name 1–130, registrant 1–255, abbrev_title 1–150. */
const MAX_LENGTH: Partial<Record<(typeof SETTINGS_TEXT_FIELDS)[number], number>> = {
  doi_depositor_name: 130,
  doi_depositor_email: 200,
  doi_registrant: 255,
  abbrev_title: 150,
};

const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>".]+$/;

/**
 * What is wrong with a DOI suffix pattern, or null: only the known placeholders, only Crossref's
 * recommended characters between them, and {refnumber} in it — the ref number is unique per
 * journal, so every article's DOI is too (docs/decisions/008-doi-and-index-exports.md).
 */
export function doiPatternError(pattern: string): string | null {
  if (!pattern) return DOI_SETTING_MESSAGES.patternRequired;
  if (pattern.length > 100) return DOI_SETTING_MESSAGES.patternTooLong;
  const parts = parseDoiPattern(pattern);
  const unknown = [...new Set(parts.placeholders.filter((p) => !isDoiPlaceholder(p)))];
  if (unknown.length) return DOI_SETTING_MESSAGES.patternUnknown(unknown);
  if (parts.strayBrace) return DOI_SETTING_MESSAGES.patternBrace;
  if (!parts.literals.every((l) => DOI_SUFFIX_LITERAL.test(l))) return DOI_SETTING_MESSAGES.patternChars;
  if (!parts.placeholders.includes("refnumber")) return DOI_SETTING_MESSAGES.patternRefnumber;
  return null;
}

/** The settings column of each certificate image (the forms and the write name it). */
export const CERTIFICATE_IMAGE_COLUMN = { signature: "signature_image", stamp: "stamp_image" } as const;

export const SETTINGS_FLAGS = ["show_subject_column", "show_cover_image", "show_editor_contacts"] as const;

export type SettingsValues = Record<(typeof SETTINGS_TEXT_FIELDS)[number], string> &
  Record<(typeof SETTINGS_FLAGS)[number], boolean>;

/**
 * Settings save: every field is optional text; HTML fields are sanitised to their allowlists;
 * the site name is required (every page shows it). Fields missing from the body are left
 * unchanged by the caller (`present` lists the ones given).
 *
 * `domain` is never saved here: it is the journal's primary host, moved with the hostnames
 * (`npm run journal -- hosts --primary`). A body may still carry it (clients send back what
 * they read); naming another host than `primaryHost` is refused rather than silently dropped.
 */
export function validateSettings(
  input: Input,
  opts: { primaryHost?: string } = {},
): Validation<{ values: Partial<SettingsValues>; present: string[] }> {
  const values: Partial<SettingsValues> = {};
  const present: string[] = [];
  const fields: Record<string, string> = {};
  if ("domain" in input && opts.primaryHost) {
    const given = str(input, "domain", 300).replace(/^https?:\/\//i, "").replace(/\/+$/, "");
    if (given && normaliseHostname(given) !== opts.primaryHost) fields.domain = FIELD_MESSAGES.domainIsPrimary(opts.primaryHost);
  }
  for (const key of SETTINGS_TEXT_FIELDS) {
    if (key === "domain" || !(key in input)) continue;
    present.push(key);
    let value = str(input, key, key === "home_content" ? 100_000 : 2000);
    value = cleanField("settings", key, value);
    if (key === "doi_prefix") value = normaliseDoiPrefix(value);
    if (key === "license_url") value = normaliseLicenseUrl(value);
    values[key] = value;
  }
  for (const key of SETTINGS_FLAGS) {
    if (!(key in input)) continue;
    present.push(key);
    values[key] = bool(input, key);
  }
  if ("websitename" in values && !values.websitename) fields.websitename = FIELD_MESSAGES.required;
  if ("timezone" in values && !isTimeZone(values.timezone ?? "")) {
    fields.timezone = FIELD_MESSAGES.chooseTimeZone;
  }
  if (values.google_review_link && !/^https:\/\/[^\s<>"']+$/i.test(values.google_review_link)) {
    fields.google_review_link = FIELD_MESSAGES.httpsAddress;
  }
  for (const [key, max] of Object.entries(MAX_LENGTH)) {
    const value = values[key as keyof typeof MAX_LENGTH];
    if (value && value.length > max) fields[key] = DOI_SETTING_MESSAGES.tooLong(max);
  }
  if (values.doi_prefix && !DOI_PREFIX_SYNTAX.test(values.doi_prefix)) fields.doi_prefix = DOI_SETTING_MESSAGES.prefix;
  // Every journal publishes under some licence: a Creative Commons one or another at its address.
  if ("license_url" in values && !isLicenseUrl(values.license_url ?? "")) fields.license_url = LICENSE_MESSAGES.url;
  if ("doi_suffix_pattern" in values) {
    const error = doiPatternError(values.doi_suffix_pattern ?? "");
    if (error) fields.doi_suffix_pattern = error;
  }
  if (values.doi_depositor_email && !fields.doi_depositor_email && !EMAIL.test(values.doi_depositor_email)) {
    fields.doi_depositor_email = DOI_SETTING_MESSAGES.email;
  }
  Object.assign(fields, forbiddenCharacterErrors(input, SETTINGS_TEXT_FIELDS));
  if (Object.keys(fields).length) return { ok: false, fields };
  return { ok: true, value: { values, present } };
}

/**
 * The journal's DOI set-up when it can make DOIs (a valid prefix and suffix pattern), else null:
 * the one rule the issue table's "Assign DOIs" and the API's assign call both apply.
 */
export function doiSetup(slug: string, settings: { doi_prefix: string; doi_suffix_pattern: string }) {
  const prefix = normaliseDoiPrefix(settings.doi_prefix);
  const pattern = settings.doi_suffix_pattern.trim();
  if (!DOI_PREFIX_SYNTAX.test(prefix) || doiPatternError(pattern)) return null;
  return { slug, prefix, pattern };
}
