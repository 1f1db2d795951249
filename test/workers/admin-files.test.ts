import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { recordReaderEvent } from "../../app/models/reader-stats.server";
import { articleFileKey } from "../../app/storage/keys.server";
import { db, fetchWorker as rawFetch, insertRawArticleForTest, makeAdminSession, makeArticle, makeIssue, unique } from "../factories";

/** Staff-only PDF URLs and the reader counts of the admin issue table. */

const fetchWorker = (url: string, init: RequestInit = {}) => rawFetch(url, { redirect: "manual", ...init });
type Session = Awaited<ReturnType<typeof makeAdminSession>>;
const get = (s: Session, path: string, init: RequestInit = {}) =>
  fetchWorker(s.url(path), { ...init, headers: { cookie: `journal_session=${s.token}`, ...(init.headers as Record<string, string>) } });

/** The D1 round trips a response reports in Server-Timing. */
function trips(res: Response): number {
  const m = /"(\d+) round trips"/.exec(res.headers.get("server-timing") ?? "");
  if (!m) throw new Error(`no D1 timing in ${res.headers.get("server-timing")}`);
  return Number(m[1]);
}

async function withPdf(s: Session, overrides: Parameters<typeof makeArticle>[2] = {}) {
  const issue = await makeIssue(s.id, { year: 2025, volume: 6, issue: 2 });
  const body = `%PDF-1.4 staff copy ${unique("pdf")}\n%%EOF\n`;
  const a = await makeArticle(s.id, issue, overrides, { pdf: new TextEncoder().encode(body) });
  return { issue, a, body };
}

describe("staff PDF URL /admin/files/articles/{id}.pdf", () => {
  it("serves a disabled article's PDF to staff, privately and sandboxed, while the public URL stays 404", async () => {
    const s = await makeAdminSession();
    const { a, body } = await withPdf(s, { status: "disabled" });
    const res = await get(s, `/admin/files/articles/${a.id}.pdf`);
    expect(res.status).toBe(200);
    expect(new TextDecoder().decode(await res.arrayBuffer())).toBe(body);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("content-security-policy")).toBe("sandbox");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-disposition")).toBe(`inline; filename="${a.refnumber}.pdf"`);

    // Readers: 404 on both public PDF URLs of a disabled article.
    expect((await fetchWorker(s.url(`/assets/archives/2025/vol6issue2/${a.file}`))).status).toBe(404);
    expect((await fetchWorker(s.url(`/archives/2025/6/2/${a.refnumber}.pdf`))).status).toBe(404);
  });

  it("serves an enabled article's PDF too, and a staff view is not counted as a reader download", async () => {
    const s = await makeAdminSession();
    const { a, body } = await withPdf(s);
    const res = await get(s, `/admin/files/articles/${a.id}.pdf`, { headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0" } });
    expect(res.status).toBe(200);
    expect(new TextDecoder().decode(await res.arrayBuffer())).toBe(body);
    const html = await (await get(s, "/admin/archives/2025/6/2")).text();
    expect(html).toMatch(/class="num stat-downloads"[^>]*>0</);
  });

  it("answers HEAD with the PDF's headers and length, without a body", async () => {
    const s = await makeAdminSession();
    const { a, body } = await withPdf(s, { status: "disabled" });
    const res = await get(s, `/admin/files/articles/${a.id}.pdf`, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-length")).toBe(String(new TextEncoder().encode(body).length));
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  it("sends a request without a session to the login page", async () => {
    const s = await makeAdminSession();
    const { a } = await withPdf(s, { status: "disabled" });
    const res = await fetchWorker(s.url(`/admin/files/articles/${a.id}.pdf`));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/admin/login?next=%2Fadmin%2Ffiles%2Farticles%2F${a.id}.pdf`);
    const expired = await fetchWorker(s.url(`/admin/files/articles/${a.id}.pdf`), { headers: { cookie: "journal_session=expired.token" } });
    expect(expired.status).toBe(302);
    expect(expired.headers.get("location")).toMatch(/^\/admin\/login\?expired=1/);
  });

  it("answers 404 for another journal's article, an unknown id, a malformed name and an article without a file", async () => {
    const a = await makeAdminSession();
    const b = await makeAdminSession();
    const { a: theirs } = await withPdf(b);
    const other = await get(a, `/admin/files/articles/${theirs.id}.pdf`);
    expect(other.status).toBe(404);
    expect(new TextDecoder().decode(await other.arrayBuffer())).not.toContain("%PDF");
    expect((await get(a, "/admin/files/articles/999999999.pdf")).status).toBe(404);
    expect((await get(a, `/admin/files/articles/${theirs.id}.txt`)).status).toBe(404);
    expect((await get(a, "/admin/files/articles/..%2F1.pdf")).status).toBe(404);
    const issue = await makeIssue(a.id);
    // A legacy row without a PDF (the app's add requires one).
    const noFile = await insertRawArticleForTest(a.id, issue, { file: "" });
    expect((await get(a, `/admin/files/articles/${noFile.id}.pdf`)).status).toBe(404);
    // A row whose object is missing from R2.
    const missing = await makeArticle(a.id, issue, { pagenumber: "7-9" });
    await env.FILES.delete(articleFileKey(a.id, issue.year, issue.volume, issue.issue, missing.fileKey));
    expect((await get(a, `/admin/files/articles/${missing.id}.pdf`)).status).toBe(404);
  });

  it("is what the admin issue table and the edit page link to, for every article", async () => {
    const s = await makeAdminSession();
    const { issue, a } = await withPdf(s, { status: "disabled" });
    const b = await makeArticle(s.id, issue, { pagenumber: "7-12" });
    const table = await (await get(s, "/admin/archives/2025/6/2")).text();
    expect(table).toContain(`href="/admin/files/articles/${a.id}.pdf"`);
    expect(table).toContain(`href="/admin/files/articles/${b.id}.pdf"`);
    expect(table).not.toContain("/assets/archives/");
    const edit = await (await get(s, `/admin/archives/${a.id}`)).text();
    expect(edit).toContain(`href="/admin/files/articles/${a.id}.pdf"`);
    expect(edit).not.toContain("/assets/archives/");
  });
});

describe("reader counts in the admin issue table", () => {
  it("shows views and downloads per article, read in the page's one D1 batch", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id, { year: 2025, volume: 8, issue: 1 });
    const read = await makeArticle(s.id, issue, { pagenumber: "1-6" });
    const unread = await makeArticle(s.id, issue, { pagenumber: "7-9", status: "disabled" });
    for (let i = 0; i < 3; i++) await recordReaderEvent(db(), s.id, read.id, "views");
    for (let i = 0; i < 2; i++) await recordReaderEvent(db(), s.id, read.id, "downloads");
    // Another journal's counts for the same id space never show up here.
    const other = await makeAdminSession();
    await recordReaderEvent(db(), other.id, unread.id, "views").catch(() => {});

    const res = await get(s, "/admin/archives/2025/8/1");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(">Views<");
    expect(html).toContain(">Downloads<");
    const row = (ref: string) => html.slice(html.indexOf(`>${ref}<`), html.indexOf("</tr>", html.indexOf(`>${ref}<`)));
    expect(row(read.refnumber)).toMatch(/stat-views"[^>]*>3<\/td><td class="num stat-downloads"[^>]*>2</);
    expect(row(unread.refnumber)).toMatch(/stat-views"[^>]*>0<\/td><td class="num stat-downloads"[^>]*>0</);

    // No extra round trip: the issue page costs what a page with one single query costs
    // (/admin/editors reads one list), i.e. issue, articles and counts go in one batch.
    const baseline = trips(await get(s, "/admin/editors"));
    expect(trips(res)).toBe(baseline);
  });
});
