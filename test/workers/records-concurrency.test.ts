import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getArticleById } from "../../app/models/articles.server";
import { getEditor } from "../../app/models/editors.server";
import { getSettings } from "../../app/models/settings.server";
import { articlePdfKey } from "../../app/storage/keys.server";
import { db, fetchWorker as rawFetch, makeAdminSession, makeArticle, makeEditor, makeIssue, pdfBytes } from "../factories";
import { rgbaPng } from "../images";

/**
 * Optimistic concurrency on staff writes (docs/decisions/020-versions-and-conflicts.md), against
 * the real Worker: ETags and If-Match (412), body versions (409 edit_conflict), column-limited
 * writes (an upload never reverts a field edit), the admin forms' merge of different fields and
 * their conflict answer, and no orphan object however many uploads race.
 */

const fetchWorker = (url: string, init: RequestInit = {}) => rawFetch(url, { redirect: "manual", ...init });
type Session = Awaited<ReturnType<typeof makeAdminSession>>;

function form(fields: Record<string, string>, pdf?: Uint8Array): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  if (pdf) f.set("pdfFile", new File([pdf as BlobPart], "paper.pdf", { type: "application/pdf" }));
  return f;
}

const post = (s: Session, path: string, body: FormData, headers: Record<string, string> = {}) =>
  fetchWorker(s.url(path), { method: "POST", headers: { ...s.auth, ...headers }, body });

const postJson = (s: Session, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetchWorker(s.url(path), { method: "POST", headers: { ...s.auth, "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

/** The bytes readers get for an article's PDF now. */
async function servedPdf(s: Session, a: { year: number; volume: number; issue: number; refnumber: string }) {
  const res = await fetchWorker(s.url(`/archives/${a.year}/${a.volume}/${a.issue}/${a.refnumber}.pdf`));
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("ETag, If-Match and body versions on the JSON API", () => {
  it("a staff GET carries the record's ETag and version; a stale If-Match is 412 and changes nothing; a current one writes", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id, { year: 2025, volume: 31, issue: 1 });
    const a = await makeArticle(s.id, issue, { title: "Original title" });
    const got = await fetchWorker(s.url(`/api/archives/${a.id}`), { headers: s.auth });
    const etag = got.headers.get("etag")!;
    expect(etag).toBe(`"article-${a.id}-v${a.version}"`);
    expect(((await got.json()) as { version: number }).version).toBe(a.version);

    const first = await post(s, `/api/archives/${a.id}`, form({ title: "First change" }), { "if-match": etag });
    expect(first.status).toBe(200);
    const newTag = first.headers.get("etag");
    expect(newTag).toBe(`"article-${a.id}-v${a.version + 1}"`);

    // A second client still holding the first ETag.
    const stale = await post(s, `/api/archives/${a.id}`, form({ title: "Stale change", keywords: "lost" }), { "if-match": etag });
    expect(stale.status).toBe(412);
    expect(stale.headers.get("etag")).toBe(newTag);
    expect(await stale.json()).toEqual({ error: "precondition_failed", version: a.version + 1 });
    const now = (await getArticleById(db(), s.id, a.id))!;
    expect([now.title, now.keywords, now.version]).toEqual(["First change", a.keywords, a.version + 1]);

    // A weak or malformed tag never matches; `*` matches whatever is current.
    expect((await post(s, `/api/archives/${a.id}`, form({ title: "x" }), { "if-match": `W/${newTag}` })).status).toBe(412);
    expect((await post(s, `/api/archives/${a.id}`, form({ title: "x" }), { "if-match": "garbage" })).status).toBe(412);
    expect((await post(s, `/api/archives/${a.id}`, form({ title: "Any version" }), { "if-match": "*" })).status).toBe(200);
  });

  it("a stale body version is 409 edit_conflict naming who changed what since, and nothing changes; a malformed one is 400", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id, { year: 2025, volume: 32, issue: 1 });
    const a = await makeArticle(s.id, issue, { keywords: "rice" });
    expect((await post(s, `/api/archives/${a.id}`, form({ title: "Title by staff", version: String(a.version) }))).status).toBe(200);
    const stale = await post(s, `/api/archives/${a.id}`, form({ keywords: "wheat", version: String(a.version) }));
    expect(stale.status).toBe(409);
    const body = (await stale.json()) as { error: string; version: number; changes: { actor: string; action: string; type: string; id: string; fields: Record<string, unknown> }[] };
    expect(body.error).toBe("edit_conflict");
    expect(body.version).toBe(a.version + 1);
    expect(body.changes).toHaveLength(1);
    expect(body.changes[0]).toMatchObject({ actor: "staff", action: "update", type: "article", id: String(a.id) });
    expect(body.changes[0].fields.title).toEqual({ before: a.title, after: "Title by staff" });
    expect(body.changes[0].fields.version).toEqual({ before: a.version, after: a.version + 1 });
    expect((await getArticleById(db(), s.id, a.id))!.keywords).toBe("rice");

    expect((await post(s, `/api/archives/${a.id}`, form({ keywords: "x", version: "two" }))).status).toBe(400);
    // The current version writes.
    expect((await post(s, `/api/archives/${a.id}`, form({ keywords: "wheat", version: String(a.version + 1) }))).status).toBe(200);
    expect((await getArticleById(db(), s.id, a.id))!.keywords).toBe("wheat");
  });

  it("without If-Match or version a client writes as before: the fields it sends, over whatever is stored", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id, { year: 2025, volume: 33, issue: 1 });
    const a = await makeArticle(s.id, issue, { keywords: "rice", subject: "Agronomy" });
    expect((await post(s, `/api/archives/${a.id}`, form({ title: "One" }))).status).toBe(200);
    expect((await post(s, `/api/archives/${a.id}`, form({ keywords: "two" }))).status).toBe(200);
    expect(await getArticleById(db(), s.id, a.id)).toMatchObject({ title: "One", keywords: "two", subject: "Agronomy", version: a.version + 2 });
  });

  it("editors, settings and issues carry ETags and refuse stale versions the same way", async () => {
    const s = await makeAdminSession();
    const e = await makeEditor(s.id, { name: "Dr. Asha Rao" });
    const editorTag = (await fetchWorker(s.url(`/api/editors/${e.id}`), { headers: s.auth })).headers.get("etag")!;
    expect(editorTag).toBe(`"editor-${e.id}-v1"`);
    expect((await post(s, `/api/editors/${e.id}`, form({ name: "Dr. Asha Rao-Menon" }), { "if-match": editorTag })).status).toBe(200);
    expect((await post(s, `/api/editors/${e.id}`, form({ country: "India" }), { "if-match": editorTag })).status).toBe(412);
    const editorStale = await post(s, `/api/editors/${e.id}`, form({ country: "India", version: "1" }));
    expect(editorStale.status).toBe(409);
    expect((await editorStale.json()) as object).toMatchObject({ error: "edit_conflict", version: 2 });
    expect((await getEditor(db(), s.id, e.id))!.country).toBe("");

    const settingsRes = await fetchWorker(s.url("/api/settings/"), { headers: s.auth });
    const settingsTag = settingsRes.headers.get("etag")!;
    const version = ((await settingsRes.json()) as { version: number }).version;
    expect(settingsTag).toBe(`"settings-v${version}"`);
    expect((await postJson(s, "/api/settings", { fee_rupee: "2600" }, { "if-match": settingsTag })).status).toBe(200);
    expect((await postJson(s, "/api/settings", { fee_dollar: "70" }, { "if-match": settingsTag })).status).toBe(412);
    const settingsStale = await postJson(s, "/api/settings", { fee_dollar: "70", version });
    expect(settingsStale.status).toBe(409);
    expect((await getSettings(db(), s.id))!.fee_dollar).toBe("");

    const issue = await makeIssue(s.id, { year: 2025, volume: 34, issue: 1 });
    const issueTag = (await fetchWorker(s.url(`/api/admin/issues/${issue.id}`), { headers: s.auth })).headers.get("etag")!;
    expect(issueTag).toBe(`"issue-${issue.id}-v1"`);
    expect((await postJson(s, `/api/admin/issues/${issue.id}`, { year: 2025, volume: 34, issue: 2, frequency: "January" }, { "if-match": issueTag })).status).toBe(200);
    expect((await postJson(s, `/api/admin/issues/${issue.id}`, { year: 2025, volume: 34, issue: 3, frequency: "January" }, { "if-match": issueTag })).status).toBe(412);
  });
});

describe("column-limited writes: an upload never reverts a concurrent field edit", () => {
  /** A multipart body with one PDF, sent in `chunks` pieces `gapMs` apart (a slow uplink). */
  function slowUpload(url: string, headers: Record<string, string>, pdf: Uint8Array, chunks: number, gapMs: number) {
    const boundary = "----slow-upload-boundary";
    const head = new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="pdfFile"; filename="new.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
    const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
    const whole = new Uint8Array(head.length + pdf.length + tail.length);
    whole.set(head, 0);
    whole.set(pdf, head.length);
    whole.set(tail, head.length + pdf.length);
    const size = Math.ceil(whole.length / chunks);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent >= whole.length) return controller.close();
        if (sent > 0) await sleep(gapMs);
        controller.enqueue(whole.slice(sent, sent + size));
        sent += size;
      },
    });
    return fetchWorker(url, {
      method: "POST",
      headers: { ...headers, "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": String(whole.length) },
      body,
      duplex: "half",
    } as RequestInit);
  }

  it("a PDF upload streamed over seconds and a title + keywords edit saved meanwhile are both stored", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id, { year: 2025, volume: 35, issue: 1 });
    const a = await makeArticle(s.id, issue, { title: "Before both", keywords: "old" }, { pdf: pdfBytes(1500) });
    const newPdf = pdfBytes(90_000);
    let editDone = false;
    const upload = slowUpload(s.url(`/api/archives/${a.id}`), s.auth, newPdf, 6, 700).then((res) => ({ res, editDoneFirst: editDone }));
    await sleep(300);
    const edit = await post(s, `/api/archives/${a.id}`, form({ title: "Edited during the upload", keywords: "new, words" }));
    editDone = true;
    expect(edit.status).toBe(200);
    const { res, editDoneFirst } = await upload;
    expect(res.status).toBe(200);
    // The edit really landed while the upload's body was still arriving.
    expect(editDoneFirst).toBe(true);
    const now = (await getArticleById(db(), s.id, a.id))!;
    expect([now.title, now.keywords]).toEqual(["Edited during the upload", "new, words"]);
    expect(await servedPdf(s, now)).toEqual(newPdf);
    expect(now.version).toBe(a.version + 2);
  });

  it("six uploads at once to one article leave exactly one object, the one the row names, and six history entries", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id, { year: 2025, volume: 36, issue: 1 });
    const a = await makeArticle(s.id, issue, {}, { pdf: pdfBytes(1111) });
    const sizes = [2001, 2002, 2003, 2004, 2005, 2006];
    const answers = await Promise.all(sizes.map((n) => post(s, `/api/archives/${a.id}`, form({}, pdfBytes(n)))));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const now = (await getArticleById(db(), s.id, a.id))!;
    const objects = (await env.FILES.list({ prefix: `journals/${s.id}/archives/` })).objects.map((o) => o.key);
    expect(objects).toEqual([articlePdfKey(s.id, now)]);
    expect(sizes).toContain((await servedPdf(s, now)).length);
    const entries = await env.DB.prepare("select fields from history where journal_id = ? and record_type = 'article' and record_id = ? and action = 'update' order by id")
      .bind(s.id, String(a.id))
      .all<{ fields: string }>();
    const pdfs = entries.results.map((r) => JSON.parse(r.fields).pdf as { before: string; after: string });
    expect(pdfs).toHaveLength(6);
    // Each upload replaced exactly the file the one before it stored: a chain, nothing lost.
    for (let i = 1; i < pdfs.length; i++) expect(pdfs[i].before).toBe(pdfs[i - 1].after);
    expect(now.version).toBe(a.version + 6);
  });

  it("a logo upload during a settings edit keeps both", async () => {
    const s = await makeAdminSession();
    const logo = new FormData();
    logo.set("logoFile", new File([rgbaPng(80, 80) as BlobPart], "logo.png", { type: "image/png" }));
    const [up, edit] = await Promise.all([post(s, "/api/settings/logo", logo), postJson(s, "/api/settings", { fee_rupee: "3100" })]);
    expect([up.status, edit.status]).toEqual([200, 200]);
    const now = (await getSettings(db(), s.id))!;
    expect(now.logo).toMatch(/^logo-/);
    expect(now.fee_rupee).toBe("3100");
  });
});

describe("the admin forms: a save names its version and which fields the person changed", () => {
  const cookie = (s: Session) => ({ cookie: `journal_session=${s.token}` });
  const adminPost = (s: Session, path: string, fields: Record<string, string>) =>
    fetchWorker(s.url(path), { method: "POST", headers: cookie(s), body: form(fields) });
  const values = (a: { refnumber: string; txnid: string; ptype: string; publishdate: string; authorname: string; pagenumber: string; title: string; abstract: string; keywords: string }) => ({
    refnumber: a.refnumber, txnid: a.txnid, ptype: a.ptype, publishdate: a.publishdate, authorname: a.authorname,
    pagenumber: a.pagenumber, title: a.title, abstract: a.abstract, keywords: a.keywords, status: "enabled",
  });

  it("someone else changed another field meanwhile: both are stored, and the page says whose change it kept", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id, { year: 2025, volume: 37, issue: 1 });
    const a = await makeArticle(s.id, issue, { title: "The loaded title", keywords: "rice" });
    // A colleague saves a new title first.
    expect((await adminPost(s, `/admin/archives/${a.id}`, { ...values(a), title: "The colleague title", version: String(a.version), _changed: "title" })).status).toBe(200);
    // This form was loaded before that; it changed the keywords only and sends the old title with it.
    const mine = await adminPost(s, `/admin/archives/${a.id}`, { ...values(a), keywords: "rice, wheat", version: String(a.version), _changed: "keywords" });
    expect(mine.status).toBe(200);
    expect(await mine.text()).toContain("Saved together with the changes staff made meanwhile");
    expect(await getArticleById(db(), s.id, a.id)).toMatchObject({ title: "The colleague title", keywords: "rice, wheat" });
  });

  it("both changed the same field: refused with 409, nothing written, and the page shows their change and the typed value", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id, { year: 2025, volume: 38, issue: 1 });
    const a = await makeArticle(s.id, issue, { title: "Loaded title" });
    expect((await adminPost(s, `/admin/archives/${a.id}`, { ...values(a), title: "Their new title", version: String(a.version), _changed: "title" })).status).toBe(200);
    const mine = await adminPost(s, `/admin/archives/${a.id}`, { ...values(a), title: "My new title", version: String(a.version), _changed: "title" });
    expect(mine.status).toBe(409);
    const html = (await mine.text()).replace(/<!-- -->/g, "");
    expect(html).toContain("Someone else saved this while you were editing");
    expect(html).toContain("Their new title");
    expect(html).toContain("My new title");
    expect((await getArticleById(db(), s.id, a.id))!.title).toBe("Their new title");
  });

  it("the editor list's switch and pins: a colleague's change of the same editor is a conflict, other changes are not", async () => {
    const s = await makeAdminSession();
    const e = await makeEditor(s.id, { name: "Dr. Pinned Later" });
    // Renamed by a colleague after the list was loaded: the switch still works.
    expect((await post(s, `/api/editors/${e.id}`, form({ name: "Dr. Renamed Meanwhile" }))).status).toBe(200);
    const sw = await adminPost(s, "/admin/editors", { intent: "status", id: String(e.id), status: "disabled", version: String(e.version), _changed: "status" });
    expect(sw.status).toBe(200);
    expect((await getEditor(db(), s.id, e.id))!.status).toBe("disabled");
    // A colleague enabled it again; this list still shows the version from before and tries to disable it.
    expect((await post(s, `/api/editors/${e.id}`, form({ status: "enabled" }))).status).toBe(200);
    const stale = await adminPost(s, "/admin/editors", { intent: "status", id: String(e.id), status: "disabled", version: String(e.version + 1), _changed: "status" });
    expect(stale.status).toBe(409);
    expect((await getEditor(db(), s.id, e.id))!.status).toBe("enabled");

    const v = (await getEditor(db(), s.id, e.id))!.version;
    expect((await postJson(s, "/api/editors/pin", { ids: [e.id], pinned: true })).status).toBe(200);
    const pinStale = await postJson(s, "/api/editors/pin", { ids: [e.id], pinned: false, versions: { [e.id]: v } });
    expect(pinStale.status).toBe(409);
    expect(((await pinStale.json()) as { error: string }).error).toBe("edit_conflict");
    expect((await getEditor(db(), s.id, e.id))!.is_pinned).toBe(1);
  });
});
