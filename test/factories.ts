import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";
import { getDb } from "../app/db/client.server";
import { articles, indexingPartners } from "../app/db/schema";
import type { Article, NewArticle } from "../app/lib/article";
import { getEditor, setEditorsPinned, type Editor } from "../app/models/editors.server";
import { createIssue, type Issue, type NewIssue } from "../app/models/issues.server";
import { createJournal, resolveJournalByHost, type Settings } from "../app/models/journals.server";
import { addArticle, saveEditor, saveSettings, updateArticle, type WriteResult } from "../app/models/staff-writes.server";
import { upsertUser } from "../app/models/users.server";
import { signInFacts, startSession } from "../app/auth/session.server";
import { lastPageOfIssue, searchText } from "../app/models/articles.server";
import { parsePageRange } from "../app/lib/pages";
import { staffActor, type Actor } from "../app/models/history.server";
import { cleanHtmlFields } from "../app/schemas/html-fields";
import { validateIssue } from "../app/schemas/issue";
import type { EditorValues } from "../app/schemas/editor";
import { SETTINGS_FLAGS, SETTINGS_TEXT_FIELDS } from "../app/schemas/settings";

/**
 * Small factories: every test makes its own data under its own unique hostnames, and writes it
 * through the app's own write path, so a test's data obeys the rules the forms enforce:
 * - articles: `addArticle` (app/models/staff-writes.server.ts, the use-case behind the admin form
 *   and POST /api/admin/archives) with a real PDF upload, then `updateArticle` for what only an
 *   edit can set (a disabled status) — so the spec §5 rules run: required fields, ref-number and
 *   transaction-id formats, page order within the issue, duplicates, HTML cleaned on write;
 * - editors: `saveEditor` (admin form and POST /api/editors), pins through `setEditorsPinned`
 *   (POST /api/editors/pin);
 * - settings: `saveSettings` (Settings form and POST /api/settings) after `createJournal` (the
 *   code behind `npm run journal -- add`);
 * - issues: `validateIssue` then `createIssue`, exactly as the admin "Add issue" action and POST
 *   /api/admin/create-issue do — except that the test pins the year (default 2025) where the
 *   edges use the journal's current year, as issues imported from earlier years have.
 * A factory throws `RefusedByApp` (status, code, field messages) when the app refuses the data:
 * it cannot make a row the app would not. The ways round the rules are `insertRawArticleForTest`
 * and `insertRawIssueForTest`, for legacy rows the app can no longer produce (an article without
 * a PDF or with an author name from before the author rule, an issue without a frequency); use
 * them only there and say why at the call. `makePartner` writes its row directly: the tests that
 * use it need rows the partners' staff write (`savePartner`) now refuses or names differently —
 * a `javascript:` link imported before the admin screen, a logo file name of their choosing.
 * `makeUser` uses `upsertUser` (an admin with a password, as the command line makes them); the
 * Staff page's way (a colleague with a one-time link) is exercised by staff-accounts.test.ts.
 *
 * Unique values, deterministic: every value below is the same on every run of a test file.
 * - `FILE` is 8 hex digits of a hash of the test file's path below the checkout (files run
 *   two at a time against one D1, in isolates that each serve many files, so a bare counter
 *   would collide between files; two files sharing a hash would collide on every run, never by chance);
 *   hostnames, slugs, user names and editor names are `<prefix><FILE><counter>`, under the
 *   reserved `.test` TLD (the demo seed uses localhost and *.localhost, e-mails *.example).
 * - One counter per file numbers everything else. Journals are per test, so per-journal values
 *   need only be unique within the file: issue volumes 1000 + n (4 digits, the issue form's
 *   maximum, above the small volumes tests ask for and the seed's 1, 2, 3…); article ref numbers
 *   100000 + n from `makeArticle` and 600000 + n from `articleForm` (6 digits; the seed's are 4:
 *   1101…, 2101…), transaction ids `TXN` + ref number (the seed's are `TXN` + year + ref), author e-mails
 *   `author<ref>@example.org` (the seed's are `author<ref>@mail.example`).
 */
/** The checkout's folder, with a trailing slash: this file is test/factories.ts in it. */
const CHECKOUT = decodeURIComponent(new URL("..", import.meta.url).pathname);

/**
 * Each test file's tag and counter. Files share this module when the workerd tests reuse an
 * isolate across files (vitest.config.ts, isolate: false), so both are kept per file, keyed by
 * the running file's path: a file's values do not depend on which files ran before it.
 */
const files = new Map<string, { tag: string; counter: number }>();

/** The running test file's entry: 8 hex digits of FNV-1a over its path below the checkout, and its counter. */
function fileState(): { tag: string; counter: number } {
  const path = expect.getState().testPath;
  if (!path) throw new Error("factories: no test file path (call factories from a test or hook)");
  let state = files.get(path);
  if (state) return state;
  let h = 0x811c9dc5;
  // Below the checkout, wherever it is (a clone inside a folder named "app" or "test" included).
  const relative = path.startsWith(CHECKOUT) ? path.slice(CHECKOUT.length) : path.replace(/^.*?\/(test|app|workers)\//, "$1/");
  for (const ch of relative) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  state = { tag: h.toString(16).padStart(8, "0"), counter: 0 };
  files.set(path, state);
  return state;
}

const next = () => ++fileState().counter;

export function unique(prefix = "t"): string {
  return `${prefix}${fileState().tag}${next()}`;
}

export const db = () => getDb(env.DB);

/**
 * The staff member the factories write as (every write records who made it): a user that
 * need not exist, named `username` (default "staff").
 */
export const staffAs = (username = "staff"): Actor => staffActor({ id: 0, username });

/**
 * The real local D1, wrapped to record every statement a model function prepares and binds
 * (`sent`), so a test can ask SQLite how it runs exactly those (`EXPLAIN QUERY PLAN`).
 */
export function recordingDb() {
  const sent: { sql: string; params: unknown[] }[] = [];
  const d1 = {
    prepare: (sql: string) => ({
      bind: (...params: unknown[]) => {
        sent.push({ sql, params });
        return env.DB.prepare(sql).bind(...params);
      },
    }),
    batch: (statements: D1PreparedStatement[]) => env.DB.batch(statements),
  } as unknown as D1Database;
  return { d1, db: getDb(d1), sent };
}

/** A use-case refused a factory's data: the app's own answer (status, spec code, field messages). */
export class RefusedByApp extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly fields: Record<string, string>;
  constructor(what: string, status: number, code: string | undefined, fields: Record<string, string>) {
    super(`${what}: the app refuses this (${status} ${code ?? ""} ${JSON.stringify(fields)})`);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

function accepted<T>(what: string, result: WriteResult<T>): T {
  if (!result.ok) throw new RefusedByApp(what, result.status, result.code, result.fields);
  return result.value;
}

type SettingsOverrides = Partial<Omit<Settings, "journalId">>;

export async function makeJournal(overrides: { name?: string; settings?: SettingsOverrides; aliases?: string[]; publicHost?: boolean } = {}) {
  const slug = unique("j");
  // A name under a public top-level domain where a test needs one (DOAJ refuses reserved names);
  // only ever sent as a Host header, never looked up.
  const host = overrides.publicHost ? `${slug}.journals.org` : `${slug}.test`;
  const name = overrides.name ?? `Journal ${slug}`;
  // What `npm run journal -- add` writes; every other setting as staff save it.
  const id = await createJournal(db(), {
    slug,
    name,
    hosts: [host, ...(overrides.aliases ?? [])],
    settings: { websitename: name, websiteemail: `editor@${host}`, issn: "1234-5678" },
  });
  if (overrides.settings && Object.keys(overrides.settings).length) await setSettings(id, overrides.settings);
  const journal = await resolveJournalByHost(db(), host);
  if (!journal) throw new Error("journal not resolvable");
  return { id, host, slug, name, journal, url: (path: string) => `https://${host}${path}` };
}

/** Saves settings through the Settings use-case (validation, HTML cleaned, cache invalidated). */
export async function setSettings(journalId: number, values: SettingsOverrides) {
  // The Settings form cannot set anything else (logo, signature and stamp are uploads).
  const known: readonly string[] = [...SETTINGS_TEXT_FIELDS, ...SETTINGS_FLAGS];
  const other = Object.keys(values).filter((key) => !known.includes(key));
  if (other.length) throw new Error(`settings: no staff form sets ${other.join(", ")}`);
  return accepted("settings", await saveSettings(db(), journalId, staffAs(), values as Record<string, unknown>));
}

type IssueLike = Pick<Issue, "id" | "year" | "volume" | "issue"> & { frequency?: string };

export async function makeIssue(journalId: number, overrides: Partial<NewIssue> = {}): Promise<Issue> {
  const year = overrides.year ?? 2025;
  const input = {
    // High enough never to meet the small volumes tests ask for by number.
    volume: String(overrides.volume ?? 1000 + next()),
    issue: String(overrides.issue ?? 1),
    frequency: overrides.frequency ?? "January",
  };
  const result = validateIssue(input, year);
  if (!result.ok) throw new RefusedByApp("issue", 400, undefined, result.fields);
  return createIssue(db(), journalId, { ...result.value, createdby: overrides.createdby ?? "staff" }, staffAs(overrides.createdby));
}

/**
 * An issue row as given, without the add-issue rules: only for legacy states the app can no
 * longer produce (an issue without a frequency). Everything else: `makeIssue`.
 */
export async function insertRawIssueForTest(journalId: number, overrides: Partial<NewIssue> = {}): Promise<Issue> {
  return createIssue(db(), journalId, { year: 2025, volume: 1000 + next(), issue: 1, frequency: "", ...overrides }, staffAs());
}

/** The fields of the add/edit article form (and the API's), as strings, plus status and DOI. */
export type ArticleOverrides = Partial<Record<
  | "refnumber" | "txnid" | "ptype" | "publishdate" | "authorname" | "email" | "mobile" | "country" | "subject" | "keywords" | "pagenumber" | "title" | "abstract" | "frequency" | "doi"
  | "authors" | "references" | "license_url" | "received_date" | "accepted_date",
  string
>> & { status?: "enabled" | "disabled" };

/**
 * Adds an article through `addArticle` (the admin form's and the API's use-case) with a real
 * PDF (`options.pdf`, default `pdfBytes()`); a disabled one is then switched off by
 * `updateArticle`, as staff do. Without `pagenumber` it takes the next six pages of the issue.
 */
export async function makeArticle(
  journalId: number,
  issue: IssueLike,
  overrides: ArticleOverrides = {},
  options: { pdf?: Uint8Array; username?: string } = {},
): Promise<Article> {
  const ref = String(100000 + next());
  const { status, ...fields } = overrides;
  let pagenumber = fields.pagenumber;
  if (pagenumber === undefined) {
    const last = await lastPageOfIssue(db(), journalId, issue.id);
    pagenumber = `${last + 1}-${last + 6}`;
  }
  const input = {
    refnumber: ref,
    txnid: `TXN${ref}`,
    ptype: "paid",
    title: `Article ${ref} on <i>Oryza sativa</i>`,
    authorname: "Dr. Anjali Sharma, Rahul Verma",
    email: `author${ref}@example.org`,
    abstract: "<p>An abstract.</p>",
    publishdate: "2025-01-15",
    ...fields,
    pagenumber,
  };
  const username = options.username ?? "staff";
  const file = new File([(options.pdf ?? pdfBytes()) as BlobPart], `${input.refnumber}.pdf`, { type: "application/pdf" });
  const target = { ...issue, frequency: issue.frequency ?? "" };
  let article = accepted("article", await addArticle(env, db(), journalId, staffAs(username), target, input, file));
  if (status === "disabled") article = await editArticle(journalId, article, { status }, { username });
  return article;
}

/** Edits an article as staff do (`updateArticle`: the edit form's and the API's use-case). */
export async function editArticle(journalId: number, article: Article, changes: ArticleOverrides, options: { pdf?: Uint8Array; username?: string } = {}): Promise<Article> {
  const file = options.pdf ? new File([options.pdf as BlobPart], `${article.refnumber}.pdf`, { type: "application/pdf" }) : null;
  return accepted("article edit", await updateArticle(env, db(), journalId, staffAs(options.username), article, changes, file));
}

/**
 * A legacy article row as it stands today: written as given — none of today's add rules, no
 * PDF unless `file` names one — with its HTML cleaned as the one-off cleanup (migration 0012)
 * cleaned every stored row. Only for states the app can no longer produce: a row without a
 * PDF, an author name from before the author rule (hyphens, apostrophes, brackets). Everything
 * else: `makeArticle`.
 */
export async function insertRawArticleForTest(journalId: number, issue: IssueLike, overrides: Partial<NewArticle> = {}): Promise<Article> {
  const ref = overrides.refnumber ?? String(100000 + next());
  const fields = cleanHtmlFields("articles", {
    title: `Article ${ref} on <i>Oryza sativa</i>`,
    abstract: "<p>An abstract.</p>",
    pagenumber: "1-6",
    ...overrides,
  });
  const pages = parsePageRange(fields.pagenumber);
  if (!pages) throw new Error(`insertRawArticleForTest: no page range in '${fields.pagenumber}'`);
  const [row] = await db()
    .insert(articles)
    .values({
      issueId: issue.id,
      year: issue.year,
      volume: issue.volume,
      issue: issue.issue,
      frequency: issue.frequency ?? "",
      refnumber: ref,
      txnid: `TXN${ref}`,
      authorname: "Dr. Anjali Sharma, Rahul Verma",
      publishdate: "2025-01-15",
      file: "",
      ...fields,
      journalId,
      description: fields.title,
      ...searchText(fields.title, fields.abstract ?? ""),
      firstPage: pages.first,
      lastPage: pages.last,
    })
    .returning();
  return row;
}

type EditorOverrides = Partial<EditorValues> & { is_pinned?: 0 | 1 };

/**
 * Adds an editor through `saveEditor` (the admin form's and the API's use-case), with an
 * optional picture upload; `is_pinned: 1` pins it as POST /api/editors/pin does.
 */
export async function makeEditor(journalId: number, overrides: EditorOverrides = {}, options: { picture?: File } = {}): Promise<Editor> {
  const { is_pinned, ...fields } = overrides;
  const input = {
    name: `Dr. ${unique("E")}`,
    category: "associate editor",
    post: "Professor",
    content: "Some University",
    ...fields,
  };
  const editor = accepted("editor", await saveEditor(env, db(), journalId, staffAs(), null, input, options.picture ?? null));
  if (!is_pinned) return editor;
  await setEditorsPinned(db(), journalId, [editor.id], true, staffAs());
  return (await getEditor(db(), journalId, editor.id))!;
}

/** An indexing partner row, written directly (see above: legacy and hostile rows). */
export async function makePartner(journalId: number, overrides: Partial<{ title: string; link: string; image: string; sortnumber: number; status: "enabled" | "disabled" }> = {}) {
  const [row] = await db()
    .insert(indexingPartners)
    .values({ title: unique("Index "), link: "https://index.example", image: "logo.png", sortnumber: 1, ...overrides, journalId })
    .returning();
  return row;
}

export async function makeUser(journalId: number, overrides: { username?: string; password?: string; status?: "enabled" | "disabled"; allowedIps?: string } = {}) {
  const password = overrides.password ?? "correct horse battery";
  const user = await upsertUser(db(), journalId, {
    username: overrides.username ?? unique("user"),
    password,
    status: overrides.status,
    allowedIps: overrides.allowedIps,
  });
  return { ...user, password };
}

/** The Worker under test (workers/app.ts), called in-process like a real request. */
export function fetchWorker(url: string, init?: RequestInit): Promise<Response> {
  const worker = (exports as unknown as { default: { fetch(r: Request): Promise<Response> } }).default;
  return worker.fetch(new Request(url, init));
}

/** Signs in through POST /auth/login/ and returns the bearer token. */
export async function loginToken(host: string, username: string, password: string, ip = "203.0.113.7"): Promise<string> {
  const res = await fetchWorker(`https://${host}/auth/login/`, {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": ip },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/**
 * A journal with an enabled admin, signed in: the session is opened by `startSession`, the code
 * POST /auth/login/ runs once the password is right, with the same history facts. The password
 * check itself (PBKDF2 at 100,000 iterations, ≈ 20 ms of CPU, at ≈ 270 call sites) is the sign-in
 * tests' business (api-auth, admin-auth, staff-sessions), which sign in through the route.
 */
export async function makeAdminSession(overrides: Parameters<typeof makeJournal>[0] = {}) {
  const j = await makeJournal(overrides);
  const user = await makeUser(j.id, { username: "staff", password: "a long staff password" });
  const { token } = await startSession(env, j.id, user, signInFacts(user, undefined, "/auth/login/"));
  const auth = { authorization: `Bearer ${token}` };
  return { ...j, user, token, auth };
}

/** Bytes of a minimal valid PDF of about `size` bytes. */
export function pdfBytes(size = 1200): Uint8Array {
  const head = "%PDF-1.4\n1 0 obj <<>> endobj\n";
  const tail = "\n%%EOF\n";
  const out = new Uint8Array(Math.max(size, head.length + tail.length));
  out.fill(0x20);
  out.set(new TextEncoder().encode(head), 0);
  out.set(new TextEncoder().encode(tail), out.length - tail.length);
  return out;
}

/** A valid add-article multipart body for an issue; override or drop (undefined) any field. */
export function articleForm(
  issue: { year: number; volume: number; issue: number },
  fields: Record<string, string | undefined> = {},
  pdf: Uint8Array | null = pdfBytes(),
  pdfName = "paper.pdf",
): FormData {
  const ref = String(600000 + next());
  const base: Record<string, string | undefined> = {
    year: String(issue.year),
    volume: String(issue.volume),
    issue: String(issue.issue),
    refnumber: ref,
    txnid: `TXN${ref}`,
    ptype: "paid",
    publishdate: "2025-03-15",
    authorname: "Dr. Anjali Sharma, Rahul Verma",
    email: `author${ref}@example.org`,
    mobile: "9876543210",
    country: "India",
    subject: "Agronomy",
    keywords: "rice, yield",
    pagenumber: "1-6",
    title: `Yield of <i>Oryza sativa</i> under drip irrigation, trial ${ref}`,
    abstract: "<p>We studied rice.</p>",
    ...fields,
  };
  const form = new FormData();
  for (const [k, v] of Object.entries(base)) if (v !== undefined) form.set(k, v);
  if (pdf) form.set("pdfFile", new File([pdf as BlobPart], pdfName, { type: "application/pdf" }));
  return form;
}
