import { env } from "cloudflare:workers";
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { getArticleById } from "../../app/models/articles.server";
import { purgeTrash, TRASH_DAYS } from "../../app/models/article-corrections.server";
import { articlePdfKey } from "../../app/storage/keys.server";
import { db, fetchWorker as rawFetch, makeAdminSession, makeArticle, makeIssue, pdfBytes } from "../factories";

/**
 * Corrections (docs/decisions/021-trash-and-issue-corrections.md) through the real Worker: an
 * issue's year, volume or number corrected (old URLs answer 301, DOIs stay), an empty issue
 * deleted and a non-empty one refused, an article moved to another issue, trashed (gone from
 * every list) and restored with its PDF, and the purge after 30 days — each in the history.
 */

const fetchWorker = (url: string, init: RequestInit = {}) => rawFetch(url, { redirect: "manual", ...init });
type Session = Awaited<ReturnType<typeof makeAdminSession>>;

const api = (s: Session, method: string, path: string, body?: unknown) =>
  fetchWorker(s.url(path), {
    method,
    headers: { ...s.auth, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const entries = async (journalId: number, type: string, id: number | string) =>
  (
    await env.DB.prepare("select actor, action, fields from history where journal_id = ? and record_type = ? and record_id = ? order by id")
      .bind(journalId, type, String(id))
      .all<{ actor: string; action: string; fields: string }>()
  ).results.map((r) => ({ actor: r.actor, action: r.action, fields: JSON.parse(r.fields) as Record<string, { before?: unknown; after?: unknown }> }));

const location = (res: Response) => res.headers.get("location");

describe("an issue's year, volume or number corrected", () => {
  it("vol 4 issue 2 → issue 3: the old issue, article, PDF and JATS URLs answer 301 to the new ones; DOIs, files and lists follow", async () => {
    const s = await makeAdminSession({ settings: { issn: "1234-5678" } });
    const issue = await makeIssue(s.id, { year: 2025, volume: 4, issue: 2, frequency: "Apr-Jun" });
    const pdf = pdfBytes(4321);
    const a = await makeArticle(s.id, issue, { title: "Moving with its issue", doi: "10.5555/test.2025.4.2.1" }, { pdf });
    const oldPage = `/archives/2025/4/2/${a.refnumber}`;
    expect((await fetchWorker(s.url(oldPage))).status).toBe(200);

    const res = await api(s, "POST", `/api/admin/issues/${issue.id}`, { year: 2025, volume: 4, issue: 3, frequency: "Jul-Sep" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: issue.id, year: 2025, volume: 4, issue: 3, frequency: "Jul-Sep", articles: 1, version: 2 });

    // Old addresses: the issue (both shapes), the article page, the PDF beside it, the stored-file URL, JATS.
    for (const [from, to] of [
      ["/archives/2025/vol4/issue2", "/archives/2025/vol4/issue3"],
      ["/archives/2025/4/2", "/archives/2025/vol4/issue3"],
      [oldPage, `/archives/2025/4/3/${a.refnumber}`],
      [`/archives/2025/4/2/${a.refnumber}.pdf`, `/archives/2025/4/3/${a.refnumber}.pdf`],
      [`/assets/archives/2025/vol4issue2/${a.refnumber}.pdf`, `/archives/2025/4/3/${a.refnumber}.pdf`],
      [`/archives/2025/4/2/${a.refnumber}.jats.xml`, `/archives/2025/4/3/${a.refnumber}.jats.xml`],
    ]) {
      const old = await fetchWorker(s.url(from));
      expect(old.status, from).toBe(301);
      expect(new URL(location(old)!, s.url("/")).pathname, from).toBe(to);
    }
    // The new addresses serve, the PDF with its bytes (the object did not move).
    expect((await fetchWorker(s.url("/archives/2025/vol4/issue3"))).status).toBe(200);
    const served = await fetchWorker(s.url(`/archives/2025/4/3/${a.refnumber}.pdf`));
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(pdf);
    const moved = (await getArticleById(db(), s.id, a.id))!;
    expect(moved).toMatchObject({ year: 2025, volume: 4, issue: 3, frequency: "Jul-Sep", doi: "10.5555/test.2025.4.2.1", fileFolder: "2025/vol4issue2" });
    expect(articlePdfKey(s.id, moved)).toBe(`journals/${s.id}/archives/2025/vol4issue2/${moved.fileKey}`);
    // Sitemap, feed and citations name the new address.
    const sitemap = await (await fetchWorker(s.url("/sitemaps/volume-4.xml"))).text();
    expect(sitemap).toContain(`/archives/2025/4/3/${a.refnumber}`);
    expect(sitemap).not.toContain(`/archives/2025/4/2/`);
    expect(await (await fetchWorker(s.url("/feed.xml"))).text()).toContain(`/archives/2025/4/3/${a.refnumber}`);
    expect(await (await fetchWorker(s.url(`/api/cite/${a.refnumber}.ris`))).text()).toMatch(/IS {2}- 3/);

    // The history: the issue's edit, and each article's move, by the staff member.
    const [edit] = (await entries(s.id, "issue", issue.id)).filter((e) => e.action === "update");
    expect(edit).toEqual({ actor: "staff", action: "update", fields: { issue: { before: 2, after: 3 }, frequency: { before: "Apr-Jun", after: "Jul-Sep" }, version: { before: 1, after: 2 } } });
    const [move] = (await entries(s.id, "article", a.id)).filter((e) => e.action === "move");
    expect(move.fields).toMatchObject({ issue: { before: 2, after: 3 }, frequency: { before: "Apr-Jun", after: "Jul-Sep" }, version: { before: a.version, after: a.version + 1 } });

    // A new issue at the old address takes it back (no redirect then).
    await makeIssue(s.id, { year: 2025, volume: 4, issue: 2 });
    expect((await fetchWorker(s.url("/archives/2025/vol4/issue2"))).status).toBe(404);
  });

  it("refuses a duplicate address, a bad year and a stale version; may correct the year", async () => {
    const s = await makeAdminSession();
    const one = await makeIssue(s.id, { year: 2025, volume: 5, issue: 1 });
    await makeIssue(s.id, { year: 2025, volume: 5, issue: 2 });
    const dup = await api(s, "POST", `/api/admin/issues/${one.id}`, { year: 2025, volume: 5, issue: 2, frequency: "January" });
    expect(dup.status).toBe(409);
    expect(await dup.json()).toEqual({ error: "duplicate_issue" });
    const year = await api(s, "POST", `/api/admin/issues/${one.id}`, { year: 1850, volume: 5, issue: 1, frequency: "January" });
    expect(await year.json()).toEqual({ error: "validation_failed", fields: { year: "Enter a year between 1900 and next year" } });
    expect((await api(s, "POST", `/api/admin/issues/${one.id}`, { year: 2024, volume: 5, issue: 1, frequency: "January", version: 1 })).status).toBe(200);
    const stale = await api(s, "POST", `/api/admin/issues/${one.id}`, { year: 2023, volume: 5, issue: 1, frequency: "January", version: 1 });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { error: string }).error).toBe("edit_conflict");
  });
});

describe("deleting an issue", () => {
  it("deletes an empty issue (recorded), refuses one with articles or with articles in the trash, with a clear message", async () => {
    const s = await makeAdminSession();
    const empty = await makeIssue(s.id, { year: 2025, volume: 6, issue: 1 });
    const gone = await api(s, "DELETE", `/api/admin/issues/${empty.id}`);
    expect(gone.status).toBe(200);
    expect((await api(s, "GET", `/api/admin/issues/${empty.id}`)).status).toBe(404);
    expect((await entries(s.id, "issue", empty.id)).map((e) => e.action)).toEqual(["create", "delete"]);

    const full = await makeIssue(s.id, { year: 2025, volume: 6, issue: 2 });
    const a = await makeArticle(s.id, full);
    const refused = await api(s, "DELETE", `/api/admin/issues/${full.id}`);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: "issue_not_empty",
      message: "This issue has 1 article: only an empty issue can be deleted. Move it to another issue or to the trash first.",
    });
    expect((await api(s, "DELETE", `/api/archives/${a.id}`)).status).toBe(200);
    const trashed = await api(s, "DELETE", `/api/admin/issues/${full.id}`);
    expect(trashed.status).toBe(409);
    expect(((await trashed.json()) as { message: string }).message).toBe(
      "This issue still has 1 article in the trash: only an empty issue can be deleted. Restore and move it, or wait until the trash is emptied.",
    );
    expect((await api(s, "GET", `/api/admin/issues/${full.id}`)).status).toBe(200);
  });
});

describe("the trash", () => {
  it("a trashed article leaves every public and staff list, search, sitemap, feed and OAI; restored, it is back with its PDF", async () => {
    const s = await makeAdminSession({ settings: { issn: "1234-5678" } });
    const issue = await makeIssue(s.id, { year: 2025, volume: 7, issue: 1 });
    const keep = await makeArticle(s.id, issue, { title: "Staying put" });
    const pdf = pdfBytes(7777);
    const a = await makeArticle(s.id, issue, { title: "Zanzibar quillwort added by mistake" }, { pdf });
    const page = `/archives/2025/7/1/${a.refnumber}`;

    const res = await api(s, "DELETE", `/api/archives/${a.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: a.id, status: "trashed" });

    const text = async (path: string, headers: Record<string, string> = {}) => (await fetchWorker(s.url(path), { headers })).text();
    expect((await fetchWorker(s.url(page))).status).toBe(404);
    expect((await fetchWorker(s.url(`${page}.pdf`))).status).toBe(404);
    expect(await text("/archives/2025/vol7/issue1")).not.toContain("Zanzibar");
    expect(await text("/api/search?keyword=zanzibar")).toBe("[]");
    expect(await text("/sitemaps/volume-7.xml")).not.toContain(a.refnumber);
    expect(await text("/feed.xml")).not.toContain("Zanzibar");
    expect(await text("/oai?verb=ListRecords&metadataPrefix=oai_dc")).not.toContain("Zanzibar");
    expect(await text("/api/admin/archives/2025/7/1", s.auth)).not.toContain("Zanzibar");
    expect(await text(`/api/admin/search?q=${a.refnumber}`, s.auth)).toBe("[]");
    expect(((await (await fetchWorker(s.url("/api/admin/archives/"), { headers: s.auth })).json()) as { articles: number }[])[0].articles).toBe(1);
    // Its ref number stays taken, so a restore always fits.
    const taken = new FormData();
    for (const [k, v] of Object.entries({ year: "2025", volume: "7", issue: "1", refnumber: a.refnumber, txnid: "TXN-other", ptype: "paid", publishdate: "2025-01-01", authorname: "A B", email: "x@y.z", pagenumber: "40-41", title: "Other", abstract: "<p>x</p>" })) taken.set(k, v);
    taken.set("pdfFile", new File([pdfBytes() as BlobPart], "p.pdf", { type: "application/pdf" }));
    expect(await (await fetchWorker(s.url("/api/admin/archives/"), { method: "POST", headers: s.auth, body: taken })).json()).toEqual({ error: "duplicate_reference_number" });
    // Staff still open it by id (its edit page shows the trash notice).
    expect(((await (await fetchWorker(s.url(`/api/archives/${a.id}`), { headers: s.auth })).json()) as { status: string }).status).toBe("trashed");
    expect(await text(`/admin/archives/${a.id}`, { cookie: `journal_session=${s.token}` })).toContain("This article is in the trash");

    const back = await api(s, "POST", `/api/archives/${a.id}/restore`);
    expect(back.status).toBe(200);
    expect(await back.json()).toMatchObject({ status: "enabled" });
    expect((await fetchWorker(s.url(page))).status).toBe(200);
    expect(new Uint8Array(await (await fetchWorker(s.url(`${page}.pdf`))).arrayBuffer())).toEqual(pdf);
    expect(await text("/api/search?keyword=zanzibar")).toContain(a.refnumber);
    expect((await entries(s.id, "article", a.id)).map((e) => [e.action, e.fields.status])).toEqual([
      ["create", { after: "enabled" }],
      ["trash", { before: "enabled", after: "trashed" }],
      ["restore", { before: "trashed", after: "enabled" }],
    ]);
    expect((await api(s, "POST", `/api/archives/${keep.id}/restore`)).status).toBe(409);
  });

  it("a disabled article comes back disabled; updates of a trashed article are refused", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id, { year: 2025, volume: 8, issue: 1 });
    const a = await makeArticle(s.id, issue, { status: "disabled" });
    expect((await api(s, "DELETE", `/api/archives/${a.id}`)).status).toBe(200);
    const edit = new FormData();
    edit.set("title", "Changed in the trash");
    const refused = await fetchWorker(s.url(`/api/archives/${a.id}`), { method: "POST", headers: s.auth, body: edit });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: "article_in_trash" });
    expect((await api(s, "POST", `/api/archives/${a.id}/restore`)).status).toBe(200);
    expect((await getArticleById(db(), s.id, a.id))!.status).toBe("disabled");
  });

  it("after 30 days the scheduled purge deletes the row and its PDF (history kept); a restore then is refused", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id, { year: 2025, volume: 9, issue: 1 });
    const old = await makeArticle(s.id, issue);
    const recent = await makeArticle(s.id, issue);
    for (const a of [old, recent]) expect((await api(s, "DELETE", `/api/archives/${a.id}`)).status).toBe(200);
    const long = new Date(Date.now() - (TRASH_DAYS + 1) * 24 * 3600 * 1000).toISOString();
    await env.DB.prepare("update articles set trashed_at = ? where id = ?").bind(long, old.id).run();
    expect(((await (await api(s, "POST", `/api/archives/${old.id}/restore`)).json()) as { error: string }).error).toBe("trash_expired");
    const key = articlePdfKey(s.id, (await getArticleById(db(), s.id, old.id))!)!;
    expect(await env.FILES.head(key)).not.toBeNull();

    // The Cron Trigger's handler, as Cloudflare calls it.
    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ cron: "30 3 * * *" }), env as Env, ctx);
    await waitOnExecutionContext(ctx);

    expect(await getArticleById(db(), s.id, old.id)).toBeUndefined();
    expect(await env.FILES.head(key)).toBeNull();
    expect((await getArticleById(db(), s.id, recent.id))?.status).toBe("trashed");
    const purge = (await entries(s.id, "article", old.id)).at(-1)!;
    expect(purge).toMatchObject({ actor: "system:purge-trash", action: "purge", fields: { refnumber: { before: old.refnumber }, status: { before: "trashed" } } });
    // Nothing left to purge: a second run changes nothing.
    expect((await purgeTrash(env, db())).purged.filter((p) => p.journalId === s.id)).toEqual([]);
  });
});

describe("moving an article to another issue", () => {
  it("keeps the page-order rule, moves the article with its PDF and refnumber, and redirects its old URL", async () => {
    const s = await makeAdminSession();
    const from = await makeIssue(s.id, { year: 2025, volume: 10, issue: 1 });
    const to = await makeIssue(s.id, { year: 2025, volume: 10, issue: 2 });
    await makeArticle(s.id, to, { pagenumber: "1-8" });
    const pdf = pdfBytes(5151);
    const a = await makeArticle(s.id, from, { pagenumber: "1-6" }, { pdf });
    const clash = await api(s, "POST", `/api/archives/${a.id}/move`, { issue_id: to.id });
    expect(clash.status).toBe(400);
    expect(await clash.json()).toEqual({
      error: "validation_failed",
      fields: { pagenumber: "The the first value of the page range should be one more than the last one. The last page was 8" },
    });
    expect((await api(s, "POST", `/api/archives/${a.id}/move`, { issue_id: from.id })).status).toBe(400);
    const ok = await api(s, "POST", `/api/archives/${a.id}/move`, { year: 2025, volume: 10, issue: 2, pagenumber: "9-14" });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ refnumber: a.refnumber, year: 2025, volume: 10, issue: 2, pagenumber: "9-14" });
    const old = await fetchWorker(s.url(`/archives/2025/10/1/${a.refnumber}.pdf`));
    expect(old.status).toBe(301);
    expect(new Uint8Array(await (await fetchWorker(s.url(`/archives/2025/10/2/${a.refnumber}.pdf`))).arrayBuffer())).toEqual(pdf);
    const move = (await entries(s.id, "article", a.id)).at(-1)!;
    expect(move).toMatchObject({ action: "move", fields: { issue: { before: 1, after: 2 }, pagenumber: { before: "1-6", after: "9-14" } } });
  });
});
