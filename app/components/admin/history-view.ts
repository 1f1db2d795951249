/**
 * How history entries read on the admin pages (the Activity page, the History panels, the
 * conflict panel): plain words for actions, records and fields, values shortened for a line,
 * files by the start of their sha256. Built by the loaders (server), so the times are written
 * once in the journal's time zone and the browser renders the same text it hydrates.
 */
import type { FieldChange, HistoryItem } from "../../models/history.server";
import { htmlToText } from "../../lib/html";
import { articleAdminPath, editorAdminPath, partnerAdminPath } from "../../lib/urls";

/** Record types as the filters and entries name them. */
export const RECORD_TYPE_LABELS: Record<string, string> = {
  article: "Article",
  editor: "Editor",
  issue: "Issue",
  settings: "Settings",
  user: "Staff account",
  journal: "Journal",
  host: "Web address",
  partner: "Indexing partner",
  session: "Session",
};

const ACTION_LABELS: Record<string, string> = {
  create: "created",
  update: "changed",
  upload: "uploaded an image to",
  remove: "removed an image from",
  trash: "moved to the trash",
  restore: "restored from the trash",
  move: "moved",
  purge: "deleted for good (trash emptied)",
  delete: "deleted",
  pin: "pinned",
  unpin: "unpinned",
  assign_doi: "assigned a DOI to",
  clean_html: "cleaned the stored HTML of",
  sign_in: "signed in",
  sign_in_locked: "was locked out of signing in",
  sign_out_everywhere: "signed out everywhere",
  password_change: "changed the password",
  add: "added",
  primary: "made primary",
  disable: "disabled",
  enable: "enabled",
  unlist: "took off the journal list",
  list_on: "put on the journal list",
  reset: "reset the password of",
  password_reset: "reset the password of",
  password_reset_link: "made a set-password link for",
  two_factor_reset: "turned off two-factor sign-in of",
  two_factor_enabled: "turned on two-factor sign-in",
  recovery_codes_renewed: "renewed the recovery codes",
  recovery_code_used: "signed in with a recovery code",
  sign_in_failed: "failed to sign in",
  reorder: "reordered",
  structure_authors: "structured the authors of",
};

/** Field names as staff read them on the forms. */
export const FIELD_LABELS: Record<string, string> = {
  refnumber: "Ref number",
  txnid: "Transaction ID",
  ptype: "Payment type",
  publishdate: "Publish date",
  authorname: "Author names",
  email: "E-mail",
  mobile: "Mobile",
  country: "Country",
  subject: "Subject",
  keywords: "Keywords",
  pagenumber: "Page numbers",
  title: "Title",
  abstract: "Abstract",
  frequency: "Frequency",
  status: "Status",
  doi: "DOI",
  pdf: "PDF",
  year: "Year",
  volume: "Volume",
  issue: "Issue",
  name: "Name",
  category: "Category",
  post: "Post",
  degree: "Degree",
  content: "Affiliation",
  phone: "Phone",
  editor_website: "Website",
  picture: "Picture",
  is_pinned: "Pinned",
  logo: "Logo",
  signature_image: "Signature",
  stamp_image: "Stamp",
  websitename: "Site name",
  formatted_journal_name: "Formatted journal name",
  domain: "Domain",
  issn: "ISSN",
  journal_essn: "E-ISSN",
  websiteemail: "Journal e-mail",
  whatsup_number: "WhatsApp number",
  home_content: "Home page content",
  timezone: "Time zone",
  year_started: "Year started",
  journal_frequency: "Publication frequency",
  journal_type: "Type",
  journal_language: "Language",
  nassScore: "NAAS rating",
  nassScoreYear: "NAAS rating year",
  impactfactor: "Impact factor",
  fee_rupee: "Fee, India (₹)",
  fee_dollar: "Fee, other countries ($)",
  google_review_link: "Google review link",
  publisher_name: "Publisher name",
  publisher_address: "Publisher address",
  abbrev_title: "Abbreviated title",
  doi_prefix: "DOI prefix",
  doi_suffix_pattern: "DOI suffix pattern",
  doi_depositor_name: "Depositor name",
  doi_depositor_email: "Depositor e-mail",
  doi_registrant: "Registrant",
  show_subject_column: "Subject column",
  show_cover_image: "Cover image",
  show_editor_contacts: "Editor contacts",
  username: "Username",
  primary: "Primary address",
  hostname: "Web address",
  hosts: "Web addresses",
  listed: "On the journal list",
  password: "Password",
  session_epoch: "Sessions",
  // Indexing partners.
  link: "Link",
  image: "Logo",
  sortnumber: "Position",
  order: "Order",
};

const HTML_FIELDS = new Set(["title", "abstract", "home_content", "formatted_journal_name", "post", "content"]);
const FILE_FIELDS = new Set(["pdf", "picture", "logo", "signature_image", "stamp_image", "image"]);

export interface ChangeView {
  field: string;
  label: string;
  before: string | null;
  after: string | null;
}

export interface EntryView {
  seq: number;
  at: string;
  /** `at` in the journal's time zone, e.g. '12 Mar 2026, 14:05'. */
  when: string;
  actor: string;
  action: string;
  type: string;
  id: string;
  /** 'changed article 482135', 'signed in'. */
  summary: string;
  /** The record's admin page, when it has one. */
  href: string | null;
  changes: ChangeView[];
}

/** A value as one short line: text of HTML, files by their hash, flags as yes/no. */
function showValue(field: string, value: FieldChange["before"]): string | null {
  if (value === undefined || value === null || value === "") return value === "" ? "(empty)" : null;
  if (FILE_FIELDS.has(field)) return /^[0-9a-f]{64}$/.test(String(value)) ? `file sha256 ${String(value).slice(0, 12)}…` : String(value);
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (field === "is_pinned" || field === "listed") return Number(value) ? "yes" : "no";
  const text = HTML_FIELDS.has(field) ? htmlToText(String(value)) : String(value);
  return text.length > 160 ? `${text.slice(0, 159)}…` : text;
}

/** Where a record's form names a field otherwise (a partner's title is its "Name"): the history says the same. */
export const RECORD_FIELD_LABELS: Record<string, Record<string, string>> = {
  partner: { title: "Name", status: "Shown to readers" },
};

/** An entry's field changes, version aside, in a stable order. */
function changeViews(type: string, fields: Record<string, FieldChange>): ChangeView[] {
  const labels = RECORD_FIELD_LABELS[type];
  return Object.entries(fields)
    .filter(([field]) => field !== "version")
    .map(([field, change]) => ({
      field,
      label: labels?.[field] ?? FIELD_LABELS[field] ?? field,
      before: showValue(field, change?.before ?? null),
      after: showValue(field, change?.after ?? null),
    }));
}

/** The admin page of a record, when it has one. */
function recordHref(type: string, id: string): string | null {
  if (!/^\d{1,12}$/.test(id)) return type === "settings" ? "/admin/settings" : null;
  if (type === "article") return articleAdminPath(Number(id));
  if (type === "editor") return editorAdminPath(Number(id));
  if (type === "issue") return `/admin/issues/${id}`;
  if (type === "partner") return partnerAdminPath(Number(id));
  return null;
}

function formatWhen(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone, timeZoneName: "short" }).format(date);
  } catch {
    return date.toISOString().replace("T", " ").slice(0, 16) + " UTC";
  }
}

/**
 * Entries as the pages show them. `labels` names records ("article:12" → "482135 “Rice…”"),
 * read once for a page; without one a record is named by its type and id. `self`: the entries
 * of the record whose page this is (its History panel), which need not name it.
 */
export function entryViews(entries: HistoryItem[], timeZone: string, labels: Record<string, string> = {}, self = false): EntryView[] {
  return entries.map((e) => {
    const verb = ACTION_LABELS[e.action] ?? e.action.replace(/_/g, " ");
    if (self) return { ...view(e, timeZone), summary: SELF_LABELS[e.action] ?? verb };
    const noun = (RECORD_TYPE_LABELS[e.type] ?? e.type).toLowerCase();
    const label = labels[`${e.type}:${e.id}`];
    const record = e.type === "settings" ? "the settings" : label ? `${noun} ${label}` : e.id ? `${noun} ${e.id}` : `the ${noun}`;
    const summary = e.type === "user" && ["sign_in", "sign_in_locked", "sign_in_failed", "sign_out_everywhere", "password_change", "two_factor_enabled", "recovery_codes_renewed", "recovery_code_used"].includes(e.action) ? verb : `${verb} ${record}`;
    return { ...view(e, timeZone), summary };
  });
}

/** What an entry says on its own record's page ("asha changed", "ravi uploaded a new logo"…). */
const SELF_LABELS: Record<string, string> = { upload: "uploaded an image", remove: "removed an image", assign_doi: "assigned a DOI", clean_html: "cleaned the stored HTML" };

function view(e: HistoryItem, timeZone: string): EntryView {
  return {
    seq: e.seq,
    at: e.at,
    when: formatWhen(e.at, timeZone),
    actor: e.actor,
    action: e.action,
    type: e.type,
    id: e.id,
    summary: "",
    href: e.action === "purge" || e.action === "delete" ? null : recordHref(e.type, e.id),
    changes: changeViews(e.type, e.fields),
  };
}
