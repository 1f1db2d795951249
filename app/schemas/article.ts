import type { ArticleFields } from "../lib/article.ts";
import { htmlToText } from "../lib/html.ts";
import { parsePageRange } from "../lib/pages.ts";
import { DOI_SYNTAX as DOI } from "../lib/doi.ts";
import { str, type Input, type Validation } from "./common.ts";
import { isFrequency } from "./frequency.ts";
import { AUTHOR_MESSAGES, DATE_MESSAGES, ERROR_TEXT, FIELD_MESSAGES, LICENSE_MESSAGES, REFERENCE_MESSAGES } from "./messages.ts";
import { cleanField } from "./html-fields.ts";
import { authorsFromByline, bylineOf, parseAuthors, serialiseAuthors, type ArticleAuthor } from "../lib/authors.ts";
import { postedAuthors, validateAuthorList } from "./authors.ts";
import { MAX_REFERENCE_LENGTH, MAX_REFERENCES, parseReferences, referencesText } from "../lib/references.ts";
import { isLicenseUrl, normaliseLicenseUrl } from "../lib/licenses.ts";
import { forbiddenCharacterErrors } from "./text.ts";

/** Spec §9: PDF upload limit. */
export const MAX_PDF_BYTES = 5_242_880;
/** An add or edit request: the PDF plus the text fields; a bigger body is refused unread (form and API). */
export const MAX_ARTICLE_BODY = MAX_PDF_BYTES + 512 * 1024;
export const MAX_AUTHOR_WORDS = 50;

/** Letters of the Latin and Devanagari scripts (with combining marks), spaces, commas, periods. */
const AUTHOR_CHARS = /^[\p{Script=Latin}\p{Script=Devanagari}\p{M}\s,.]+$/u;
const TXNID = /^[A-Za-z0-9][A-Za-z0-9._\/-]{2,63}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** DOIs: '10.' + registrant code + '/' + suffix; a pasted resolver URL or 'doi:' prefix is removed. */
function normaliseDoi(value: string): string {
  return value.trim().replace(/^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)/i, "");
}

const ADD_REQUIRED = ["txnid", "ptype", "publishdate", "authorname", "pagenumber", "refnumber", "email", "title", "abstract"] as const;
/** Spec §5: the edit form requires the same fields except the e-mail (and the PDF). */
const EDIT_REQUIRED = ["txnid", "ptype", "publishdate", "authorname", "pagenumber", "refnumber", "title", "abstract"] as const;

/**
 * What an edit starts from: a ref number or transaction id the staff did not change is kept as
 * it is, even if it predates today's format rules (spec §5 checks the ref number on add only);
 * a changed one must meet them, so it cannot break the article's URLs.
 */
interface ArticleOriginal {
  refnumber: string;
  txnid: string;
  /** The stored byline and authors list: which of the two a client changed decides which is read. */
  authorname?: string;
  authors?: string;
}

type ArticleRuleOptions = { mode: "add" | "edit"; lastPage?: number; hasPdf: boolean; original?: ArticleOriginal };

/** Author rule of spec §5 (shared by add and edit); '' when fine. */
function authorError(authorname: string): string {
  if (!authorname) return FIELD_MESSAGES.required;
  if (authorname.split(/\s+/).filter(Boolean).length > MAX_AUTHOR_WORDS) return FIELD_MESSAGES.authorTooLong;
  if (!AUTHOR_CHARS.test(authorname)) return FIELD_MESSAGES.authorChars;
  return "";
}

function pageFormatError(pagenumber: string): string {
  if (!pagenumber) return FIELD_MESSAGES.required;
  return parsePageRange(pagenumber) ? "" : FIELD_MESSAGES.pageFormat;
}

/**
 * The byline from what was sent: the `authors` list (the admin form, new API clients) or the
 * spec's `authorname` comma string (older clients), never both edited at once. authorname is
 * always made from the list (bylineOf), so the two cannot drift. On edit the input holds the
 * stored values under what was sent, so the one that differs from the stored row is the one
 * the client changed; a comma string read into the list keeps each known author's details
 * (authorsFromByline).
 */
function resolveAuthors(
  input: Input,
  authorname: string,
  opts: ArticleRuleOptions,
): { authors: ArticleAuthor[]; authorname: string; fields: Record<string, string>; fromList: boolean } {
  const original = opts.original;
  // Compared as the validator would store it, so a list the client sent back untouched is unchanged.
  const storedList = validateAuthorList(parseAuthors(original?.authors)).authors;
  const posted = "authors" in input ? postedAuthors(input.authors) : [];
  if (posted === null) return { authors: [], authorname, fields: { authors: AUTHOR_MESSAGES.malformed }, fromList: true };
  const { authors: list, fields } = validateAuthorList(posted);
  const listSent = posted.length > 0;
  const listChanged = listSent && (opts.mode === "add" || serialiseAuthors(list) !== serialiseAuthors(storedList));
  const nameChanged = opts.mode === "add" ? !!authorname : authorname !== (original?.authorname ?? "").replace(/\s+/g, " ").trim();
  if (listChanged || (listSent && !nameChanged)) {
    const derived = bylineOf(list);
    // Sent both, differently: which one is meant cannot be told.
    if (listChanged && nameChanged && authorname && derived !== authorname && !Object.keys(fields).length) {
      fields.authorname = AUTHOR_MESSAGES.disagree;
    }
    return { authors: list, authorname: derived, fields, fromList: true };
  }
  return { authors: authorsFromByline(authorname, storedList), authorname, fields: {}, fromList: false };
}

/** Received and accepted dates: '' or a real date, received ≤ accepted ≤ published. */
function historyDateErrors(v: { received_date: string; accepted_date: string; publishdate: string }): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const key of ["received_date", "accepted_date"] as const) if (v[key] && !validDate(v[key])) fields[key] = FIELD_MESSAGES.date;
  if (Object.keys(fields).length) return fields;
  const published = validDate(v.publishdate) ? v.publishdate : "";
  if (v.received_date && v.accepted_date && v.accepted_date < v.received_date) fields.accepted_date = DATE_MESSAGES.acceptedBeforeReceived;
  else if (v.accepted_date && published && v.accepted_date > published) fields.accepted_date = DATE_MESSAGES.acceptedAfterPublished;
  else if (v.received_date && published && v.received_date > published) fields.received_date = DATE_MESSAGES.receivedAfterPublished;
  return fields;
}

function validDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

/**
 * Validates an article add/edit (spec §5). `lastPage` is the last page so far (add
 * only): a new article must start after it. The PDF itself is checked by the upload code.
 */
export function validateArticle(input: Input, opts: ArticleRuleOptions): Validation<ArticleFields> {
  const fields: Record<string, string> = {};
  const v = {
    refnumber: str(input, "refnumber", 32),
    txnid: str(input, "txnid", 128),
    ptype: str(input, "ptype", 16),
    publishdate: str(input, "publishdate", 32),
    authorname: str(input, "authorname", 4000).replace(/\s+/g, " "),
    email: str(input, "email", 320),
    mobile: str(input, "mobile", 64),
    country: str(input, "country", 128),
    subject: str(input, "subject", 256),
    keywords: str(input, "keywords", 1000),
    pagenumber: str(input, "pagenumber", 32).replace(/\s+/g, ""),
    title: cleanField("articles", "title", str(input, "title", 5000)),
    abstract: cleanField("articles", "abstract", str(input, "abstract", 100_000)),
    frequency: str(input, "frequency", 32),
    status: str(input, "status", 16),
    doi: "doi" in input ? normaliseDoi(str(input, "doi", 300)) : undefined,
    references: str(input, "references", 200_000),
    license_url: normaliseLicenseUrl(str(input, "license_url", 600)),
    received_date: str(input, "received_date", 32),
    accepted_date: str(input, "accepted_date", 32),
  };
  const byline = resolveAuthors(input, v.authorname, opts);
  v.authorname = byline.authorname;
  Object.assign(fields, byline.fields);
  const references = parseReferences(v.references);

  for (const key of opts.mode === "add" ? ADD_REQUIRED : EDIT_REQUIRED) {
    const value = key === "title" || key === "abstract" ? htmlToText(v[key]) : v[key];
    if (!value) fields[key] = FIELD_MESSAGES.required;
  }
  if (opts.mode === "add" && !opts.hasPdf) fields.pdfFile = FIELD_MESSAGES.required;

  const author = authorError(v.authorname);
  // Spec §5's byline rules: on the list when the list was sent, unless a name in it is already
  // named for the same fault.
  if (author) {
    if (!byline.fromList) fields.authorname = author;
    else if (!fields.authors) {
      const rowFaults = Object.keys(byline.fields);
      const repeated = author === FIELD_MESSAGES.required ? rowFaults.length > 0 : author === FIELD_MESSAGES.authorChars && rowFaults.some((k) => k.endsWith("].name"));
      if (!repeated) fields.authors = author;
    }
  }
  if (byline.fromList && fields.authorname === FIELD_MESSAGES.required) delete fields.authorname;
  if (references.length > MAX_REFERENCES) fields.references = REFERENCE_MESSAGES.tooMany(MAX_REFERENCES);
  else {
    const long = references.findIndex((r) => r.length > MAX_REFERENCE_LENGTH);
    if (long >= 0) fields.references = REFERENCE_MESSAGES.tooLong(long + 1, MAX_REFERENCE_LENGTH);
  }
  if (v.license_url && !isLicenseUrl(v.license_url)) fields.license_url = LICENSE_MESSAGES.url;
  Object.assign(fields, historyDateErrors(v));
  const refChanged = opts.mode === "add" || v.refnumber !== opts.original?.refnumber;
  if (v.refnumber && refChanged && !/^\d{1,20}$/.test(v.refnumber)) fields.refnumber = FIELD_MESSAGES.refNumber;
  if (v.pagenumber) {
    const pageErr = pageFormatError(v.pagenumber);
    if (pageErr) fields.pagenumber = pageErr;
  }
  if (v.ptype && v.ptype !== "paid" && v.ptype !== "free") fields.ptype = FIELD_MESSAGES.choosePaymentType;
  if (v.publishdate && !validDate(v.publishdate)) fields.publishdate = FIELD_MESSAGES.date;
  if (v.frequency && !isFrequency(v.frequency)) fields.frequency = FIELD_MESSAGES.chooseFrequency;
  if (v.status && v.status !== "enabled" && v.status !== "disabled") fields.status = FIELD_MESSAGES.chooseStatus;
  if (v.doi && !DOI.test(v.doi)) fields.doi = FIELD_MESSAGES.doi;
  // Said last, over any other message: the invisible character is what to fix.
  Object.assign(fields, forbiddenCharacterErrors(input, Object.keys(v)));
  if (Object.keys(fields).length) return { ok: false, fields };

  const txnidChanged = opts.mode === "add" || v.txnid !== opts.original?.txnid;
  if (txnidChanged && !TXNID.test(v.txnid)) return { ok: false, fields: {}, code: "invalid_txnid" };
  const { first: firstPage, last: lastPage } = parsePageRange(v.pagenumber)!;
  if (firstPage < 1 || firstPage > lastPage) return { ok: false, fields: {}, code: "invalid_pagenumber" };
  if (opts.mode === "add" && opts.lastPage !== undefined && firstPage <= opts.lastPage) {
    return { ok: false, fields: { pagenumber: FIELD_MESSAGES.pageAfterLast(opts.lastPage) } };
  }

  return {
    ok: true,
    value: {
      ...v,
      authors: serialiseAuthors(byline.authors),
      references: referencesText(references),
      ptype: v.ptype as "paid" | "free",
      status: (v.status || "enabled") as "enabled" | "disabled",
      firstPage,
      lastPage,
    },
  };
}

/**
 * Every message that applies to each field right now, for instant feedback in the admin forms.
 * Unlike `validateArticle` (which stops at the first failing stage), this also reports the
 * issue-order page rule, the transaction id and the page-range order while other fields are
 * still incomplete, keyed by field, with the spec's texts.
 */
export function articleFieldErrors(input: Input, opts: ArticleRuleOptions): Record<string, string> {
  const result = validateArticle(input, opts);
  if (result.ok) return {};
  const fields: Record<string, string> = { ...result.fields };
  const txnid = str(input, "txnid", 128);
  const txnidChanged = opts.mode === "add" || txnid !== opts.original?.txnid;
  if (!fields.txnid && txnid && txnidChanged && !TXNID.test(txnid)) fields.txnid = ERROR_TEXT.invalid_txnid;
  const pages = parsePageRange(str(input, "pagenumber", 32).replace(/\s+/g, ""));
  if (!fields.pagenumber && pages) {
    const { first, last } = pages;
    if (first < 1 || first > last) fields.pagenumber = ERROR_TEXT.invalid_pagenumber;
    else if (opts.mode === "add" && opts.lastPage !== undefined && first <= opts.lastPage) {
      fields.pagenumber = FIELD_MESSAGES.pageAfterLast(opts.lastPage);
    }
  }
  return fields;
}
