/**
 * The application side of the document downloads (spec §7): which rows a document shows, how
 * they become document inputs, which certificates may be made and the fan-out of a certificate
 * zip. workers/api/pdf.ts only turns these outcomes into HTTP responses, so everything here can
 * be called and tested without a request.
 */
import { buildCertificate } from "./certificate.server";
import { buildCoverPage } from "./coverpage.server";
import { buildEditorCertificate } from "./editor-certificate.server";
import { roleLabel } from "../schemas/editor";
import { buildEditorialBoard } from "./editorial-board.server";
import { buildIndexPage } from "./index-page.server";
import { dataDate } from "./format.server";
import { prepareLogo, type PreparedLogo } from "./logo.server";
import { certificateCode, certificateSecret, certificateSlotKey, editorCertificateCode, printedName } from "./verification.server";
import { toAscii } from "./transliterate";
import { uniqueEntryName, zipStream, type ZipEntry } from "./zip.server";
import type { EditorInfo, JournalInfo } from "./types";
import { getDb } from "../db/client.server";
import { certificateImageKey, journalLogoKey, previewImageKey } from "../storage/keys.server";
import { buildPreviewImage, decodePreviewLogo, PREVIEW_VERSION, type PreviewLogo } from "./preview-image.server";
import { absoluteUrl, verifyPath } from "../lib/urls";
import { volumeIssueLabel } from "../lib/archive";
import { journalToday } from "../lib/dates";
import { fileSafeSurname } from "../lib/person-names";
import { authorNames } from "../lib/authors";
import { htmlToText } from "../lib/html";
import { displayImpactFactor } from "../lib/site";
import { MissingSecretError } from "../lib/secrets";
import type { ArticleSummary } from "../lib/article";
import { SELECTION_MESSAGES } from "../schemas/messages";
import {
  articlesByRefnumbers,
  chiefEditorName,
  editorsByIds,
  readCertificateSources,
  type DocumentArticle,
} from "../models/documents.server";
import type { Editor } from "../models/editors.server";
import { recordIssuedCertificates, type IssuedEntry } from "../models/certificates.server";
import { readBoardDocument, readCoverPageDocument } from "../models/pages.server";
import type { JournalContext } from "../models/journals.server";

/** What a download handler answers: a document, or a status with a JSON body. */
export type Refusal = { ok: false; status: 400 | 404 | 500; body: { error: string; message?: string; [k: string]: unknown } };
type Outcome<T> = { ok: true; value: T } | Refusal;

function notFound(extra: Record<string, unknown> = {}): Refusal {
  return { ok: false, status: 404, body: { error: "not_found", ...extra } };
}

/** Certificates cannot be signed without a secret: a 500 that says what to configure. */
function misconfigured(error: unknown): Refusal {
  if (!(error instanceof MissingSecretError)) throw error;
  console.error(error.message);
  return { ok: false, status: 500, body: { error: "server_misconfigured", message: SELECTION_MESSAGES.missingCertificateSecret } };
}

/**
 * The journal as documents show it, with its logo prepared for embedding when it has one. A
 * logo that cannot be read or decoded is left out (the documents then show the seal): a
 * certificate must never fail because of the picture at its top.
 */
async function documentJournal(env: Env, journal: JournalContext, opts: { certificateImages?: boolean } = {}): Promise<JournalInfo> {
  const info = journalInfo(journal);
  const s = journal.settings;
  const [logo, signature, stamp] = await Promise.all([
    storedImage(env, s.logo, s.logo.endsWith(".png") ? "png" : "jpg", `${journal.id}/${s.logo}`, () => journalLogoKey(journal.id, s.logo)),
    opts.certificateImages ? storedImage(env, s.signature_image, "png", `${journal.id}/sig/${s.signature_image}`, () => certificateImageKey(journal.id, s.signature_image)) : undefined,
    opts.certificateImages ? storedImage(env, s.stamp_image, "png", `${journal.id}/sig/${s.stamp_image}`, () => certificateImageKey(journal.id, s.stamp_image)) : undefined,
  ]);
  return { ...info, ...(logo ? { logo } : {}), ...(signature ? { signature } : {}), ...(stamp ? { stamp } : {}) };
}

/** An uploaded image prepared for embedding, or undefined (none, or unreadable: left out, logged). */
async function storedImage(env: Env, name: string, kind: "png" | "jpg", cacheKey: string, key: () => string): Promise<PreparedLogo | undefined> {
  if (!name) return undefined;
  try {
    return await prepareLogo(cacheKey, kind, async () => {
      const object = await env.FILES.get(key());
      if (!object) throw new Error(`image ${name} is missing from storage`);
      return new Uint8Array(await object.arrayBuffer());
    });
  } catch (error) {
    console.error("journal image left out of a document", error);
    return undefined;
  }
}

function journalInfo(journal: JournalContext): JournalInfo {
  const s = journal.settings;
  return {
    name: s.websitename || journal.name,
    issn: s.issn,
    essn: s.journal_essn,
    impactFactor: displayImpactFactor(s.impactfactor),
    yearStarted: s.year_started,
    frequency: s.journal_frequency,
    publisherName: s.publisher_name,
    publisherAddress: s.publisher_address,
    email: s.websiteemail,
    domain: s.domain || journal.host,
    coverImage: s.show_cover_image,
  };
}

function articleInfo(a: DocumentArticle): ArticleSummary {
  return {
    refnumber: a.refnumber,
    title: a.title,
    authorname: a.authorname,
    authors: a.authors,
    year: a.year,
    volume: a.volume,
    issue: a.issue,
    frequency: a.frequency || a.issueFrequency || "",
    pagenumber: a.pagenumber,
    publishdate: a.publishdate,
  };
}

function editorInfo(e: Editor): EditorInfo {
  return {
    id: e.id,
    name: e.name,
    category: e.category,
    post: e.post,
    degree: e.degree,
    content: e.content,
    country: e.country,
    email: e.email,
    phone: e.phone,
    updatedAt: e.updated_at,
  };
}

// ---- Certificates ------------------------------------------------------------------------------

/**
 * Zip entry name of one author's certificate: `{ref}-{n}-{Surname}.pdf` in ASCII letters
 * (accents dropped, Devanagari romanised), so every unzip tool shows the same name and fflate
 * never needs the UTF-8 name flag.
 */
function certificateEntryName(refnumber: string, position: number, author: string): string {
  const surname = toAscii(fileSafeSurname(author)).replace(/[^A-Za-z0-9-]/g, "").replace(/^-+|-+$/g, "");
  return `${refnumber}-${position}-${surname || "author"}.pdf`;
}

/** Key of a public certificate's ETag: changes with the signing secret, checked before any query. */
export async function certificateEtagKey(env: Env, journal: JournalContext, refnumber: string, position: number): Promise<Outcome<string>> {
  try {
    return { ok: true, value: `certificate-${refnumber}-${position}-${await certificateSlotKey(certificateSecret(env), journal.id, refnumber, position)}` };
  } catch (error) {
    return misconfigured(error);
  }
}

interface CertificateTask {
  article: DocumentArticle;
  author: string;
  position: number;
}

/** A certificate's code and its register entry (what it prints). */
async function certificateEntry(env: Env, journal: JournalContext, task: CertificateTask): Promise<IssuedEntry> {
  const code = await certificateCode(certificateSecret(env), journal.id, task.article.refnumber, task.position, task.author);
  return {
    code,
    kind: "author",
    articleId: task.article.id,
    refnumber: task.article.refnumber,
    position: task.position,
    printedName: printedName(task.author),
    issuedOn: task.article.publishdate,
  };
}

async function certificateBytes(env: Env, journal: JournalContext, info: JournalInfo, chief: string, task: CertificateTask, code: string): Promise<Uint8Array> {
  return buildCertificate({
    journal: info,
    article: articleInfo(task.article),
    doi: task.article.doi,
    author: task.author,
    position: task.position,
    editorInChief: chief,
    verifyUrl: absoluteUrl(journal, verifyPath(code)),
    code,
  });
}

/** One author's certificate of a published article (the public download). */
export async function authorCertificate(
  env: Env,
  journal: JournalContext,
  refnumber: string,
  position: number,
  /** Asked once the certificate is known to exist (If-None-Match: *): true skips the build. */
  exists: () => boolean = () => false,
): Promise<Outcome<Uint8Array | "not-modified">> {
  const { article, chief } = await readCertificateSources(getDb(env.DB), journal.id, refnumber);
  if (!article) return notFound();
  const authors = authorNames(article);
  if (position > authors.length) return notFound({ message: SELECTION_MESSAGES.authorCount(authors.length) });
  if (exists()) return { ok: true, value: "not-modified" };
  const task = { article, author: authors[position - 1], position };
  let entry: IssuedEntry;
  try {
    entry = await certificateEntry(env, journal, task);
  } catch (error) {
    return misconfigured(error);
  }
  // Registered before it is handed out: every certificate that exists can be told apart from a
  // forgery later, even after its name is corrected (ADR 027).
  await recordIssuedCertificates(getDb(env.DB), journal.id, [entry]);
  const bytes = await certificateBytes(env, journal, await documentJournal(env, journal, { certificateImages: true }), chief, task, entry.code);
  return { ok: true, value: bytes };
}

/** The selected articles of this journal in page order, or a 404 listing unknown refnumbers. */
async function selectedArticles(env: Env, journalId: number, refnumbers: string[]): Promise<Outcome<DocumentArticle[]>> {
  const articles = await articlesByRefnumbers(getDb(env.DB), journalId, refnumbers);
  const found = new Set(articles.map((a) => a.refnumber));
  const missing = refnumbers.filter((r) => !found.has(r));
  if (missing.length) return notFound({ message: SELECTION_MESSAGES.unknownRefnumbers(missing), missing });
  return { ok: true, value: articles };
}

/** The zip of certificates, and the selected articles left out of it (unpublished), in page order. */
interface CertificateZip {
  stream: ReadableStream<Uint8Array>;
  leftOut: string[];
}

/** Name of the note a certificate zip carries when some selected articles were left out. */
const LEFT_OUT_NOTE = "README.txt";

/**
 * Certificates of every author of the selected articles, as a streamed zip. Only certificates
 * that verify are made: unpublished (disabled) articles are left out, as the public download
 * refuses them, and named in the zip's README.txt and in `leftOut` — the others' certificates
 * are still made. A selection of unpublished articles only is refused (404), naming them, and
 * nothing is built.
 */
export async function certificateZip(env: Env, journal: JournalContext, refnumbers: string[]): Promise<Outcome<CertificateZip>> {
  const selected = await selectedArticles(env, journal.id, refnumbers);
  if (!selected.ok) return selected;
  const published = selected.value.filter((a) => a.status === "enabled");
  const unpublished = selected.value.filter((a) => a.status !== "enabled");
  const disabled = unpublished.map((a) => a.refnumber);
  if (!published.length) return notFound({ error: "not_published", message: SELECTION_MESSAGES.notPublished(disabled.slice(0, 20).join(", ")), disabled });
  const tasks: CertificateTask[] = published.flatMap((article) => authorNames(article).map((author, i) => ({ article, author, position: i + 1 })));
  let entries: IssuedEntry[];
  try {
    entries = await Promise.all(tasks.map((task) => certificateEntry(env, journal, task)));
  } catch (error) {
    return misconfigured(error);
  }
  const db = getDb(env.DB);
  await recordIssuedCertificates(db, journal.id, entries);
  const chief = await chiefEditorName(db, journal.id);
  const info = await documentJournal(env, journal, { certificateImages: true });
  const used = new Set<string>([LEFT_OUT_NOTE.toLowerCase()]);
  // The note first, so it is the first thing staff see when they open the zip.
  let note: ZipEntry | null = unpublished.length ? { name: LEFT_OUT_NOTE, data: new TextEncoder().encode(leftOutNote(journal, unpublished)) } : null;
  let index = 0;
  const stream = zipStream(async (): Promise<ZipEntry | null> => {
    if (note) {
      const entry = note;
      note = null;
      return entry;
    }
    const i = index++;
    const task = tasks[i];
    if (!task) return null;
    const data = await certificateBytes(env, journal, info, chief, task, entries[i].code);
    return { name: uniqueEntryName(certificateEntryName(task.article.refnumber, task.position, task.author), used), data };
  }, dataDate(published.map((a) => a.publishdate)));
  return { ok: true, value: { stream, leftOut: disabled } };
}

/** README.txt of a zip some selected articles were left out of: which, and why (CRLF: every editor opens it). */
function leftOutNote(journal: JournalContext, unpublished: DocumentArticle[]): string {
  const lines = [
    `Certificates.zip - ${journal.settings.websitename || journal.name}`,
    "",
    SELECTION_MESSAGES.leftOutHeading(unpublished.length),
    "",
    SELECTION_MESSAGES.leftOut(unpublished.map((a) => a.refnumber)),
    "",
    ...unpublished.map((a) => `  Ref. No. ${a.refnumber}: ${htmlToText(a.title)} (${volumeIssueLabel(a, { digits: "plain" })}, ${a.year})`),
    "",
    "Enable an article on its edit page to publish it, then download its certificates again.",
    "",
  ];
  return lines.join("\r\n");
}

// ---- Other documents ---------------------------------------------------------------------------

/** The cover page of a published article's issue. */
export async function articleCoverPage(env: Env, journal: JournalContext, id: number, exists: () => boolean = () => false): Promise<Outcome<Uint8Array | "not-modified">> {
  const article = await readCoverPageDocument(getDb(env.DB), journal.id, id);
  if (!article) return notFound();
  if (exists()) return { ok: true, value: "not-modified" };
  const info = articleInfo(article);
  const bytes = await buildCoverPage({
    journal: await documentJournal(env, journal),
    issue: { year: info.year, volume: info.volume, issue: info.issue, frequency: info.frequency },
    date: info.publishdate,
  });
  return { ok: true, value: bytes };
}

export async function editorialBoard(env: Env, journal: JournalContext): Promise<Uint8Array> {
  const editors = await readBoardDocument(getDb(env.DB), journal.id);
  return buildEditorialBoard({
    journal: await documentJournal(env, journal),
    editors: editors.map(editorInfo),
    showContacts: journal.settings.show_editor_contacts,
  });
}

export async function indexPage(env: Env, journal: JournalContext, refnumbers: string[]): Promise<Outcome<Uint8Array>> {
  const selected = await selectedArticles(env, journal.id, refnumbers);
  if (!selected.ok) return selected;
  return { ok: true, value: await buildIndexPage({ journal: await documentJournal(env, journal), articles: selected.value.map(articleInfo) }) };
}

/** Certificates of appreciation of the selected editors (any status), as a streamed zip. */
export async function editorCertificateZip(env: Env, journal: JournalContext, ids: number[]): Promise<Outcome<ReadableStream<Uint8Array>>> {
  const db = getDb(env.DB);
  const editors = (await editorsByIds(db, journal.id, ids)).sort((a, b) => b.is_pinned - a.is_pinned || a.id - b.id);
  const found = new Set(editors.map((e) => e.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) return notFound({ message: SELECTION_MESSAGES.unknownEditors(missing), missing });
  const issuedOn = journalToday(journal.settings.timezone);
  let entries: IssuedEntry[];
  try {
    entries = await Promise.all(
      editors.map(async (e) => ({
        code: await editorCertificateCode(certificateSecret(env), journal.id, e.id, issuedOn, e.name),
        kind: "editor" as const,
        editorId: e.id,
        role: roleLabel(e.category),
        printedName: printedName(e.name),
        issuedOn,
      })),
    );
  } catch (error) {
    return misconfigured(error);
  }
  await recordIssuedCertificates(db, journal.id, entries);
  const chief = await chiefEditorName(db, journal.id);
  const info = await documentJournal(env, journal, { certificateImages: true });
  const used = new Set<string>();
  let index = 0;
  const stream = zipStream(async (): Promise<ZipEntry | null> => {
    const i = index++;
    const editor = editors[i];
    if (!editor) return null;
    const code = entries[i].code;
    const data = await buildEditorCertificate({ journal: info, editor: editorInfo(editor), editorInChief: chief, issuedOn, code, verifyUrl: absoluteUrl(journal, verifyPath(code)) });
    const surname = toAscii(fileSafeSurname(editor.name)).replace(/[^A-Za-z0-9-]/g, "") || "editor";
    return { name: uniqueEntryName(`editor-${editor.id}-${surname}.pdf`, used), data };
  }, dataDate([issuedOn]));
  return { ok: true, value: stream };
}

// ---- Link-preview image ------------------------------------------------------------------------

/**
 * The journal's 1200×630 link-preview PNG (/og/{version}.png, ADR 016): its uploaded logo
 * (else the seal), name, ISSNs and host. Rasterising costs tens of milliseconds (more with a
 * large logo), so it is done at most once per set of inputs: the PNG is stored in R2 under a
 * digest of everything it shows (and the drawing's version), and later journal versions that
 * change none of it — a new article, say — read it back instead of drawing it again.
 */
export async function journalPreviewImage(env: Env, journal: JournalContext): Promise<Uint8Array> {
  const s = journal.settings;
  const name = s.websitename || journal.name;
  const subtitle = [s.issn && `ISSN ${s.issn}`, s.journal_essn && `E-ISSN ${s.journal_essn}`, "Peer-reviewed journal"].filter(Boolean).join("  ·  ");
  const domain = s.domain || journal.host;
  const inputs = JSON.stringify([PREVIEW_VERSION, name, subtitle, domain, s.logo]);
  const digest = Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(inputs))).subarray(0, 16), (b) => b.toString(16).padStart(2, "0")).join("");
  const key = previewImageKey(journal.id, digest);
  const stored = await env.FILES.get(key);
  if (stored) return new Uint8Array(await stored.arrayBuffer());
  // A PNG or JPEG logo is drawn; a WebP, missing or unusable logo leaves the seal.
  const png = await buildPreviewImage({ name, subtitle, domain, logo: s.logo ? await previewLogo(env, journal.id, s.logo) : null });
  await env.FILES.put(key, png, { httpMetadata: { contentType: "image/png" } });
  // Images of earlier settings are never asked for again (older URLs redirect to the current
  // one, which names these inputs): removed, so none is left behind.
  const prefix = key.slice(0, key.lastIndexOf("/") + 1);
  const stale = (await env.FILES.list({ prefix })).objects.map((o) => o.key).filter((k) => k !== key);
  if (stale.length) await env.FILES.delete(stale);
  return png;
}

async function previewLogo(env: Env, journalId: number, logo: string): Promise<PreviewLogo | null> {
  try {
    const object = await env.FILES.get(journalLogoKey(journalId, logo));
    if (!object) throw new Error(`logo ${logo} is missing from storage`);
    const pixels = decodePreviewLogo(new Uint8Array(await object.arrayBuffer()));
    if (!pixels) console.error(`logo ${logo} left out of the preview image: not a decodable PNG or JPEG within the pixel cap`);
    return pixels;
  } catch (error) {
    console.error("logo left out of the preview image", error);
    return null;
  }
}
