import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../../app/db/client.server";
import { addArticleWithPdf, getArticleById } from "../../app/models/articles.server";
import { saveEditor, updateArticle } from "../../app/models/staff-writes.server";
import type { ArticleFields } from "../../app/lib/article";
import { errorChainText } from "../../app/db/errors.server";
import { createEditorWithPicture, getEditor, setEditorsPinned } from "../../app/models/editors.server";
import { createJournal } from "../../app/models/journals.server";
import { articleForm, db, fetchWorker, makeAdminSession, makeEditor, makeIssue, makeJournal, pdfBytes, staffAs } from "../factories";
import { rgbaPng } from "../images";
import { failingPuts, failingWrites } from "../faults";

/** True for an error (or its cause chain) that is the fault we injected. */
const injected = (kind: "D1" | "R2") => (error: unknown) => errorChainText(error).includes(`injected ${kind}`);

function fields(ref: string, overrides: Partial<ArticleFields> = {}): ArticleFields {
  return {
    refnumber: ref, txnid: `TXN${ref}`, ptype: "paid", publishdate: "2025-01-01", authorname: "A B", email: "a@b.c",
    mobile: "", country: "", subject: "", keywords: "", pagenumber: "1-4", firstPage: 1, lastPage: 4,
    title: `Fault test ${ref}`, abstract: "<p>x</p>", frequency: "", status: "enabled", ...overrides,
  };
}

const pdfFile = (size: number) => new File([pdfBytes(size) as BlobPart], "paper.pdf", { type: "application/pdf" });
const pictureFile = () => new File([rgbaPng() as BlobPart], "face.png", { type: "image/png" });

async function keys(prefix: string) {
  return (await env.FILES.list({ prefix })).objects.map((o) => o.key);
}

describe("atomic article writes across D1 and R2", () => {
  it("a failing R2 put leaves no row", async () => {
    const j = await makeJournal();
    const issue = await makeIssue(j.id);
    await expect(addArticleWithPdf({ DB: env.DB, FILES: failingPuts(env.FILES) }, db(), j.id, issue, fields("1001"), pdfBytes(), staffAs("t"))).rejects.toSatisfy(injected("R2"));
    const n = await env.DB.prepare("select count(*) as n from articles where journal_id = ?").bind(j.id).first<{ n: number }>();
    expect(n?.n).toBe(0);
  });

  it("a failing D1 write leaves no object", async () => {
    const j = await makeJournal();
    const issue = await makeIssue(j.id, { year: 2025, volume: 11, issue: 1 });
    const brokenDb = getDb(failingWrites(env.DB, "articles"));
    await expect(addArticleWithPdf(env, brokenDb, j.id, issue, fields("1002"), pdfBytes(), staffAs("t"))).rejects.toSatisfy(injected("D1"));
    expect(await keys(`journals/${j.id}/`)).toEqual([]);
  });

  it("a failing D1 write during a PDF replacement keeps the old PDF served and removes the new one", async () => {
    const j = await makeJournal();
    const issue = await makeIssue(j.id, { year: 2025, volume: 12, issue: 1 });
    const article = await addArticleWithPdf(env, db(), j.id, issue, fields("1003"), pdfBytes(1111), staffAs("t"));
    const before = await keys(`journals/${j.id}/`);
    const brokenDb = getDb(failingWrites(env.DB, "articles"));
    await expect(updateArticle(env, brokenDb, j.id, staffAs("t"), article, { title: "new" }, pdfFile(2222))).rejects.toSatisfy(injected("D1"));
    expect(await keys(`journals/${j.id}/`)).toEqual(before);
    const served = await fetchWorker(j.url("/assets/archives/2025/vol12issue1/1003.pdf"));
    expect((await served.arrayBuffer()).byteLength).toBe(1111);
    expect((await getArticleById(db(), j.id, article.id))?.title).toBe("Fault test 1003");
  });

  it("a failing R2 put during a PDF replacement changes nothing", async () => {
    const j = await makeJournal();
    const issue = await makeIssue(j.id, { year: 2025, volume: 13, issue: 1 });
    const article = await addArticleWithPdf(env, db(), j.id, issue, fields("1004"), pdfBytes(1234), staffAs("t"));
    await expect(
      updateArticle({ DB: env.DB, FILES: failingPuts(env.FILES) }, db(), j.id, staffAs("t"), article, { title: "new" }, pdfFile(999)),
    ).rejects.toSatisfy(injected("R2"));
    expect((await getArticleById(db(), j.id, article.id))?.title).toBe("Fault test 1004");
    expect((await (await fetchWorker(j.url("/assets/archives/2025/vol13issue1/1004.pdf"))).arrayBuffer()).byteLength).toBe(1234);
  });
});

describe("atomic editor writes across D1 and R2", () => {
  const picture = { bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47]), ext: "png", contentType: "image/png" };

  it("a failing D1 write leaves no picture; a failing R2 put leaves no row", async () => {
    const j = await makeJournal();
    const input = { name: "Fault Editor", category: "associate editor", post: "Professor", content: "Uni" };
    await expect(createEditorWithPicture(env, getDb(failingWrites(env.DB, "editors")), j.id, input, picture, staffAs())).rejects.toSatisfy(injected("D1"));
    expect(await keys(`journals/${j.id}/`)).toEqual([]);
    await expect(createEditorWithPicture({ FILES: failingPuts(env.FILES) }, db(), j.id, input, picture, staffAs())).rejects.toSatisfy(injected("R2"));
    const n = await env.DB.prepare("select count(*) as n from editors where journal_id = ?").bind(j.id).first<{ n: number }>();
    expect(n?.n).toBe(0);
  });

  it("a failing D1 write during a picture replacement keeps the old picture", async () => {
    const j = await makeJournal();
    const editor = await createEditorWithPicture(env, db(), j.id, { name: "Keeps Picture", category: "associate editor", post: "Professor", content: "Uni" }, picture, staffAs());
    const before = await keys(`journals/${j.id}/`);
    await expect(saveEditor(env, getDb(failingWrites(env.DB, "editors")), j.id, staffAs(), editor, { name: "Changed" }, pictureFile())).rejects.toSatisfy(injected("D1"));
    expect(await keys(`journals/${j.id}/`)).toEqual(before);
    expect((await getEditor(db(), j.id, editor.id))?.picture).toBe(editor.picture);
    const untouched = await makeEditor(j.id);
    expect(untouched.picture).toBe("");
  });

  it("a failing R2 put during an editor update changes nothing: old picture and fields stay", async () => {
    const j = await makeJournal();
    const editor = await createEditorWithPicture(env, db(), j.id, { name: "Stays Put", category: "chief editor", post: "Professor", content: "Uni" }, picture, staffAs());
    const before = await keys(`journals/${j.id}/`);
    await expect(
      saveEditor({ DB: env.DB, FILES: failingPuts(env.FILES) }, db(), j.id, staffAs(), editor, { name: "Renamed" }, pictureFile()),
    ).rejects.toSatisfy(injected("R2"));
    expect(await keys(`journals/${j.id}/`)).toEqual(before);
    const after = await getEditor(db(), j.id, editor.id);
    expect(after?.name).toBe("Stays Put");
    expect(after?.picture).toBe(editor.picture);
  });
});

describe("multi-row writes", () => {
  it("pins 250 editors (three chunks under D1's 100-parameter limit) in one batch, ignoring other journals' ids", async () => {
    const j = await makeJournal();
    const other = await makeJournal();
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 250)
       INSERT INTO editors (journal_id, name, category, post, content) SELECT ?, 'Editor ' || i, 'associate editor', 'Professor', 'Uni' FROM n`,
    ).bind(j.id).run();
    const foreign = await makeEditor(other.id);
    const ids = (await env.DB.prepare("SELECT id FROM editors WHERE journal_id = ?").bind(j.id).all<{ id: number }>()).results.map((r) => r.id);
    expect(ids).toHaveLength(250);
    expect(await setEditorsPinned(db(), j.id, [...ids, foreign.id], true, staffAs())).toEqual({ ok: true, changed: 250, found: 250 });
    expect(await env.DB.prepare("SELECT count(*) AS n FROM editors WHERE journal_id = ? AND is_pinned = 1").bind(j.id).first("n")).toBe(250);
    expect((await getEditor(db(), other.id, foreign.id))?.is_pinned).toBe(0);
  });

  it("creating a journal whose hostname another journal owns leaves no half journal", async () => {
    const a = await makeJournal();
    const slug = `half-${Date.now()}`;
    await expect(createJournal(db(), { slug, name: "Half", hosts: ["fresh-host.test", a.host] })).rejects.toThrow();
    expect(await env.DB.prepare("SELECT count(*) AS n FROM journals WHERE slug = ?").bind(slug).first("n")).toBe(0);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM journal_hosts WHERE hostname = 'fresh-host.test'").first("n")).toBe(0);
  });
});

describe("concurrency", () => {
  it("concurrent adds of the same refnumber: exactly one succeeds, one object remains", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id, { year: 2025, volume: 14, issue: 1 });
    const attempts = await Promise.all(
      [0, 1, 2].map((i) =>
        fetchWorker(s.url("/api/admin/archives/"), {
          method: "POST",
          headers: s.auth,
          body: articleForm(issue, { refnumber: "7777", txnid: `TXN-c${i}`, title: `Concurrent ${i}`, pagenumber: `${10 + i * 10}-${15 + i * 10}` }),
        }),
      ),
    );
    const statuses = attempts.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409]);
    expect(await keys(`journals/${s.id}/archives/2025/vol14issue1/`)).toHaveLength(1);
  });
});
