import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { checkStorage, objectReferences, storedObjectRowsStatement } from "../../app/models/stored-objects.server";
import { editorPictureKey, previewImageKey } from "../../app/storage/keys.server";
import { fetchWorker, makeAdminSession, makeArticle, makeEditor, makeIssue, pdfBytes } from "../factories";
import { rgbaPng } from "../images";

/**
 * The storage check (`npm run storage-check`, the same checkStorage the script runs): stored
 * objects no row references and rows whose object is missing — and what concurrent uploads leave
 * behind. Each test looks at its own journal's rows and `journals/{id}/` objects only (other test
 * files share this D1 and R2).
 */

describe("storage check", () => {
  it("six parallel PDF uploads to one article leave 0 orphans and 0 missing", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id, { year: 2025, volume: 6, issue: 1 });
    const article = await makeArticle(s.id, issue);
    expect(await checkStorage(env.DB, env.FILES, { id: s.id, slug: s.slug })).toMatchObject({ orphans: [], missing: [], referenced: 1 });
    const uploads = Array.from({ length: 6 }, (_, i) => {
      const form = new FormData();
      form.set("pdfFile", new File([pdfBytes(1500 + i * 10) as BlobPart], `v${i}.pdf`, { type: "application/pdf" }));
      return fetchWorker(s.url(`/api/archives/${article.id}`), { method: "POST", headers: s.auth, body: form });
    });
    const answers = await Promise.all(uploads);
    for (const res of answers) expect([200, 409]).toContain(res.status);
    const report = await checkStorage(env.DB, env.FILES, { id: s.id, slug: s.slug });
    expect(report.orphans).toEqual([]);
    expect(report.missing).toEqual([]);
    expect(report.referenced).toBe(1);
    expect(report.stored).toBe(1);
  });

  it("reports an object no row references and a row whose object is gone; derived previews are neither", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id, { year: 2025, volume: 6, issue: 2 });
    await makeArticle(s.id, issue);
    const editor = await makeEditor(s.id, {}, { picture: new File([rgbaPng(10, 10) as BlobPart], "p.png", { type: "image/png" }) });
    const stray = `journals/${s.id}/archives/2025/vol6issue2/999-stray.pdf`;
    await env.FILES.put(stray, pdfBytes());
    await env.FILES.delete(editorPictureKey(s.id, editor.picture));
    await env.FILES.put(previewImageKey(s.id, "0123456789abcdef0123456789abcdef"), rgbaPng(2, 2));
    const report = await checkStorage(env.DB, env.FILES, { id: s.id, slug: s.slug });
    expect(report.orphans).toEqual([stray]);
    expect(report.missing).toEqual([
      { key: editorPictureKey(s.id, editor.picture), journalId: s.id, table: "editors", rowId: String(editor.id), column: "picture", name: editor.picture },
    ]);
    expect(report.derived).toBe(1);
  });

  it("lists every kind of reference with the key the app serves it from, scoped to one journal", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id, { year: 2024, volume: 2, issue: 3 });
    const a = await makeArticle(s.id, issue);
    await env.DB.prepare("update settings set logo = 'logo-1.png', signature_image = 'signature-1.png', stamp_image = '' where journal_id = ?").bind(s.id).run();
    const statement = storedObjectRowsStatement(s.slug);
    const { results } = await env.DB.prepare(statement.sql).bind(...statement.params).all<Record<string, unknown>>();
    const refs = objectReferences(results);
    expect(refs.map((r) => [r.table, r.column, r.key])).toEqual([
      ["articles", "file", `journals/${s.id}/archives/2024/vol2issue3/${a.fileKey}`],
      ["settings", "logo", `journals/${s.id}/logo/logo-1.png`],
      ["settings", "signature_image", `journals/${s.id}/signature/signature-1.png`],
    ]);
  });
});
