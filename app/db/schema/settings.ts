import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { version } from "./columns";
import { journals } from "./journals";

/**
 * Site settings of spec §3, one row per journal. Property names follow the spec's JSON
 * field names (nassScore, …); column names are snake_case.
 */
export const settings = sqliteTable("settings", {
  journalId: integer("journal_id")
    .primaryKey()
    .references(() => journals.id, { onDelete: "cascade" }),
  websitename: text("websitename").notNull().default(""),
  domain: text("domain").notNull().default(""),
  /** Sanitised HTML (emphasis, line breaks) shown in the header. */
  formatted_journal_name: text("formatted_journal_name").notNull().default(""),
  websiteemail: text("websiteemail").notNull().default(""),
  whatsup_number: text("whatsup_number").notNull().default(""),
  issn: text("issn").notNull().default(""),
  journal_essn: text("journal_essn").notNull().default(""),
  year_started: text("year_started").notNull().default(""),
  journal_frequency: text("journal_frequency").notNull().default(""),
  journal_type: text("journal_type").notNull().default(""),
  journal_language: text("journal_language").notNull().default(""),
  nassScore: text("nass_score").notNull().default(""),
  nassScoreYear: text("nass_score_year").notNull().default(""),
  /** Stored as the original product stored it; the display drops the first 15 characters. */
  impactfactor: text("impactfactor").notNull().default(""),
  fee_rupee: text("fee_rupee").notNull().default(""),
  fee_dollar: text("fee_dollar").notNull().default(""),
  /** Sanitised HTML shown on the home page. */
  home_content: text("home_content").notNull().default(""),
  google_review_link: text("google_review_link").notNull().default(""),
  publisher_name: text("publisher_name").notNull().default(""),
  publisher_address: text("publisher_address").notNull().default(""),
  phone: text("phone").notNull().default(""),
  /** Per-journal flags replacing the spec's hard-coded domain lists. */
  show_subject_column: integer("show_subject_column", { mode: "boolean" }).notNull().default(false),
  show_cover_image: integer("show_cover_image", { mode: "boolean" }).notNull().default(true),
  show_editor_contacts: integer("show_editor_contacts", { mode: "boolean" }).notNull().default(false),
  /**
   * IANA time zone of the journal's office: "today" for default publish dates and the year of a
   * new issue follow the staff's calendar, not UTC's.
   */
  timezone: text("timezone").notNull().default("UTC"),
  /** Abbreviated journal title (ISO 4, e.g. 'Int. J. Agric. Life Sci.'); '' = none. Crossref and JATS. */
  abbrev_title: text("abbrev_title").notNull().default(""),
  /**
   * Crossref DOI registration: the journal's DOI prefix ('10.' + 4–9 digits, '' = not
   * set up), the pattern new DOI suffixes are made from (placeholders in app/lib/doi.ts; it must
   * contain {refnumber}, which is unique per journal), and the deposit's depositor and registrant.
   */
  doi_prefix: text("doi_prefix").notNull().default(""),
  doi_suffix_pattern: text("doi_suffix_pattern").notNull().default("{slug}.{year}.v{volume}i{issue}.{refnumber}"),
  doi_depositor_name: text("doi_depositor_name").notNull().default(""),
  doi_depositor_email: text("doi_depositor_email").notNull().default(""),
  doi_registrant: text("doi_registrant").notNull().default(""),
  /** The licence articles are published under unless one names its own (app/lib/licenses.ts). */
  license_url: text("license_url").notNull().default("https://creativecommons.org/licenses/by/4.0/"),
  /** R2 object name of the journal's logo (PNG or JPEG) in journals/{id}/logo/; '' = none. */
  logo: text("logo").notNull().default(""),
  /** R2 object names (journals/{id}/signature/) of the signer's signature and the journal's stamp on certificates: PNGs with transparency; '' = none. */
  signature_image: text("signature_image").notNull().default(""),
  stamp_image: text("stamp_image").notNull().default(""),
  /** Every staff user must sign in with a second factor (set on the Staff page by an admin). */
  require_two_factor: integer("require_two_factor", { mode: "boolean" }).notNull().default(false),
  updated_at: text("updated_at").notNull().default(""),
  version: version(),
});
