/**
 * One use-case function per staff write, so the admin and the API follow one rule: add article, update article, add and
 * update editor, settings, logo, indexing partners. The admin actions (app/routes/admin/*) and the JSON API
 * (workers/api/*) both call these and only translate the result — form data or JSON. Each
 * runs the whole rule: validation, the upload check, the write across D1 and R2, and the
 * mapping of what can go wrong to a status and a code; HTML is cleaned on write by the model
 * functions underneath. Unexpected failures (R2 or D1 down) are thrown.
 *
 * Every update is a versioned write (app/models/versioned.server.ts, ADR 020): it names the
 * version it started from (`expect`), writes only the columns it changes, and records who
 * changed what in the history, in the same D1 batch.
 */
import type { Db } from "../db/client.server";
import type { Article } from "../lib/article";
import { validateArticle } from "../schemas/article";
import { str, type Input } from "../schemas/common";
import { validateEditor } from "../schemas/editor";
import { CERTIFICATE_IMAGE_MESSAGES, EDITOR_MESSAGES, FIELD_MESSAGES, NOT_FOUND_MESSAGES, PARTNER_MESSAGES, RECORD_MESSAGES, SELECTION_MESSAGES } from "../schemas/messages";
import { validateIssue, validateIssueEdit, type IssueValues } from "../schemas/issue";
import { parseEditorId } from "../schemas/selection";
import { validatePartner, type PartnerValues } from "../schemas/partner";
import { validateSettings } from "../schemas/settings";
import { cleanHtmlFields } from "../schemas/html-fields";
// Texts printed on documents must have a glyph in their fonts (the documents' font manifest).
import { unprintableFields } from "../documents/printable.server";
import { checkImage, checkPdf, UploadRejected } from "../storage/uploads.server";
import { addArticleWithPdf, ArticleWriteError, lastPageOfIssue, searchText, writeArticle, type ArticleForWrite, type StoredUpload } from "./articles.server";
import { createEditorWithPicture, setEditorsPinned, writeEditor, type Editor, type EditorForWrite, type PinRefusal } from "./editors.server";
import { actorLabel, changedFields, type Actor, type FieldChange, type HistoryItem } from "./history.server";
import { createIssue, deleteIssue, DuplicateIssueError, editIssue, findIssue, type Issue } from "./issues.server";
import { moveArticle, restoreArticle, trashArticle, type CorrectionFailure } from "./article-corrections.server";
import {
  checkCertificateImage,
  checkLogo,
  CERTIFICATE_IMAGE_COLUMN,
  getSettings,
  setSettingsImage,
  settingsPlan,
  writeSettings,
  type CertificateImageKind,
  type LogoImage,
} from "./settings.server";
import type { Expectation, Plan, PlanFailure, Refusal, VersionedResult } from "./versioned.server";
import type { StoredImage } from "./versioned-objects.server";
import { createPartner, writePartner, type Partner, type PartnerForWrite } from "./indexing.server";

type Storage = { DB: D1Database; FILES: R2Bucket };

/** What went wrong, for the edge to translate: a status, the spec's code (if any), field messages. */
export interface WriteFailure {
  ok: false;
  status: 400 | 404 | 409 | 412 | 413;
  code?: string;
  fields: Record<string, string>;
  /** A stale version (409 edit_conflict) or ETag (412): the record's version now and what changed since. */
  conflict?: { version: number; etag?: string; changes: HistoryItem[]; fields: string[] };
}
export type WriteResult<T> = { ok: true; value: T; merged?: HistoryItem[] } | WriteFailure;

const fail = (status: WriteFailure["status"], fields: Record<string, string>, code?: string): WriteFailure => ({ ok: false, status, fields, code });

/** Upload and write errors as failures; anything else is rethrown. */
function known(error: unknown, field: string, message: (code: string) => string): WriteFailure {
  if (error instanceof UploadRejected) return fail(error.status, { [field]: message(error.code) }, error.code);
  if (error instanceof ArticleWriteError) return fail(409, {}, error.code);
  throw error;
}

/** A versioned write's refusal in the use-cases' failure shape (404, 412, 409 edit_conflict). */
export function refusalFailure(refusal: Refusal): WriteFailure {
  if (refusal.kind === "not_found") return fail(404, {}, "not_found");
  if (refusal.kind === "precondition_failed") return { ...fail(412, {}, "precondition_failed"), conflict: { version: refusal.version, etag: refusal.etag, changes: [], fields: [] } };
  return { ...fail(409, {}, "edit_conflict"), conflict: { version: refusal.version, changes: refusal.changes, fields: refusal.fields } };
}

/** A versioned result as a use-case result. */
function outcome<Row, T>(result: VersionedResult<Row, WriteFailure>, value: (row: Row) => T): WriteResult<T> {
  if (result.ok) return { ok: true, value: value(result.row), merged: result.merged.length ? result.merged : undefined };
  if ("refusal" in result) return refusalFailure(result.refusal);
  return result.failure;
}

const pdfMessage = (code: string) => (code === "file_too_large" ? FIELD_MESSAGES.fileTooLarge : FIELD_MESSAGES.notAPdf);

/** The fields a request sends, limited to what the person changed when the form says so. */
function sentFields(input: Input, only: ReadonlySet<string> | null): Input {
  if (!only) return input;
  return Object.fromEntries(Object.entries(input).filter(([key]) => only.has(key)));
}

/** The columns of `next` that differ from `row` (compared as text), for a column-limited write. */
function differing<R extends object>(row: R, next: Record<string, unknown>): Record<string, unknown> {
  const set: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) if (String((row as Record<string, unknown>)[key] ?? "") !== String(value ?? "")) set[key] = value;
  return set;
}

// ---- Articles ----------------------------------------------------------------------------------

/** Adds an article with its PDF to an issue (spec §5 rules, §8 codes): all or nothing. */
export async function addArticle(
  env: Storage,
  db: Db,
  journalId: number,
  actor: Actor,
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
    return { ok: true, value: await addArticleWithPdf(env, db, journalId, issue, { ...result.value, status: "enabled" }, pdf, actor) };
  } catch (error) {
    return known(error, "pdfFile", pdfMessage);
  }
}

/**
 * Fields an update may change. One the input omits keeps its stored value (a client that sends
 * only what it edits cannot wipe keywords, mobile…); one sent empty is cleared. `doi` is left
 * out: the validator keeps it when it is absent. A column added here is written, compared and
 * recorded in the history like the others.
 */
const ARTICLE_UPDATABLE = [
  "refnumber", "txnid", "ptype", "publishdate", "authorname", "email", "mobile", "country", "subject",
  "keywords", "pagenumber", "title", "abstract", "frequency", "status",
  // Authors as people, references, licence and manuscript dates (authorname is made from authors).
  "authors", "references", "license_url", "received_date", "accepted_date",
] as const satisfies readonly (keyof Article)[];

/**
 * The change an article update makes to the row as it is now: validated as a whole (the row's
 * values under what was sent), written column by column — only the fields sent that differ, the
 * columns derived from them, and the PDF's columns when one was uploaded.
 */
/** What an edit starts from: the stored identifiers and byline (app/schemas/article.ts). */
const articleOriginal = (a: Article) => ({ refnumber: a.refnumber, txnid: a.txnid, authorname: a.authorname, authors: a.authors });

/** Columns written together: the byline is made from the authors list, and the list from a byline. */
const LINKED: Record<string, readonly string[]> = { authors: ["authorname"], authorname: ["authors"] };

function articlePlan(row: ArticleForWrite, input: Input, only: ReadonlySet<string> | null, upload: StoredUpload | null, actor: Actor): Plan | PlanFailure<WriteFailure> {
  if (row.status === "trashed") return { failure: fail(409, {}, "article_in_trash") };
  const sent = sentFields(input, only);
  const stored = Object.fromEntries(ARTICLE_UPDATABLE.map((key) => [key, String(row[key] ?? "")]));
  const result = validateArticle({ ...stored, ...sent }, { mode: "edit", hasPdf: !!upload, original: articleOriginal(row) });
  if (!result.ok) return { failure: fail(400, result.fields, result.code) };
  const v = result.value;
  const writes = new Set(Object.keys(sent).flatMap((key) => [key, ...(LINKED[key] ?? [])]));
  const next: Record<string, unknown> = {};
  for (const key of ARTICLE_UPDATABLE) {
    if (!writes.has(key)) continue;
    // An empty frequency means "the issue's": the stored copy stays.
    if (key === "frequency" && !v.frequency) continue;
    next[key] = v[key];
  }
  if (v.doi !== undefined && "doi" in sent) next.doi = v.doi;
  // Sanitise on write: every HTML field, whoever calls, so no reader of the row meets raw markup.
  const set = differing(row, cleanHtmlFields("articles", next));
  const fields: Record<string, FieldChange> = changedFields(row, set);
  if ("title" in set) Object.assign(set, { description: v.title, searchTitle: searchText(v.title, "").searchTitle });
  if ("abstract" in set) set.searchAbstract = searchText("", v.abstract).searchAbstract;
  if ("pagenumber" in set) Object.assign(set, { firstPage: v.firstPage, lastPage: v.lastPage });
  const refnumber = String(set.refnumber ?? row.refnumber);
  if (upload) {
    Object.assign(set, { file: `${refnumber}.pdf`, fileKey: upload.object, fileFolder: upload.folder });
    fields.pdf = { before: row.pdfHash ?? (row.fileKey || row.file || null), after: upload.sha };
  } else if ("refnumber" in set && (row.fileKey || row.file)) {
    // The file's public name follows the ref number; the object keeps its own name.
    Object.assign(set, { file: `${refnumber}.pdf`, fileKey: row.fileKey || row.file });
  }
  if (Object.keys(fields).length) Object.assign(set, { modifiedby: actorLabel(actor), modification: new Date().toISOString() });
  return { set, fields };
}

/**
 * Updates an article, optionally replacing its PDF (the old object goes once the row switched).
 * `expect` is the version the client started from (null: the API without one — last write
 * wins, column by column, as before).
 */
export async function updateArticle(
  env: Storage,
  db: Db,
  journalId: number,
  actor: Actor,
  existing: Article,
  input: Input,
  file: File | null,
  expect: Expectation = null,
): Promise<WriteResult<Article>> {
  if (existing.status === "trashed") return fail(409, {}, "article_in_trash");
  // Checked first on the article as read (the write checks again on the row it writes): texts
  // printed on documents must have a glyph in their fonts (an async check, so not in the plan).
  const stored = Object.fromEntries(ARTICLE_UPDATABLE.map((key) => [key, String(existing[key] ?? "")]));
  const checked = validateArticle({ ...stored, ...input }, { mode: "edit", hasPdf: !!file, original: articleOriginal(existing) });
  if (!checked.ok) return fail(400, checked.fields, checked.code);
  const unprintable = await unprintableFields({ title: checked.value.title, authorname: checked.value.authorname });
  if (Object.keys(unprintable).length) return fail(400, unprintable);
  try {
    const pdf = file ? await checkPdf(file) : null;
    const result = await writeArticle<WriteFailure>(env, db, journalId, existing, {
      actor,
      action: "update",
      expect,
      pdf,
      plan: (row, only, upload) => articlePlan(row, input, only, upload, actor),
    });
    return outcome(result, (row) => row);
  } catch (error) {
    return known(error, "pdfFile", pdfMessage);
  }
}

// ---- Editors -----------------------------------------------------------------------------------

const EDITOR_UPDATABLE = ["category", "post", "name", "degree", "content", "email", "phone", "country", "editor_website", "status"] as const satisfies readonly (keyof Editor)[];

function editorPlan(row: EditorForWrite, input: Input, only: ReadonlySet<string> | null, picture: { name: string; sha: string } | null): Plan | PlanFailure<WriteFailure> {
  const sent = sentFields(input, only);
  const keys = Object.keys(sent);
  let next: Record<string, unknown>;
  if (!picture && keys.length === 1 && keys[0] === "status") {
    // The list's switch: the status alone.
    const status = String(sent.status);
    if (status !== "enabled" && status !== "disabled") return { failure: fail(400, { status: FIELD_MESSAGES.chooseStatus }) };
    next = { status };
  } else {
    const stored = Object.fromEntries(EDITOR_UPDATABLE.map((key) => [key, String(row[key] ?? "")]));
    const result = validateEditor({ ...stored, ...sent });
    if (!result.ok) return { failure: fail(400, result.fields) };
    next = Object.fromEntries(EDITOR_UPDATABLE.filter((key) => key in sent).map((key) => [key, result.value[key]]));
  }
  // Sanitise on write: every HTML field, whoever calls, so no reader of the row meets raw markup.
  const set = differing(row, cleanHtmlFields("editors", next));
  const fields = changedFields(row, set);
  if (picture) {
    set.picture = picture.name;
    fields.picture = { before: row.pictureHash ?? (row.picture || null), after: picture.sha };
  }
  return { set, fields };
}

/**
 * Adds an editor (`existing` null) or updates one, with an optional new picture. On update,
 * omitted fields keep their stored values and empty ones clear; `{status}` alone is the list's
 * switch.
 */
export async function saveEditor(
  env: Storage,
  db: Db,
  journalId: number,
  actor: Actor,
  existing: Editor | null,
  input: Input,
  file: File | null,
  expect: Expectation = null,
): Promise<WriteResult<Editor>> {
  const keys = Object.keys(input);
  if (existing && !file && keys.length === 1 && keys[0] === "status") return setEditorStatus(env, db, journalId, actor, existing, input.status, expect);
  // Texts printed on documents must have a glyph in their fonts (checked before the write: async).
  const stored = existing ? Object.fromEntries(EDITOR_UPDATABLE.map((key) => [key, String(existing[key] ?? "")])) : {};
  const checked = validateEditor({ ...stored, ...input });
  if (!checked.ok) return fail(400, checked.fields);
  const { name, post, degree, content, country } = checked.value;
  const unprintable = await unprintableFields({ name, post, degree, content, country });
  if (Object.keys(unprintable).length) return fail(400, unprintable);
  let picture = null;
  if (!existing) {
    const result = validateEditor(input);
    if (!result.ok) return fail(400, result.fields);
    try {
      picture = file ? await checkImage(file) : null;
    } catch (error) {
      return known(error, "imgFile", () => FIELD_MESSAGES.picture);
    }
    return { ok: true, value: await createEditorWithPicture(env, db, journalId, result.value, picture, actor) };
  }
  try {
    picture = file ? await checkImage(file) : null;
  } catch (error) {
    return known(error, "imgFile", () => FIELD_MESSAGES.picture);
  }
  const result = await writeEditor<WriteFailure>(env, db, journalId, existing.id, {
    actor,
    action: "update",
    expect,
    picture,
    plan: (row, only, stored) => editorPlan(row, input, only, stored),
  });
  return outcome(result, (row) => row);
}

/**
 * The editors list's switch (spec §4) and POST /api/editors/{id} with `status` alone: a versioned
 * write of the status only, with its history entry — a rename meanwhile does not stop it, a
 * colleague's switch of the same editor since `expect` does (409 edit_conflict).
 */
export async function setEditorStatus(
  env: Storage,
  db: Db,
  journalId: number,
  actor: Actor,
  existing: Editor,
  status: unknown,
  expect: Expectation = null,
): Promise<WriteResult<Editor>> {
  if (status !== "enabled" && status !== "disabled") return fail(400, { status: FIELD_MESSAGES.chooseStatus });
  const result = await writeEditor<WriteFailure>(env, db, journalId, existing.id, {
    actor,
    action: "update",
    expect,
    picture: null,
    plan: (row, only, stored) => editorPlan(row, { status }, only, stored),
  });
  return outcome(result, (row) => row);
}

/** Most editors one pin or unpin may name. */
export const MAX_PIN_SELECTION = 1000;

/** A pin refused because someone else pinned or unpinned some of the editors meanwhile. */
export type PinConflict = WriteFailure & { editors: PinRefusal["editors"] };

/**
 * Pins or unpins editors in bulk (spec §4, POST /api/editors/pin): a list of 1 to 1000 editor
 * ids, each a positive whole number; ids of other journals change nothing and are not counted.
 * Each editor changed gets its version bumped and a history entry in the same batch. With
 * `versions` (what the person loaded), an editor whose pin someone else changed since is a
 * 409 edit_conflict naming those editors, and nothing is written. `changed`: this journal's
 * editors among the ids (pinned or unpinned now, whatever they were). The failure's `ids` field
 * is the message to show.
 */
export async function pinEditors(
  db: Db,
  journalId: number,
  actor: Actor,
  ids: unknown,
  pinned: boolean,
  versions?: ReadonlyMap<number, number>,
): Promise<WriteResult<{ changed: number }> | PinConflict> {
  if (!Array.isArray(ids) || ids.length === 0) return fail(400, { ids: EDITOR_MESSAGES.selectOne }, "empty_selection");
  if (ids.length > MAX_PIN_SELECTION) return fail(400, { ids: EDITOR_MESSAGES.tooMany(MAX_PIN_SELECTION) }, "selection_too_large");
  const clean: number[] = [];
  for (const raw of ids) {
    const id = parseEditorId(raw);
    if (id === null) return fail(400, { ids: SELECTION_MESSAGES.invalidValue("editors", JSON.stringify(raw)?.slice(0, 40) ?? "") }, "invalid_ids");
    clean.push(id);
  }
  const result = await setEditorsPinned(db, journalId, clean, pinned, actor, versions);
  if (!result.ok) return { ...fail(409, {}, "edit_conflict"), editors: result.refusal.editors };
  return { ok: true, value: { changed: result.found } };
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
  actor: Actor,
  input: Input,
  currentYear: number,
): Promise<WriteResult<Issue> | (WriteFailure & { duplicate: IssueValues })> {
  const result = validateIssue(input, currentYear);
  if (!result.ok) return fail(400, result.fields);
  try {
    return { ok: true, value: await createIssue(db, journalId, result.value, actor) };
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
export async function saveSettings(
  db: Db,
  journalId: number,
  actor: Actor,
  input: Input,
  opts: { expect?: Expectation; primaryHost?: string } = {},
): Promise<WriteResult<NonNullable<Awaited<ReturnType<typeof getSettings>>>>> {
  const checked = validateSettings(input, { primaryHost: opts.primaryHost });
  if (!checked.ok) return fail(400, checked.fields);
  const v = checked.value.values;
  const unprintable = await unprintableFields({
    websitename: v.websitename, publisher_name: v.publisher_name, publisher_address: v.publisher_address, issn: v.issn,
    journal_essn: v.journal_essn, impactfactor: v.impactfactor, year_started: v.year_started, journal_frequency: v.journal_frequency,
  });
  if (Object.keys(unprintable).length) return fail(400, unprintable);
  const result = await writeSettings<WriteFailure>(db, journalId, {
    actor,
    action: "update",
    expect: opts.expect ?? null,
    plan: (row, only) => {
      const values = only ? Object.fromEntries(Object.entries(checked.value.values).filter(([key]) => only.has(key))) : checked.value.values;
      return settingsPlan(row, values);
    },
  });
  if (!result.ok) return "refusal" in result ? refusalFailure(result.refusal) : result.failure;
  return { ok: true, value: (await getSettings(db, journalId))!, merged: result.merged.length ? result.merged : undefined };
}

/** Sets the journal's logo from an upload, or removes it (`file` null and `remove`). */
export async function saveLogo(env: Storage, db: Db, journalId: number, actor: Actor, file: File | null, remove: boolean, expect: Expectation = null) {
  if (!file && !remove) return fail(400, { logoFile: FIELD_MESSAGES.logo });
  let logo: LogoImage | null = null;
  if (file) {
    try {
      logo = await checkLogo(file);
    } catch (error) {
      return known(error, "logoFile", (code) => (code === "image_too_large" ? FIELD_MESSAGES.logoPixels : FIELD_MESSAGES.logo));
    }
  }
  return settingsImageOutcome(db, journalId, await setSettingsImage(env, db, journalId, "logo", logo, actor, expect));
}

/**
 * Sets or removes the signature or stamp drawn on certificates (`{kind}File`: a PNG with
 * transparency, at most 2 MB; `remove`): the Settings card and /api/settings/{kind}.
 */
export async function saveCertificateImage(env: Storage, db: Db, journalId: number, actor: Actor, kind: CertificateImageKind, file: File | null, remove: boolean, expect: Expectation = null) {
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
  return settingsImageOutcome(db, journalId, await setSettingsImage(env, db, journalId, CERTIFICATE_IMAGE_COLUMN[kind], image, actor, expect));
}

async function settingsImageOutcome(db: Db, journalId: number, result: Awaited<ReturnType<typeof setSettingsImage>>) {
  if (!result.ok) return "refusal" in result ? refusalFailure(result.refusal) : fail(400, {});
  return { ok: true as const, value: (await getSettings(db, journalId))! };
}

// ---- Corrections: issues and the article trash (ADR 021) ---------------------------------------

/** Corrects an issue's year, volume, number or frequency; its old URLs redirect to the new ones. */
export async function saveIssueEdit(db: Db, journalId: number, actor: Actor, id: number, input: Input, currentYear: number, expect: Expectation = null): Promise<WriteResult<Issue>> {
  const checked = validateIssueEdit(input, currentYear);
  if (!checked.ok) return fail(400, checked.fields);
  try {
    const result = await editIssue(db, journalId, id, checked.value, actor, expect);
    if (!result.ok) return "refusal" in result ? refusalFailure(result.refusal) : result.failure;
    return { ok: true, value: result.row, merged: result.merged.length ? result.merged : undefined };
  } catch (error) {
    if (error instanceof DuplicateIssueError) return fail(409, {}, "duplicate_issue");
    throw error;
  }
}

/** Deletes an empty issue; one with articles (trashed ones too) is refused with why. */
export async function removeIssue(db: Db, journalId: number, actor: Actor, id: number, expect: Expectation = null): Promise<WriteResult<Issue> & { message?: string }> {
  const result = await deleteIssue(db, journalId, id, actor, expect);
  if (result.ok) return { ok: true, value: result.issue };
  if ("notEmpty" in result) {
    const message = RECORD_MESSAGES.issueNotEmpty(result.notEmpty.articles, result.notEmpty.trashed);
    return { ...fail(409, {}, "issue_not_empty"), message };
  }
  return refusalFailure(result.refusal);
}

const CORRECTION_FAILURES: Record<Exclude<CorrectionFailure["code"], "validation_failed">, { status: WriteFailure["status"]; message: string }> = {
  in_trash: { status: 409, message: RECORD_MESSAGES.inTrash },
  not_in_trash: { status: 409, message: RECORD_MESSAGES.notInTrash },
  trash_expired: { status: 409, message: RECORD_MESSAGES.trashExpired },
  same_issue: { status: 400, message: RECORD_MESSAGES.sameIssue },
  issue_not_found: { status: 404, message: NOT_FOUND_MESSAGES.issueToAddToApi },
};

/** A correction's result in the use-cases' shape (a message for the refusals of its own). */
function correction(result: VersionedResult<Article, CorrectionFailure>): WriteResult<Article> & { message?: string } {
  if (result.ok) return { ok: true, value: result.row };
  if ("refusal" in result) return refusalFailure(result.refusal);
  const f = result.failure;
  if (f.code === "validation_failed") return fail(400, f.fields);
  const known = CORRECTION_FAILURES[f.code];
  return { ...fail(known.status, {}, f.code), message: known.message };
}

/** Moves an article to the trash (restorable for 30 days). */
export async function trashArticleUseCase(db: Db, journalId: number, actor: Actor, id: number, expect: Expectation = null) {
  return correction(await trashArticle(db, journalId, id, actor, expect));
}

/** Takes an article out of the trash with the status it had. */
export async function restoreArticleUseCase(db: Db, journalId: number, actor: Actor, id: number, expect: Expectation = null) {
  return correction(await restoreArticle(db, journalId, id, actor, expect));
}

/** Moves an article to another issue of the journal (`issue_id`, or `year`/`volume`/`issue`; optional new `pagenumber`). */
export async function moveArticleUseCase(db: Db, journalId: number, actor: Actor, id: number, input: Input, expect: Expectation = null) {
  let issueId = Number(str(input, "issue_id", 12));
  if (!Number.isSafeInteger(issueId) || issueId <= 0) {
    const [year, volume, number] = ["year", "volume", "issue"].map((k) => str(input, k, 8));
    const found = [year, volume, number].every((v) => /^\d{1,4}$/.test(v)) ? await findIssue(db, journalId, Number(year), Number(volume), Number(number)) : undefined;
    if (!found) return { ...fail(404, {}, "issue_not_found"), message: CORRECTION_FAILURES.issue_not_found.message };
    issueId = found.id;
  }
  const pagenumber = str(input, "pagenumber", 32);
  return correction(await moveArticle(db, journalId, id, { issueId, pagenumber: pagenumber || undefined }, actor, expect));
}

// ---- Indexing partners -------------------------------------------------------------------------

/**
 * The change a partner update makes to the row as it is now: the fields sent (or, from the
 * admin form, those the person changed) that differ, and the logo's column when one was
 * uploaded or removed.
 */
function partnerPlan(row: PartnerForWrite, input: Input, only: ReadonlySet<string> | null, logo: StoredImage | null, removeLogo: boolean): Plan | PlanFailure<WriteFailure> {
  const result = validatePartner(sentFields(input, only), true);
  if (!result.ok) return { failure: fail(400, result.fields) };
  const set = differing(row, result.value);
  const fields = changedFields(row, set);
  const before = row.imageHash ?? (row.image || null);
  if (logo) {
    set.image = logo.name;
    fields.image = { before, after: logo.sha };
  } else if (removeLogo && row.image) {
    set.image = "";
    fields.image = { before, after: "" };
  }
  return { set, fields };
}

/**
 * Adds an indexing partner (`existing` null: title required; link, position, status optional)
 * or changes the fields sent of one (`{status}` alone is the list's switch), with an optional
 * new logo — the editor pictures' rule: JPEG, PNG or WebP by content, ≤ 2 MB, ≤ 6000 px a side —
 * or `removeLogo`. An update is a versioned write: `expect` is the version the client started
 * from (null: the API without one — the fields it sends, over whatever is stored).
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
  expect: Expectation = null,
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
  const written = await writePartner<WriteFailure>(env, db, journalId, existing.id, {
    actor,
    action: "update",
    expect,
    logo,
    plan: (row, only, stored) => partnerPlan(row, input, only, stored, removeLogo && !logo),
  });
  return outcome(written, (row) => row);
}
