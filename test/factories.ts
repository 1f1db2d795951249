import { env, exports } from "cloudflare:workers";
import { getDb } from "../app/db/client.server";
import { createArticle } from "../app/models/articles.server";
import type { NewArticle } from "../app/lib/article";
import { createEditor, type NewEditor } from "../app/models/editors.server";
import { createIndexingPartner } from "../app/models/indexing.server";
import { createIssue, type NewIssue } from "../app/models/issues.server";
import { createJournal, resolveJournalByHost, type Settings } from "../app/models/journals.server";
import { upsertUser } from "../app/models/users.server";

/** Small factories: every test makes its own data under its own unique hostnames. */

/**
 * Unique names without collisions: a prefix for this test file's isolate (files may run at once
 * against one D1, so it is drawn once) and a counter. Within a file, every value is the same on
 * every run.
 */
const RUN = crypto.randomUUID().replace(/-/g, "").slice(0, 8);
let counter = 0;
export function unique(prefix = "t"): string {
  counter += 1;
  return `${prefix}${RUN}${counter}`;
}

/** Counters for values unique within a journal (volumes, refnumbers): never a collision. */
let sequence = 0;
const next = () => ++sequence;

export const db = () => getDb(env.DB);

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

export async function makeJournal(overrides: { name?: string; settings?: Partial<Omit<Settings, "journalId">>; aliases?: string[] } = {}) {
  const slug = unique("j");
  const host = `${slug}.test`;
  const name = overrides.name ?? `Journal ${slug}`;
  const id = await createJournal(db(), {
    slug,
    name,
    hosts: [host, ...(overrides.aliases ?? [])],
    settings: { websitename: name, websiteemail: `editor@${host}`, issn: "1234-5678", ...overrides.settings },
  });
  const journal = await resolveJournalByHost(db(), host);
  if (!journal) throw new Error("journal not resolvable");
  return { id, host, slug, name, journal, url: (path: string) => `https://${host}${path}` };
}

export async function makeIssue(journalId: number, overrides: Partial<NewIssue> = {}) {
  return createIssue(db(), journalId, {
    year: 2025,
    // High enough never to meet the small volumes tests ask for by number.
    volume: 1000 + next(),
    issue: 1,
    frequency: "January",
    ...overrides,
  });
}

export async function makeArticle(
  journalId: number,
  issue: { id: number; year: number; volume: number; issue: number; frequency?: string },
  overrides: Partial<NewArticle> = {},
) {
  const ref = String(100000 + next());
  return createArticle(db(), journalId, {
    issueId: issue.id,
    year: issue.year,
    volume: issue.volume,
    issue: issue.issue,
    frequency: issue.frequency ?? "",
    refnumber: ref,
    txnid: `TXN${ref}`,
    title: `Article ${ref} on <i>Oryza sativa</i>`,
    authorname: "Dr. Anjali Sharma, Rahul Verma",
    abstract: "<p>An abstract.</p>",
    pagenumber: "1-6",
    publishdate: "2025-01-15",
    file: `${ref}.pdf`,
    ...overrides,
  });
}

export async function makeEditor(journalId: number, overrides: Partial<NewEditor> = {}) {
  return createEditor(db(), journalId, {
    name: `Dr. ${unique("E")}`,
    category: "associate editor",
    post: "Professor",
    content: "Some University",
    ...overrides,
  });
}

export async function makePartner(journalId: number, overrides: Partial<{ title: string; link: string; image: string; sortnumber: number; status: "enabled" | "disabled" }> = {}) {
  return createIndexingPartner(db(), journalId, {
    title: unique("Index "),
    link: "https://index.example",
    image: "logo.png",
    sortnumber: 1,
    ...overrides,
  });
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

/** A journal with an enabled admin, signed in. */
export async function makeAdminSession(overrides: Parameters<typeof makeJournal>[0] = {}) {
  const j = await makeJournal(overrides);
  const user = await makeUser(j.id, { username: "staff", password: "a long staff password" });
  const token = await loginToken(j.host, "staff", "a long staff password");
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
    email: "author@example.org",
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
