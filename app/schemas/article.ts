import type { ArticleFields } from "../lib/article";
import { htmlToText } from "../lib/html";
import { parsePageRange } from "../lib/pages";
import { DOI_SYNTAX as DOI } from "../lib/doi";
import { str, type Input, type Validation } from "./common";
import { isFrequency } from "./frequency";
import { ERROR_TEXT, FIELD_MESSAGES } from "./messages";
import { cleanField } from "./html-fields";
import { forbiddenCharacterErrors } from "./text";

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
export function normaliseDoi(value: string): string {
  return value.trim().replace(/^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)/i, "");
}

export const ADD_REQUIRED = ["txnid", "ptype", "publishdate", "authorname", "pagenumber", "refnumber", "email", "title", "abstract"] as const;
/** Spec §5: the edit form requires the same fields except the e-mail (and the PDF). */
export const EDIT_REQUIRED = ["txnid", "ptype", "publishdate", "authorname", "pagenumber", "refnumber", "title", "abstract"] as const;

/**
 * What an edit starts from: a ref number or transaction id the staff did not change is kept as
 * it is, even if it predates today's format rules (spec §5 checks the ref number on add only);
 * a changed one must meet them, so it cannot break the article's URLs.
 */
export interface ArticleOriginal {
  refnumber: string;
  txnid: string;
}

type ArticleRuleOptions = { mode: "add" | "edit"; lastPage?: number; hasPdf: boolean; original?: ArticleOriginal };

/** Author rule of spec §5 (shared by add and edit); '' when fine. */
export function authorError(authorname: string): string {
  if (!authorname) return FIELD_MESSAGES.required;
  if (authorname.split(/\s+/).filter(Boolean).length > MAX_AUTHOR_WORDS) return FIELD_MESSAGES.authorTooLong;
  if (!AUTHOR_CHARS.test(authorname)) return FIELD_MESSAGES.authorChars;
  return "";
}

export function pageFormatError(pagenumber: string): string {
  if (!pagenumber) return FIELD_MESSAGES.required;
  return parsePageRange(pagenumber) ? "" : FIELD_MESSAGES.pageFormat;
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
  };

  for (const key of opts.mode === "add" ? ADD_REQUIRED : EDIT_REQUIRED) {
    const value = key === "title" || key === "abstract" ? htmlToText(v[key]) : v[key];
    if (!value) fields[key] = FIELD_MESSAGES.required;
  }
  if (opts.mode === "add" && !opts.hasPdf) fields.pdfFile = FIELD_MESSAGES.required;

  const author = authorError(v.authorname);
  if (author) fields.authorname = author;
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
