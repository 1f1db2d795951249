import { isTimeZone } from "../utils/dates";
import { INLINE_PROFILE, RICH_PROFILE, sanitizeHtml } from "../utils/html";
import { bool, str, type Input, type Validation } from "./common";

/** Text settings of spec §3 plus issn, google_review_link and our publisher/phone fields. */
export const SETTINGS_TEXT_FIELDS = [
  "websitename", "domain", "formatted_journal_name", "websiteemail", "whatsup_number", "issn", "journal_essn",
  "year_started", "journal_frequency", "journal_type", "journal_language", "nassScore", "nassScoreYear",
  "impactfactor", "fee_rupee", "fee_dollar", "home_content", "google_review_link", "publisher_name",
  "publisher_address", "phone", "timezone",
] as const;

export const SETTINGS_FLAGS = ["show_subject_column", "show_cover_image", "show_editor_contacts"] as const;

export type SettingsValues = Record<(typeof SETTINGS_TEXT_FIELDS)[number], string> &
  Record<(typeof SETTINGS_FLAGS)[number], boolean>;

/**
 * Settings save: every field is optional text; HTML fields are sanitised to their allowlists;
 * the site name is required (every page shows it). Fields missing from the body are left
 * unchanged by the caller (`present` lists the ones given).
 */
export function validateSettings(input: Input): Validation<{ values: Partial<SettingsValues>; present: string[] }> {
  const values: Partial<SettingsValues> = {};
  const present: string[] = [];
  for (const key of SETTINGS_TEXT_FIELDS) {
    if (!(key in input)) continue;
    present.push(key);
    let value = str(input, key, key === "home_content" ? 100_000 : 2000);
    if (key === "formatted_journal_name") value = sanitizeHtml(value, INLINE_PROFILE);
    if (key === "home_content") value = sanitizeHtml(value, RICH_PROFILE);
    values[key] = value;
  }
  for (const key of SETTINGS_FLAGS) {
    if (!(key in input)) continue;
    present.push(key);
    values[key] = bool(input, key);
  }
  const fields: Record<string, string> = {};
  if ("websitename" in values && !values.websitename) fields.websitename = "This field is required";
  if ("timezone" in values && !isTimeZone(values.timezone ?? "")) {
    fields.timezone = "Choose a time zone from the list, e.g. Asia/Kolkata";
  }
  if (values.google_review_link && !/^https:\/\/[^\s<>"']+$/i.test(values.google_review_link)) {
    fields.google_review_link = "Enter a web address starting with https://";
  }
  if (Object.keys(fields).length) return { ok: false, fields };
  return { ok: true, value: { values, present } };
}

/** What the logo field asks for, shown beside it and answered when an upload is refused. */
export const LOGO_MESSAGE = "Choose a PNG or JPEG image of at most 2 MB.";
