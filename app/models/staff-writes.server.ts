/**
 * One use-case function per staff write, so the admin and the API follow one rule: add article, update article, add and
 * update editor, settings, logo, indexing partners. The admin actions (app/routes/admin/*) and the JSON API
 * (workers/api/*) both call these and only translate the result — form data or JSON. Each
 * runs the whole rule: validation, the upload check, the write across D1 and R2, and the
 * mapping of what can go wrong to a status and a code; HTML is cleaned on write by the model
 * functions underneath. Unexpected failures (R2 or D1 down) are thrown.
 */
import type { Db } from "../db/client.server";
import type { Article } from "../lib/article";
import { validateArticle } from "../schemas/article";
import type { Input } from "../schemas/common";
import { validateEditor } from "../schemas/editor";
import { CERTIFICATE_IMAGE_MESSAGES, EDITOR_MESSAGES, FIELD_MESSAGES, PARTNER_MESSAGES, SELECTION_MESSAGES } from "../schemas/messages";
import { validateIssue, type IssueValues } from "../schemas/issue";
import { parseEditorId } from "../schemas/selection";
import { validatePartner, type PartnerValues } from "../schemas/partner";
import { validateSettings } from "../schemas/settings";
// Texts printed on documents must have a glyph in their fonts (the documents' font manifest).
import { unprintableFields } from "../documents/printable.server";
import { checkImage, checkPdf, UploadRejected } from "../storage/uploads.server";
import { addArticleWithPdf, ArticleWriteError, lastPageOfIssue, updateArticleWithPdf } from "./articles.server";
import { createEditorWithPicture, setEditorsPinned, updateEditorWithPicture, type Editor } from "./editors.server";
import type { Actor } from "./history.server";
import { createPartner, updatePartner, type Partner } from "./indexing.server";
import { createIssue, DuplicateIssueError, type Issue } from "./issues.server";
import { checkCertificateImage, checkLogo, setCertificateImage, setJournalLogo, updateSettings, type CertificateImageKind, type LogoImage } from "./settings.server";

type Storage = { DB: D1Database; FILES: R2Bucket };

/** What went wrong, for the edge to translate: a status, the spec's code (if any), field messages. */
export interface WriteFailure {
  ok: false;
  status: 400 | 404 | 409 | 413;
  code?: string;
  fields: Record<string, string>;
}
export type WriteResult<T> = { ok: true; value: T } | WriteFailure;

const fail = (status: WriteFailure["status"], fields: Record<string, string>, code?: string): WriteFailure => ({ ok: false, status, fields, code });

/** Upload and write errors as failures; anything else is rethrown. */
function known(error: unknown, field: string, message: (code: string) => string): WriteFailure {
  if (error instanceof UploadRejected) return fail(error.status, { [field]: message(error.code) }, error.code);
  if (error instanceof ArticleWriteError) return fail(409, {}, error.code);
  throw error;
}

const pdfMessage = (code: string) => (code === "file_too_large" ? FIELD_MESSAGES.fileTooLarge : FIELD_MESSAGES.notAPdf);

// ---- Articles ----------------------------------------------------------------------------------

/** Adds an article with its PDF to an issue (spec §5 rules, §8 codes): all or nothing. */
export async function addArticle(
  env: Storage,
  db: Db,
  journalId: number,
  username: string,
  issue: Pick<Issue, "id" | "year" | "volume" | "issue" | "frequency">,
  input: Input,
  file: File | null,
): Promise<WriteResult<Article>> {
  const result = validateArticle(input, { mode: "add", hasPdf: !!file, lastPage: await lastPageOfIssue(db, journalId, issue.id) });
  if (!result.ok) return fail(400, result.fields, result.code);
  const unprintable = await unprintableFields({ title: result.value.title, authorname: result.value.authorname });
  if (Object.keys(unprintable).length) return fail(400, unprintable);
  try {
    const pdf = await checkPdf(file!);
    return { ok: true, value: await addArticleWithPdf(env, db, journalId, issue, { ...result.value, status: "enabled" }, pdf, username) };
  } catch (error) {
    return known(error, "pdfFile", pdfMessage);
  }
}

/**
 * Fields an update may change. One the input omits keeps its stored value (a client that sends
 * only what it edits cannot wipe keywords, mobile…); one sent empty is cleared. `doi` is left
 * out: the validator keeps it when it is absent.
 */
const ARTICLE_UPDATABLE = [
  "refnumber", "txnid", "ptype", "publishdate", "authorname", "email", "mobile", "country", "subject",
  "keywords", "pagenumber", "title", "abstract", "frequency", "status",
  // Authors as people, references, licence and manuscript dates (authorname is made from authors).
  "authors", "references", "license_url", "received_date", "accepted_date",
] as const satisfies readonly (keyof Article)[];

/** Updates an article, optionally replacing its PDF (the old object goes once the row switched). */
export async function updateArticle(
  env: Storage,
  db: Db,
  journalId: number,
  username: string,
  existing: Article,
  input: Input,
  file: File | null,
): Promise<WriteResult<Article>> {
  const stored = Object.fromEntries(ARTICLE_UPDATABLE.map((key) => [key, String(existing[key] ?? "")]));
  const result = validateArticle({ ...stored, ...input }, {
    mode: "edit",
    hasPdf: !!file,
    original: { refnumber: existing.refnumber, txnid: existing.txnid, authorname: existing.authorname, authors: existing.authors },
  });
  if (!result.ok) return fail(400, result.fields, result.code);
  const unprintable = await unprintableFields({ title: result.value.title, authorname: result.value.authorname });
  if (Object.keys(unprintable).length) return fail(400, unprintable);
  try {
    const pdf = file ? await checkPdf(file) : null;
    return { ok: true, value: await updateArticleWithPdf(env, db, journalId, existing, result.value, pdf, username) };
  } catch (error) {
    return known(error, "pdfFile", pdfMessage);
  }
}

// ---- Editors -----------------------------------------------------------------------------------

const EDITOR_UPDATABLE = ["category", "post", "name", "degree", "content", "email", "phone", "country", "editor_website", "status"] as const satisfies readonly (keyof Editor)[];

/**
 * Adds an editor (`existing` null) or updates one, with an optional new picture. On update,
 * omitted fields keep their stored values and empty ones clear; `{status}` alone is the list's
 * switch.
 */
export async function saveEditor(
  env: Storage,
  db: Db,
  journalId: number,
  existing: Editor | null,
  input: Input,
  file: File | null,
): Promise<WriteResult<Editor>> {
  const stored = existing ? Object.fromEntries(EDITOR_UPDATABLE.map((key) => [key, String(existing[key] ?? "")])) : {};
  const keys = Object.keys(input);
  if (existing && !file && keys.length === 1 && keys[0] === "status") return setEditorStatus(env, db, journalId, existing, input.status);
  const result = validateEditor({ ...stored, ...input });
  if (!result.ok) return fail(400, result.fields);
  const { name, post, degree, content, country } = result.value;
  const unprintable = await unprintableFields({ name, post, degree, content, country });
  if (Object.keys(unprintable).length) return fail(400, unprintable);
  let picture = null;
  try {
    picture = file ? await checkImage(file) : null;
  } catch (error) {
    return known(error, "imgFile", () => FIELD_MESSAGES.picture);
  }
  const value = existing
    ? await updateEditorWithPicture(env, db, journalId, existing, result.value, picture)
    : await createEditorWithPicture(env, db, journalId, result.value, picture);
  return { ok: true, value };
}

/** The editors list's switch (spec §4) and POST /api/editors/{id} with `status` alone. */
export async function setEditorStatus(env: Storage, db: Db, journalId: number, existing: Editor, status: unknown): Promise<WriteResult<Editor>> {
  if (status !== "enabled" && status !== "disabled") return fail(400, { status: FIELD_MESSAGES.chooseStatus });
  return { ok: true, value: await updateEditorWithPicture(env, db, journalId, existing, { status }, null) };
}

/** Most editors one pin or unpin may name. */
export const MAX_PIN_SELECTION = 1000;

/**
 * Pins or unpins editors in bulk (spec §4, POST /api/editors/pin): a list of 1 to 1000 editor
 * ids, each a positive whole number; ids of other journals change nothing and are not counted.
 * The failure's `ids` field is the message to show.
 */
export async function pinEditors(db: Db, journalId: number, ids: unknown, pinned: boolean): Promise<WriteResult<{ changed: number }>> {
  if (!Array.isArray(ids) || ids.length === 0) return fail(400, { ids: EDITOR_MESSAGES.selectOne }, "empty_selection");
  if (ids.length > MAX_PIN_SELECTION) return fail(400, { ids: EDITOR_MESSAGES.tooMany(MAX_PIN_SELECTION) }, "selection_too_large");
  const clean: number[] = [];
  for (const raw of ids) {
    const id = parseEditorId(raw);
    if (id === null) return fail(400, { ids: SELECTION_MESSAGES.invalidValue("editors", JSON.stringify(raw)?.slice(0, 40) ?? "") }, "invalid_ids");
    clean.push(id);
  }
  return { ok: true, value: { changed: await setEditorsPinned(db, journalId, clean, pinned) } };
}

// ---- Issues ------------------------------------------------------------------------------------

/**
 * Add issue (spec §5, the Archives page and POST /api/admin/create-issue): the rules of
 * app/schemas/issue.ts for the journal's current year, then the row; a second issue with the same
 * year, volume and number is refused 409 `duplicate_issue`, naming the issue it repeats.
 */
export async function addIssue(
  db: Db,
  journalId: number,
  username: string,
  input: Input,
  currentYear: number,
): Promise<WriteResult<Issue> | (WriteFailure & { duplicate: IssueValues })> {
  const result = validateIssue(input, currentYear);
  if (!result.ok) return fail(400, result.fields);
  try {
    return { ok: true, value: await createIssue(db, journalId, { ...result.value, createdby: username }) };
  } catch (error) {
    if (error instanceof DuplicateIssueError) return { ...fail(409, {}, error.code), duplicate: result.value };
    throw error;
  }
}

// ---- Settings ----------------------------------------------------------------------------------

/**
 * Saves the settings given (missing ones unchanged); answers the stored settings. `primaryHost`:
 * a `domain` naming another host is refused (the domain follows the primary host).
 */
export async function saveSettings(db: Db, journalId: number, input: Input, primaryHost?: string) {
  const result = validateSettings(input, { primaryHost });
  if (!result.ok) return fail(400, result.fields);
  const v = result.value.values;
  const unprintable = await unprintableFields({
    websitename: v.websitename, publisher_name: v.publisher_name, publisher_address: v.publisher_address, issn: v.issn,
    journal_essn: v.journal_essn, impactfactor: v.impactfactor, year_started: v.year_started, journal_frequency: v.journal_frequency,
  });
  if (Object.keys(unprintable).length) return fail(400, unprintable);
  return { ok: true as const, value: await updateSettings(db, journalId, result.value.values) };
}

/** Sets the journal's logo from an upload, or removes it (`file` null and `remove`). */
export async function saveLogo(env: Storage, db: Db, journalId: number, file: File | null, remove: boolean) {
  if (!file && !remove) return fail(400, { logoFile: FIELD_MESSAGES.logo });
  let logo: LogoImage | null = null;
  if (file) {
    try {
      logo = await checkLogo(file);
    } catch (error) {
      return known(error, "logoFile", (code) => (code === "image_too_large" ? FIELD_MESSAGES.logoPixels : FIELD_MESSAGES.logo));
    }
  }
  return { ok: true as const, value: await setJournalLogo(env, db, journalId, logo) };
}

/**
 * Sets or removes the signature or stamp drawn on certificates (`{kind}File`: a PNG with
 * transparency, at most 2 MB; `remove`): the Settings card and /api/settings/{kind}.
 */
export async function saveCertificateImage(env: Storage, db: Db, journalId: number, kind: CertificateImageKind, file: File | null, remove: boolean) {
  const field = `${kind}File`;
  if (!file && !remove) return fail(400, { [field]: CERTIFICATE_IMAGE_MESSAGES.invalid });
  let image: LogoImage | null = null;
  if (file) {
    try {
      image = await checkCertificateImage(file);
    } catch (error) {
      return known(error, field, (code) => (code === "image_too_large" ? CERTIFICATE_IMAGE_MESSAGES.tooManyPixels : CERTIFICATE_IMAGE_MESSAGES.invalid));
    }
  }
  return { ok: true as const, value: await setCertificateImage(env, db, journalId, kind, image) };
}

// ---- Indexing partners -------------------------------------------------------------------------

/**
 * Adds an indexing partner (`existing` null: title required; link, position, status optional)
 * or changes the fields sent of one (`{status}` alone is the list's switch), with an optional
 * new logo — the editor pictures' rule: JPEG, PNG or WebP by content, ≤ 2 MB, ≤ 6000 px a side —
 * or `removeLogo`.
 */
export async function savePartner(
  env: Storage,
  db: Db,
  journalId: number,
  actor: Actor,
  existing: Partner | null,
  input: Input,
  file: File | null,
  removeLogo = false,
): Promise<WriteResult<Partner>> {
  const result = validatePartner(input, !!existing);
  if (!result.ok) return fail(400, result.fields);
  let logo = null;
  try {
    logo = file ? await checkImage(file) : null;
  } catch (error) {
    return known(error, "image", () => PARTNER_MESSAGES.image);
  }
  if (!existing) {
    const value = result.value as PartnerValues;
    return { ok: true, value: await createPartner(env, db, journalId, actor, { ...value, sortnumber: "sortnumber" in result.value ? value.sortnumber : undefined }, logo) };
  }
  return { ok: true, value: await updatePartner(env, db, journalId, actor, existing, result.value, logo, removeLogo && !logo) };
}
