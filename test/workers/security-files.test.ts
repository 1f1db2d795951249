import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { articleFileKey, editorPictureKey, journalLogoKey } from "../../app/storage/keys.server";
import { articleForm, fetchWorker, makeAdminSession, makeIssue, pdfBytes } from "../factories";
import { rgbaPng } from "../images";

type Json = Record<string, any>;
type Session = Awaited<ReturnType<typeof makeAdminSession>>;

/** Only what a reader may see is reachable; former objects are deleted. */

async function status(s: Session, path: string): Promise<number> {
  const res = await fetchWorker(s.url(path));
  await res.arrayBuffer();
  return res.status;
}

async function exists(key: string): Promise<boolean> {
  return (await env.FILES.head(key)) !== null;
}

async function addArticle(s: Session, year = 2025) {
  const issue = await makeIssue(s.id, { year });
  const res = await fetchWorker(s.url("/api/admin/archives/"), { method: "POST", headers: s.auth, body: articleForm(issue, {}, pdfBytes(2000)) });
  expect(res.status).toBe(201);
  const article = (await res.json()) as Json;
  const row = await env.DB.prepare("SELECT file_key AS fileKey FROM articles WHERE id = ?").bind(article.id).first<{ fileKey: string }>();
  const folder = `/assets/archives/${issue.year}/vol${issue.volume}issue${issue.issue}`;
  return { issue, article, object: row!.fileKey, folder, publicPath: `${folder}/${article.refnumber}.pdf` };
}

function update(s: Session, id: number, fields: Record<string, string>, pdf?: Uint8Array) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (pdf) form.set("pdfFile", new File([pdf as BlobPart], "new.pdf", { type: "application/pdf" }));
  return fetchWorker(s.url(`/api/archives/${id}`), { method: "POST", headers: s.auth, body: form });
}

describe("public files resolve through their rows", () => {
  it("an article's versioned object name answers 404; its public name answers 200", async () => {
    const s = await makeAdminSession();
    const a = await addArticle(s);
    expect(a.object).toMatch(/^\d+-[0-9a-f-]{12}\.pdf$/);
    expect(await status(s, a.publicPath)).toBe(200);
    expect(await status(s, `${a.folder}/${a.object}`)).toBe(404);
    expect(await status(s, `${a.folder}/${encodeURIComponent(a.object)}`)).toBe(404);
  });

  it("a disabled article's PDF answers 404 under every name, and again 200 once re-enabled", async () => {
    const s = await makeAdminSession();
    const a = await addArticle(s);
    expect((await update(s, a.article.id, { status: "disabled" })).status).toBe(200);
    expect(await status(s, a.publicPath)).toBe(404);
    expect(await status(s, `${a.folder}/${a.object}`)).toBe(404);
    expect(await status(s, `/archives/${a.issue.year}/${a.issue.volume}/${a.issue.issue}/${a.article.refnumber}.pdf`)).toBe(404);
    expect((await update(s, a.article.id, { status: "enabled" })).status).toBe(200);
    expect(await status(s, a.publicPath)).toBe(200);
  });

  it("a replaced PDF's former object is deleted and answers 404; the public name serves the new bytes", async () => {
    const s = await makeAdminSession();
    const a = await addArticle(s);
    const replacement = pdfBytes(3333);
    expect((await update(s, a.article.id, {}, replacement)).status).toBe(200);
    const oldKey = articleFileKey(s.id, a.issue.year, a.issue.volume, a.issue.issue, a.object);
    expect(await exists(oldKey)).toBe(false);
    expect(await status(s, `${a.folder}/${a.object}`)).toBe(404);
    const res = await fetchWorker(s.url(a.publicPath));
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBe(3333);
  });

  it("an object in the journal's folders that no row names answers 404", async () => {
    const s = await makeAdminSession();
    const a = await addArticle(s);
    await env.FILES.put(articleFileKey(s.id, a.issue.year, a.issue.volume, a.issue.issue, "990001-7c9a52cf-d79.pdf"), pdfBytes());
    await env.FILES.put(editorPictureKey(s.id, "editor-stray.png"), rgbaPng());
    await env.FILES.put(journalLogoKey(s.id, "logo-000000000000.png"), rgbaPng());
    expect(await status(s, `${a.folder}/990001-7c9a52cf-d79.pdf`)).toBe(404);
    expect(await status(s, "/assets/editors/editor-stray.png")).toBe(404);
    expect(await status(s, "/assets/logo/logo-000000000000.png")).toBe(404);
  });

  it("a replaced editor picture and a replaced logo are deleted and their old names answer 404", async () => {
    const s = await makeAdminSession();
    const form = new FormData();
    form.set("name", "Dr. Picture Test");
    form.set("category", "associate editor");
    form.set("post", "Professor");
    form.set("content", "Some University");
    form.set("imgFile", new File([rgbaPng() as BlobPart], "p.png", { type: "image/png" }));
    const created = (await (await fetchWorker(s.url("/api/editors"), { method: "POST", headers: s.auth, body: form })).json()) as Json;
    const first = (await env.DB.prepare("SELECT picture FROM editors WHERE id = ?").bind(created.id).first<{ picture: string }>())!.picture;
    expect(await status(s, `/assets/editors/${first}`)).toBe(200);
    const again = new FormData();
    again.set("imgFile", new File([rgbaPng(32, 32) as BlobPart], "q.png", { type: "image/png" }));
    expect((await fetchWorker(s.url(`/api/editors/${created.id}`), { method: "POST", headers: s.auth, body: again })).status).toBe(200);
    const second = (await env.DB.prepare("SELECT picture FROM editors WHERE id = ?").bind(created.id).first<{ picture: string }>())!.picture;
    expect(second).not.toBe(first);
    expect(await status(s, `/assets/editors/${first}`)).toBe(404);
    expect(await exists(editorPictureKey(s.id, first))).toBe(false);
    expect(await status(s, `/assets/editors/${second}`)).toBe(200);

    const logo = async (bytes: Uint8Array) => {
      const f = new FormData();
      f.set("logoFile", new File([bytes as BlobPart], "l.png", { type: "image/png" }));
      return ((await (await fetchWorker(s.url("/api/settings/logo"), { method: "POST", headers: s.auth, body: f })).json()) as Json).logo as string;
    };
    const l1 = await logo(rgbaPng());
    const l2 = await logo(rgbaPng(20, 20));
    expect(await status(s, `/assets/logo/${l1}`)).toBe(404);
    expect(await exists(journalLogoKey(s.id, l1))).toBe(false);
    expect(await status(s, `/assets/logo/${l2}`)).toBe(200);
  });
});
